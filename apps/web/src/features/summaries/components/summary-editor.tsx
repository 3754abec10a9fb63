import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SUMMARY_ACTION_ITEMS_MAX,
  SUMMARY_KEY_POINTS_MAX,
  SUMMARY_QUOTES_MAX,
  countWords,
  type Summary,
  type SummaryAnswer,
} from '@tandem/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AiProviderNote } from '@/components/ai/ai-provider-note';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { getApiErrorMessage } from '@/lib/error-message';
import { isApiError } from '@/lib/api-error';
import { useUpdateSummary } from '../api/update-summary';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import {
  answerAuthor,
  errorsByItem,
  isDraftChanged,
  answerLabel,
  newDraftKey,
  peopleOfAnswers,
  publishedAuthor,
  redactText,
  spreadKey,
  toSummaryDraft,
  toUpdateSummaryBody,
  type SummaryDraft,
} from '../utils/summary-draft';
import { plural } from '../utils/summary-format';
import { MakeTaskDialog } from './make-task-dialog';
import { SpreadBars } from './spread-bars';
import { DifferingAnswers } from './titled-list';

/** The "needs a citation" warning of an uncited key point (issue #11: publishing needs one per point). */
export const UNCITED_WARNING = 'Needs a citation to publish';

/** The tasks screen with one task open (features/tasks/utils/task-filters: `task`). */
export function taskHref(taskId: string): string {
  return paths.tasks.list.getHref(new URLSearchParams({ task: taskId }));
}

/** Props of {@link SummaryEditor}. */
export interface SummaryEditorProps {
  workspaceId: string;
  summary: Summary;
  /** After a successful save (the caller navigates; the leave guard is released first). */
  onSaved: (summary: Summary) => void;
  /**
   * Step 2's "Discard draft" (which deletes, with its own confirm): given `release`, which lets the
   * next navigation through the unsaved-edits guard.
   */
  secondaryAction?: (release: () => void) => ReactNode;
  /** The save button's label ("Save summary" in step 2, "Save changes" on the detail). */
  saveLabel?: string;
  /** Reloads the summary as it is now (the conflict dialog's "Reload"). */
  onReload: () => void;
  /** "Cancel" of the detail's Edit mode: leaves editing (after confirming when edits would be lost). */
  onCancel?: () => void;
}

/**
 * The summary editor (issue #11 step 2 and the detail's Edit): key points with their citations (a
 * chip per cited answer, by name, that jumps to that answer below and back), per-question spreads
 * (computed, read-only) with dissent and an editable synthesis, verbatim quotes, the coverage of
 * uncited answers with "Cite in…", action items with "Make task", the brevity meter, redactions
 * with a preview of the published page, the provider note and the confidential notice. Save sends
 * PUT at the version the edit started from: a 400 lands on its item ("quotes.0.text" on that
 * quote), a 409 offers to reload; leaving with unsaved edits asks first.
 */
export function SummaryEditor({
  workspaceId,
  summary,
  onSaved,
  secondaryAction,
  saveLabel = 'Save summary',
  onReload,
  onCancel,
}: SummaryEditorProps) {
  const [base, setBase] = useState(summary);
  const [draft, setDraft] = useState<SummaryDraft>(() => toSummaryDraft(summary));
  const isDirty = isDraftChanged(base, draft);
  // After "Reload" of a conflict, the next copy replaces the draft whatever it holds.
  const [isReloading, setReloading] = useState(false);
  // A newer copy (live event, made task) replaces an untouched draft; edits in progress are kept.
  if (summary !== base && summary.version !== base.version && (!isDirty || isReloading)) {
    setBase(summary);
    setDraft(toSummaryDraft(summary));
    setReloading(false);
  }
  const update = useUpdateSummary(workspaceId, summary.id);
  const guard = useLeaveGuard(isDirty && !update.isSuccess, 'summary');
  const [isConflict, setConflict] = useState(false);
  const [isPreview, setPreview] = useState(false);
  const [jump, setJump] = useState<{ answerId: string; fromId: string } | null>(null);
  const [taskFor, setTaskFor] = useState<{ id: string; text: string } | null>(null);
  const [isCancelling, setCancelling] = useState(false);

  const answersById = useMemo(() => new Map(base.answers.map((answer) => [answer.id, answer])), [base.answers]);
  const promptOf = useMemo(() => new Map(base.perQuestion.map((spread) => [spread.itemId, spread.prompt])), [base.perQuestion]);
  const people = useMemo(() => peopleOfAnswers(base.answers), [base.answers]);
  const serverErrors =
    update.error && isApiError(update.error) && update.error.status === 400 ? errorsByItem(draft, update.error.errorData) : null;
  const words = countWords(
    [...draft.keyPoints.map((point) => point.text), ...Object.values(draft.syntheses), ...draft.actionItems.map((item) => item.text)].join(
      ' ',
    ),
  );
  const cited = new Set(draft.keyPoints.flatMap((point) => point.answerIds));
  const uncovered = base.answers.filter((answer) => !cited.has(answer.id));

  const edit = (change: (current: SummaryDraft) => SummaryDraft) => setDraft((current) => change(current));
  const citeIn = (pointKey: string, answerId: string) =>
    edit((d) => ({
      ...d,
      keyPoints: d.keyPoints.map((point) =>
        point.key === pointKey && !point.answerIds.includes(answerId) ? { ...point, answerIds: [...point.answerIds, answerId] } : point,
      ),
    }));
  const jumpTo = (answerId: string, fromId: string) => {
    setJump({ answerId, fromId });
    const target = document.getElementById(`summary-answer-${answerId}`);
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
  };
  const jumpBack = () => {
    if (!jump) return;
    const target = document.getElementById(jump.fromId);
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
    setJump(null);
  };

  const handleSave = () => {
    update.mutate(toUpdateSummaryBody(base, draft, base.version), {
      onSuccess: (saved) => {
        guard.release();
        onSaved(saved);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409 && error.errorCode === 'VERSION_CONFLICT') setConflict(true);
      },
    });
  };

  const fieldError = (key: string) => serverErrors?.byKey[key];
  /** Any server error of one item (a quote's text or the answer it cites, an action item's text or citations). */
  const itemError = (itemKey: string) => Object.entries(serverErrors?.byKey ?? {}).find(([key]) => key.startsWith(`${itemKey}.`))?.[1];
  const moveKeyPoint = (index: number, by: -1 | 1) =>
    edit((d) => {
      const keyPoints = [...d.keyPoints];
      const [moved] = keyPoints.splice(index, 1);
      if (moved) keyPoints.splice(index + by, 0, moved);
      return { ...d, keyPoints };
    });

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {guard.dialog}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <AiProviderNote provider={base.provider} />
        {base.excludedConfidential > 0 && (
          <Alert severity="info" variant="outlined" sx={{ flex: '1 1 100%' }}>
            {plural(base.excludedConfidential, 'answer')} to confidential requests left out: they are never sent to an AI assistant.
          </Alert>
        )}
      </Box>
      <TextField
        label="Title"
        value={draft.title}
        onChange={(event) => edit((d) => ({ ...d, title: event.target.value }))}
        error={Boolean(fieldError('title'))}
        helperText={fieldError('title')}
        required
        fullWidth
      />
      <BrevityMeter words={words} budget={base.words.budget} />
      <FormControlLabel
        control={<Switch checked={isPreview} onChange={(event) => setPreview(event.target.checked)} />}
        label="Preview published page"
      />
      {isPreview ? (
        <PublishedPreview summary={base} draft={draft} />
      ) : (
        <>
          <Section title="Key points">
            {draft.keyPoints.length === 0 && <Typography color="text.secondary">No key points yet.</Typography>}
            {draft.keyPoints.map((point, index) => {
              const pointId = `summary-point-${point.key}`;
              const citeError = fieldError(`${point.key}.answerIds`);
              return (
                <Box
                  key={point.key}
                  id={pointId}
                  tabIndex={-1}
                  sx={{ display: 'grid', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
                >
                  <TextField
                    label={`Key point ${index + 1}`}
                    value={point.text}
                    multiline
                    minRows={2}
                    onChange={(event) =>
                      edit((d) => ({
                        ...d,
                        keyPoints: d.keyPoints.map((p) => (p.key === point.key ? { ...p, text: event.target.value } : p)),
                      }))
                    }
                    error={Boolean(fieldError(`${point.key}.text`))}
                    helperText={fieldError(`${point.key}.text`)}
                    fullWidth
                  />
                  <Box role="list" aria-label={`Citations of key point ${index + 1}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                    {point.answerIds.map((answerId) => {
                      const answer = answersById.get(answerId);
                      const name = answer ? answerAuthor(answer) : 'Unknown answer';
                      return (
                        <Chip
                          role="listitem"
                          key={answerId}
                          label={name}
                          variant="outlined"
                          onClick={() => jumpTo(answerId, pointId)}
                          onDelete={() =>
                            edit((d) => ({
                              ...d,
                              keyPoints: d.keyPoints.map((p) =>
                                p.key === point.key ? { ...p, answerIds: p.answerIds.filter((id) => id !== answerId) } : p,
                              ),
                            }))
                          }
                          aria-label={`${name}'s answer (show)`}
                        />
                      );
                    })}
                  </Box>
                  {point.answerIds.length === 0 && (
                    <Typography variant="body2" color="warning.main" sx={{ fontWeight: 600 }}>
                      {UNCITED_WARNING}
                    </Typography>
                  )}
                  {citeError && (
                    <Typography variant="body2" color="error">
                      {citeError}
                    </Typography>
                  )}
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                    <TextField
                      select
                      size="small"
                      label="Cite an answer"
                      value=""
                      onChange={(event) => citeIn(point.key, event.target.value)}
                      sx={{ flex: '1 1 220px', minWidth: 0 }}
                    >
                      {base.answers
                        .filter((answer) => !point.answerIds.includes(answer.id))
                        .map((answer) => (
                          <MenuItem key={answer.id} value={answer.id} sx={{ whiteSpace: 'normal' }}>
                            {answerLabel(answer, promptOf.get(answer.itemId))}
                          </MenuItem>
                        ))}
                    </TextField>
                    <IconButton
                      aria-label={`Move key point ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => moveKeyPoint(index, -1)}
                    >
                      <ArrowUpward />
                    </IconButton>
                    <IconButton
                      aria-label={`Move key point ${index + 1} down`}
                      disabled={index === draft.keyPoints.length - 1}
                      onClick={() => moveKeyPoint(index, 1)}
                    >
                      <ArrowDownward />
                    </IconButton>
                    <IconButton
                      aria-label={`Delete key point ${index + 1}`}
                      onClick={() => edit((d) => ({ ...d, keyPoints: d.keyPoints.filter((p) => p.key !== point.key) }))}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Box>
                </Box>
              );
            })}
            <Button
              startIcon={<Add />}
              sx={{ justifySelf: 'start' }}
              disabled={draft.keyPoints.length >= SUMMARY_KEY_POINTS_MAX}
              onClick={() => edit((d) => ({ ...d, keyPoints: [...d.keyPoints, { key: newDraftKey(), text: '', answerIds: [] }] }))}
            >
              Add key point
            </Button>
            {draft.keyPoints.length >= SUMMARY_KEY_POINTS_MAX && (
              <Typography variant="caption" color="text.secondary">
                A summary has at most {SUMMARY_KEY_POINTS_MAX} key points.
              </Typography>
            )}
          </Section>

          <Section title="Per question">
            {base.perQuestion.length === 0 && <Typography color="text.secondary">No questions in scope.</Typography>}
            {base.perQuestion.map((spread) => (
              <Box key={spreadKey(spread)} sx={{ display: 'grid', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{spread.prompt}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {spread.requestTitle}
                </Typography>
                <SpreadBars {...spread} />
                <DifferingAnswers answerIds={spread.dissentAnswerIds} answersById={answersById} />
                <TextField
                  label="Synthesis"
                  value={draft.syntheses[spreadKey(spread)] ?? ''}
                  onChange={(event) => edit((d) => ({ ...d, syntheses: { ...d.syntheses, [spreadKey(spread)]: event.target.value } }))}
                  multiline
                  minRows={2}
                  fullWidth
                />
              </Box>
            ))}
          </Section>

          <Section title="Quotes">
            {draft.quotes.length === 0 && <Typography color="text.secondary">No quotes.</Typography>}
            {draft.quotes.map((quote, index) => {
              const answer = answersById.get(quote.answerId);
              const serverError = itemError(quote.key);
              const isVerbatim = answer ? answer.text.includes(quote.text) : false;
              return (
                <Box key={quote.key} sx={{ display: 'grid', gap: 1 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <TextField
                      label={`Quote ${index + 1} — ${answer ? answerAuthor(answer) : 'unknown answer'}`}
                      value={quote.text}
                      multiline
                      onChange={(event) =>
                        edit((d) => ({ ...d, quotes: d.quotes.map((q) => (q.key === quote.key ? { ...q, text: event.target.value } : q)) }))
                      }
                      error={Boolean(serverError) || !isVerbatim}
                      helperText={
                        serverError ?? (isVerbatim ? undefined : 'A quote must be the answer’s own words, character for character.')
                      }
                      fullWidth
                    />
                    <IconButton
                      aria-label={`Delete quote ${index + 1}`}
                      onClick={() => edit((d) => ({ ...d, quotes: d.quotes.filter((q) => q.key !== quote.key) }))}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Box>
                </Box>
              );
            })}
            {draft.quotes.length < SUMMARY_QUOTES_MAX && (
              <QuotePicker
                answers={base.answers}
                promptOf={promptOf}
                onAdd={(answerId, text) => edit((d) => ({ ...d, quotes: [...d.quotes, { key: newDraftKey(), answerId, text }] }))}
              />
            )}
          </Section>

          <Section title="Coverage">
            <Typography variant="body2" color="text.secondary">
              {base.answers.length - uncovered.length} of {plural(base.answers.length, 'answer')} cited by a key point.
            </Typography>
            {uncovered.map((answer) => (
              <Box key={answer.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}>
                  {answerLabel(answer, promptOf.get(answer.itemId))}
                </Typography>
                <CiteInMenu keyPoints={draft.keyPoints} author={answerAuthor(answer)} onCite={(pointKey) => citeIn(pointKey, answer.id)} />
              </Box>
            ))}
          </Section>

          <Section title="Action items">
            {draft.actionItems.length === 0 && <Typography color="text.secondary">No action items.</Typography>}
            {isDirty && draft.actionItems.some((item) => !item.taskId) && (
              <Typography variant="body2" color="text.secondary">
                Save your changes to make tasks of the action items.
              </Typography>
            )}
            {draft.actionItems.map((item, index) => (
              <Box key={item.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <TextField
                  label={`Action item ${index + 1}`}
                  value={item.text}
                  onChange={(event) =>
                    edit((d) => ({
                      ...d,
                      actionItems: d.actionItems.map((a) => (a.key === item.key ? { ...a, text: event.target.value } : a)),
                    }))
                  }
                  error={Boolean(itemError(item.key))}
                  helperText={itemError(item.key)}
                  sx={{ flex: '1 1 240px' }}
                />
                {item.taskId ? (
                  <Link component={RouterLink} to={taskHref(item.taskId)} sx={{ alignSelf: 'center' }}>
                    Open the task
                  </Link>
                ) : (
                  <Button
                    sx={{ alignSelf: 'center' }}
                    disabled={!item.id || isDirty}
                    onClick={() => item.id && setTaskFor({ id: item.id, text: item.text })}
                  >
                    Make task
                  </Button>
                )}
                <IconButton
                  aria-label={`Delete action item ${index + 1}`}
                  onClick={() => edit((d) => ({ ...d, actionItems: d.actionItems.filter((a) => a.key !== item.key) }))}
                >
                  <DeleteOutline />
                </IconButton>
              </Box>
            ))}
            <Button
              startIcon={<Add />}
              sx={{ justifySelf: 'start' }}
              disabled={draft.actionItems.length >= SUMMARY_ACTION_ITEMS_MAX}
              onClick={() =>
                edit((d) => ({ ...d, actionItems: [...d.actionItems, { key: newDraftKey(), text: '', answerIds: [], taskId: null }] }))
              }
            >
              Add action item
            </Button>
          </Section>

          <Section title="Hide on the published page">
            <Typography variant="body2" color="text.secondary">
              Hidden names and lines are replaced on the public page only; the workspace keeps seeing them.
            </Typography>
            {people.map((person) => {
              const hidden = draft.hiddenNames.find((name) => name.contactId === person.id);
              return (
                <Box key={person.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={Boolean(hidden)}
                        onChange={(event) =>
                          edit((d) => ({
                            ...d,
                            hiddenNames: event.target.checked
                              ? [...d.hiddenNames, { key: newDraftKey(), contactId: person.id, replacement: '' }]
                              : d.hiddenNames.filter((name) => name.contactId !== person.id),
                          }))
                        }
                      />
                    }
                    label={`Hide ${person.name}`}
                  />
                  {hidden && (
                    <TextField
                      size="small"
                      label={`Shown instead of ${person.name}`}
                      placeholder="A respondent"
                      value={hidden.replacement}
                      onChange={(event) =>
                        edit((d) => ({
                          ...d,
                          hiddenNames: d.hiddenNames.map((name) =>
                            name.key === hidden.key ? { ...name, replacement: event.target.value } : name,
                          ),
                        }))
                      }
                    />
                  )}
                </Box>
              );
            })}
            {draft.hiddenTexts.map((hidden, index) => (
              <Box key={hidden.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <TextField
                  size="small"
                  label={`Hidden text ${index + 1}`}
                  value={hidden.text}
                  onChange={(event) =>
                    edit((d) => ({
                      ...d,
                      hiddenTexts: d.hiddenTexts.map((t) => (t.key === hidden.key ? { ...t, text: event.target.value } : t)),
                    }))
                  }
                  sx={{ flex: '1 1 220px' }}
                />
                <TextField
                  size="small"
                  label={`Shown instead of hidden text ${index + 1}`}
                  placeholder="[redacted]"
                  value={hidden.replacement}
                  onChange={(event) =>
                    edit((d) => ({
                      ...d,
                      hiddenTexts: d.hiddenTexts.map((t) => (t.key === hidden.key ? { ...t, replacement: event.target.value } : t)),
                    }))
                  }
                />
                <IconButton
                  aria-label={`Delete hidden text ${index + 1}`}
                  onClick={() => edit((d) => ({ ...d, hiddenTexts: d.hiddenTexts.filter((t) => t.key !== hidden.key) }))}
                >
                  <DeleteOutline />
                </IconButton>
              </Box>
            ))}
            <Button
              startIcon={<Add />}
              sx={{ justifySelf: 'start' }}
              onClick={() => edit((d) => ({ ...d, hiddenTexts: [...d.hiddenTexts, { key: newDraftKey(), text: '', replacement: '' }] }))}
            >
              Hide a line
            </Button>
          </Section>

          <Section title="Answers">
            {jump && (
              <Button sx={{ justifySelf: 'start' }} onClick={jumpBack}>
                Back to the key point
              </Button>
            )}
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {base.answers.map((answer) => (
                <Box
                  component="li"
                  key={answer.id}
                  id={`summary-answer-${answer.id}`}
                  tabIndex={-1}
                  sx={{
                    p: 1,
                    borderRadius: 1,
                    border: 1,
                    borderColor: jump?.answerId === answer.id ? 'primary.main' : 'divider',
                    outlineColor: 'primary.main',
                  }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {answerAuthor(answer)}
                    {answer.contact.isFormer ? ' (former contact)' : ''}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {promptOf.get(answer.itemId)}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {answer.text}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Section>
        </>
      )}

      {serverErrors && serverErrors.other.length > 0 && (
        <Alert severity="error">
          {serverErrors.other.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
      {update.error && !serverErrors && !isConflict && <Alert severity="error">{getApiErrorMessage(update.error)}</Alert>}
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          justifyContent: 'flex-end',
          flexWrap: 'wrap',
          position: 'sticky',
          bottom: 0,
          py: 1,
          bgcolor: 'background.default',
        }}
      >
        {secondaryAction?.(guard.release)}
        {onCancel && <Button onClick={() => (isDirty ? setCancelling(true) : onCancel())}>Cancel</Button>}
        <Button variant="contained" loading={update.isPending} onClick={handleSave}>
          {saveLabel}
        </Button>
      </Box>
      <ConfirmDialog
        open={isConflict}
        title="This summary changed"
        confirmLabel="Reload"
        onConfirm={() => {
          setConflict(false);
          update.reset();
          setReloading(true);
          onReload();
        }}
        onClose={() => setConflict(false)}
      >
        Someone saved this summary after you started editing. Reload it to see their version (your edits here are then lost), or close this
        and copy what you need first.
      </ConfirmDialog>
      <ConfirmDialog
        open={isCancelling}
        title="Discard your changes?"
        confirmLabel="Discard changes"
        isDestructive
        onConfirm={() => {
          setCancelling(false);
          onCancel?.();
        }}
        onClose={() => setCancelling(false)}
      >
        Your edits to this summary are not saved. If you stop editing now, they are lost.
      </ConfirmDialog>
      <MakeTaskDialog
        workspaceId={workspaceId}
        summaryId={base.id}
        version={base.version}
        actionItem={taskFor}
        onClose={() => setTaskFor(null)}
      />
    </Box>
  );
}

/** A titled card of the editor. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}

/** Words used of the budget (issue #11 brevity rule: half the answers' words, quotes aside). */
export function BrevityMeter({ words, budget }: { words: number; budget: number }) {
  const isOver = words > budget;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" color={isOver ? 'error' : 'text.secondary'}>
        {words} of {budget} words{isOver ? ' — over the budget: shorten it to publish' : ''}
      </Typography>
      <LinearProgress
        variant="determinate"
        aria-label="Words used of the budget"
        value={budget === 0 ? 100 : Math.min(100, Math.round((words / budget) * 100))}
        color={isOver ? 'error' : 'primary'}
      />
    </Box>
  );
}

/** "Cite in…": adds an uncited answer to one of the key points. */
function CiteInMenu({
  keyPoints,
  author,
  onCite,
}: {
  keyPoints: SummaryDraft['keyPoints'];
  author: string;
  onCite: (pointKey: string) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        disabled={keyPoints.length === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`Cite in… (${author}'s answer)`}
      >
        Cite in…
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {keyPoints.map((point, index) => (
          <MenuItem
            key={point.key}
            onClick={() => {
              onCite(point.key);
              setAnchor(null);
            }}
            sx={{ whiteSpace: 'normal', maxWidth: 360 }}
          >
            {index + 1}. {point.text || '(empty key point)'}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** "Add a quote": pick an answer, then trim its text to the words to quote. */
function QuotePicker({
  answers,
  promptOf,
  onAdd,
}: {
  answers: readonly SummaryAnswer[];
  promptOf: Map<string, string>;
  onAdd: (answerId: string, text: string) => void;
}) {
  const [answerId, setAnswerId] = useState('');
  const [text, setText] = useState('');
  const answer = answers.find((candidate) => candidate.id === answerId);
  const isVerbatim = Boolean(answer && text && answer.text.includes(text));
  return (
    <Box sx={{ display: 'grid', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, borderStyle: 'dashed' }}>
      <TextField
        select
        size="small"
        label="Quote from an answer"
        value={answerId}
        onChange={(event) => {
          setAnswerId(event.target.value);
          setText(answers.find((candidate) => candidate.id === event.target.value)?.text ?? '');
        }}
      >
        {answers.map((candidate) => (
          <MenuItem key={candidate.id} value={candidate.id} sx={{ whiteSpace: 'normal' }}>
            {answerLabel(candidate, promptOf.get(candidate.itemId))}
          </MenuItem>
        ))}
      </TextField>
      {answer && (
        <>
          <TextField
            label="Words to quote"
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            helperText={isVerbatim ? 'Trim it to the words that matter.' : 'Keep the answer’s own words, character for character.'}
            error={!isVerbatim}
          />
          <Button
            sx={{ justifySelf: 'start' }}
            disabled={!isVerbatim}
            onClick={() => {
              onAdd(answer.id, text);
              setAnswerId('');
              setText('');
            }}
          >
            Add quote
          </Button>
        </>
      )}
    </Box>
  );
}

/** The published page as the draft's redactions will make it (issue #11 "Preview published page"). */
function PublishedPreview({ summary, draft }: { summary: Summary; draft: SummaryDraft }) {
  const answersById = new Map(summary.answers.map((answer) => [answer.id, answer]));
  const redact = (text: string) => redactText(text, draft, summary.answers);
  const byOf = (answerIds: readonly string[]) =>
    [...new Set(answerIds.flatMap((id) => (answersById.has(id) ? [publishedAuthor(answersById.get(id)!, draft)] : [])))].join(', ');
  return (
    <Card sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} aria-label="Preview of the published page" component="section">
      <Typography variant="h2" sx={{ fontSize: '1.5rem', overflowWrap: 'anywhere' }}>
        {draft.title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
        {draft.keyPoints.map((point) => (
          <li key={point.key}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {redact(point.text)}
              {point.answerIds.length > 0 && (
                <Typography component="span" color="text.secondary">{` — ${byOf(point.answerIds)}`}</Typography>
              )}
            </Typography>
          </li>
        ))}
      </Box>
      {summary.perQuestion.map((spread) => (
        <Box key={spreadKey(spread)}>
          <Typography sx={{ fontWeight: 600 }}>{spread.prompt}</Typography>
          <Typography variant="body2">{redact(draft.syntheses[spreadKey(spread)] ?? '')}</Typography>
        </Box>
      ))}
      {draft.quotes.map((quote) => (
        <Typography key={quote.key} component="blockquote" sx={{ m: 0, pl: 2, borderLeft: 3, borderColor: 'divider' }}>
          “{redact(quote.text)}” — {answersById.has(quote.answerId) ? publishedAuthor(answersById.get(quote.answerId)!, draft) : ''}
        </Typography>
      ))}
      {draft.actionItems.map((item) => (
        <Typography key={item.key}>• {redact(item.text)}</Typography>
      ))}
    </Card>
  );
}
