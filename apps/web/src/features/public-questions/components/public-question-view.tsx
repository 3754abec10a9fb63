import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import Sync from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { PublicAnswersState, PublicQuestionPage } from '@tandem/contract';
import { format, parseISO } from 'date-fns';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AnswerField } from '@/components/questions/answer-field';
import { LinkInactivePage } from '@/components/errors/link-inactive-page';
import { isApiError } from '@/lib/api-error';
import { submitPublicAnswers } from '../api/submit-public-answers';
import { useAnswerSaver, type ItemSaveState } from '../hooks/use-answer-saver';
import { hasAnswer, toAnswerMap } from '../utils/answers';
import { PublicThread } from './public-thread';

/** Props of {@link PublicQuestionView}. */
export interface PublicQuestionViewProps {
  shortUrl: string;
  page: PublicQuestionPage;
}

/** "Friday, March 13, 2026" of a stored calendar date (YYYY-MM-DD). Pure. */
export function formatDueDate(dueDate: string): string {
  return format(parseISO(dueDate), 'EEEE, MMMM d, yyyy');
}

/** The save line under one question: "Saving…", "Saved", or nothing (an error shows on the field). */
function SaveLine({ state }: { state: ItemSaveState | undefined }) {
  const status = state?.status ?? 'idle';
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 24, mt: 1, color: 'text.secondary', fontSize: '0.875rem' }}
    >
      {status === 'saving' && (
        <>
          <Sync fontSize="small" aria-hidden="true" /> Saving…
        </>
      )}
      {status === 'saved' && (
        <>
          <CloudDoneOutlined fontSize="small" aria-hidden="true" /> Saved
        </>
      )}
    </Box>
  );
}

/**
 * The recipient's answer page /q/{shortUrl} (issue #10), phone first: who asks and why (context
 * as inert text), the due date, each question with its answer field — every answer saved as it is
 * given with a visible "Saved" — progress, "I'm done" (then a thank-you from which they can still
 * change answers until the request closes), a closed request read-only with a notice, and the thread
 * with the office below. A link that stops working on the way shows "This link is no longer active".
 */
export function PublicQuestionView({ shortUrl, page }: PublicQuestionViewProps) {
  const [answersState, setAnswersState] = useState<Pick<PublicAnswersState, 'state' | 'completedAt'>>({
    state: page.state,
    completedAt: page.completedAt,
  });
  const [isClosed, setClosed] = useState(page.isClosed);
  const [isInactive, setInactive] = useState(false);
  const [isThanking, setThanking] = useState(page.state === 'ANSWERED' && !page.isClosed);
  const [submitErrors, setSubmitErrors] = useState<Record<string, string>>({});
  const [submitAlert, setSubmitAlert] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  const initialAnswers = useMemo(() => toAnswerMap(page.answers), [page.answers]);
  const saver = useAnswerSaver({
    shortUrl,
    items: page.items,
    initialAnswers,
    onState: (state) => setAnswersState({ state: state.state, completedAt: state.completedAt }),
    onClosed: () => setClosed(true),
    onInactive: () => setInactive(true),
  });
  const [hasSubmitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (isThanking && hasSubmitted) thanksHeading.current?.focus();
  }, [isThanking, hasSubmitted]);

  if (isInactive) return <LinkInactivePage />;

  const answeredCount = page.items.filter((item) => hasAnswer(saver.values[item.id])).length;
  const askedBy = page.askedBy.firstName ? `${page.askedBy.firstName} at ${page.askedBy.workspaceName}` : page.askedBy.workspaceName;

  const handleSubmit = async () => {
    setSubmitAlert(null);
    setSubmitting(true);
    try {
      if (!(await saver.flush())) {
        setSubmitAlert('Some answers are not saved yet. Check the questions marked below, then try again.');
        return;
      }
      const state = await submitPublicAnswers(shortUrl);
      setAnswersState({ state: state.state, completedAt: state.completedAt });
      setSubmitErrors({});
      setSubmitted(true);
      setThanking(true);
    } catch (error) {
      if (isApiError(error) && error.status === 410) setInactive(true);
      else if (isApiError(error) && error.status === 409) setClosed(true);
      else if (isApiError(error) && error.status === 400 && error.errorData) {
        setSubmitErrors(error.errorData);
        setSubmitAlert('A few questions still need an answer. They are marked below.');
      } else if (isApiError(error) && error.status === 429)
        setSubmitAlert('Too many attempts in a short time. Wait a minute, then try again.');
      else setSubmitAlert('Your answers are saved, but we could not mark them as finished. Try again.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="article" sx={{ maxWidth: '40rem', mx: 'auto' }}>
      <title>{`${page.title} · Tandem`}</title>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="overline" color="text.secondary" component="p">
          Questions from {askedBy}
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, lineHeight: 1.2, mt: 0.5, overflowWrap: 'anywhere' }}>
          {page.title}
        </Typography>
        <Typography sx={{ mt: 1.5 }}>Hi {page.recipientFirstName},</Typography>
        {page.context && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.65 }}>{page.context}</Typography>
        )}
        {page.dueDate && (
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            Please answer by <time dateTime={page.dueDate}>{formatDueDate(page.dueDate)}</time>.
          </Typography>
        )}
      </Box>

      {isClosed && (
        <Alert severity="info" sx={{ mb: 3 }}>
          This request is closed. Your answers are kept as they are and can no longer be changed.
        </Alert>
      )}

      {isThanking && !isClosed ? (
        <Card variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <CheckCircleOutline color="success" sx={{ fontSize: 48 }} aria-hidden="true" />
          <Typography ref={thanksHeading} tabIndex={-1} variant="h2" sx={{ fontSize: '1.5rem', mt: 1, outline: 'none' }}>
            Thank you, {page.recipientFirstName}!
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Your answers were sent to {askedBy}. You can come back to this page and change them until the request is closed.
          </Typography>
          <Button variant="outlined" sx={{ mt: 3, minHeight: 44 }} onClick={() => setThanking(false)}>
            Change my answers
          </Button>
        </Card>
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <Typography id="answer-progress" variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
              {answeredCount} of {page.items.length} answered
            </Typography>
            <LinearProgress
              variant="determinate"
              value={page.items.length === 0 ? 0 : (answeredCount / page.items.length) * 100}
              aria-labelledby="answer-progress"
              sx={{ height: 6, borderRadius: 3 }}
            />
          </Box>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
            {page.items.map((item, index) => {
              const saveState = saver.saveStates[item.id];
              const error = saveState?.status === 'error' ? saveState.message : (submitErrors[item.id] ?? null);
              return (
                <Card component="li" key={item.id} variant="outlined" aria-label={`Question ${index + 1}`} sx={{ p: { xs: 2, sm: 3 } }}>
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                    Question {index + 1} of {page.items.length}
                  </Typography>
                  <AnswerField
                    item={item}
                    value={saver.values[item.id] ?? null}
                    onChange={(value) => {
                      setSubmitErrors(({ [item.id]: _cleared, ...rest }) => rest);
                      saver.change(item.id, value);
                    }}
                    onBlur={() => saver.blur(item.id)}
                    disabled={isClosed}
                    error={error}
                  />
                  {!isClosed && <SaveLine state={saveState} />}
                </Card>
              );
            })}
          </Box>
          {submitAlert && (
            <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
              {submitAlert}
            </Alert>
          )}
          {!isClosed && (
            <Box sx={{ mt: 3, display: 'flex', flexDirection: 'column', alignItems: { xs: 'stretch', sm: 'flex-end' }, gap: 1 }}>
              <Button variant="contained" size="large" loading={isSubmitting} onClick={() => void handleSubmit()} sx={{ minHeight: 48 }}>
                I’m done
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: { xs: 'center', sm: 'right' } }}>
                {answersState.state === 'ANSWERED'
                  ? 'Your answers are in. Changes are saved as you make them.'
                  : 'Each answer is saved as you give it; you can stop and come back later.'}
              </Typography>
            </Box>
          )}
        </>
      )}

      <PublicThread
        shortUrl={shortUrl}
        initialMessages={page.messages}
        officeName={page.askedBy.workspaceName}
        onInactive={() => setInactive(true)}
      />
    </Box>
  );
}
