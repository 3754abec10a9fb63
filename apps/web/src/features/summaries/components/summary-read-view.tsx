import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Summary } from '@tandem/contract';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { answerAuthor, answerLabel } from '../utils/summary-draft';
import { plural } from '../utils/summary-format';
import { SpreadBars } from './spread-bars';
import { DifferingAnswers } from './titled-list';
import { BrevityMeter, UNCITED_WARNING, taskHref } from './summary-editor';

/**
 * A summary read (issue #11 /questions/summaries/{id}): key points with the names they cite, each
 * question's spread, synthesis and differing answers (named, never hidden), quotes with their
 * author, action items with their tasks, and coverage (answers no key point cites). Plain text only.
 */
export function SummaryReadView({ summary }: { summary: Summary }) {
  const answersById = new Map(summary.answers.map((answer) => [answer.id, answer]));
  /** The people an item cites, once each, with the first of their cited answers (its request page is the link). */
  const citedPeople = (answerIds: readonly string[]) => {
    const byName = new Map<string, Summary['answers'][number]>();
    for (const id of answerIds) {
      const answer = answersById.get(id);
      if (answer && !byName.has(answerAuthor(answer))) byName.set(answerAuthor(answer), answer);
    }
    return [...byName.entries()].map(([name, answer]) => ({ name, answer }));
  };
  const uncovered = summary.coverage.uncoveredAnswerIds.flatMap((id) => (answersById.has(id) ? [answersById.get(id)!] : []));
  const promptOf = new Map(summary.perQuestion.map((spread) => [spread.itemId, spread.prompt]));
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <BrevityMeter words={summary.words.summary} budget={summary.words.budget} />
      <ReadSection title="Key points">
        {summary.keyPoints.length === 0 ? (
          <Typography color="text.secondary">No key points.</Typography>
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
            {summary.keyPoints.map((point) => (
              <li key={point.id}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {point.text}
                  {point.answerIds.length > 0 ? (
                    <Typography component="span" color="text.secondary">
                      {' — '}
                      {citedPeople(point.answerIds).map(({ name, answer }, index) => (
                        <Fragment key={answer.id}>
                          {index > 0 && ', '}
                          <Link component={RouterLink} to={paths.questions.detail.getHref(answer.requestId)} title={answer.text}>
                            {name}
                          </Link>
                        </Fragment>
                      ))}
                    </Typography>
                  ) : (
                    <Typography component="span" color="warning.main" sx={{ fontWeight: 600 }}>{` (${UNCITED_WARNING})`}</Typography>
                  )}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </ReadSection>
      <ReadSection title="Per question">
        {summary.perQuestion.map((spread) => (
          <Box
            key={`${spread.requestId}:${spread.itemId}`}
            sx={{ display: 'grid', gap: 1, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}
          >
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{spread.prompt}</Typography>
            <SpreadBars {...spread} />
            {spread.synthesis && <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{spread.synthesis}</Typography>}
            <DifferingAnswers answerIds={spread.dissentAnswerIds} answersById={answersById} />
          </Box>
        ))}
      </ReadSection>
      {summary.quotes.length > 0 && (
        <ReadSection title="Quotes">
          {summary.quotes.map((quote) => {
            const answer = answersById.get(quote.answerId);
            return (
              <Box key={quote.id} component="figure" sx={{ m: 0, pl: 2, borderLeft: 3, borderColor: 'divider' }}>
                <Typography component="blockquote" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  “{quote.text}”
                </Typography>
                <Typography component="figcaption" variant="body2" color="text.secondary">
                  — {answer ? answerAuthor(answer) : 'Unknown'}
                </Typography>
              </Box>
            );
          })}
        </ReadSection>
      )}
      {summary.actionItems.length > 0 && (
        <ReadSection title="Action items">
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
            {summary.actionItems.map((item) => (
              <li key={item.id}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {item.text}
                  {item.taskId && (
                    <>
                      {' · '}
                      <Link component={RouterLink} to={taskHref(item.taskId)}>
                        Open the task
                      </Link>
                    </>
                  )}
                </Typography>
              </li>
            ))}
          </Box>
        </ReadSection>
      )}
      <ReadSection title="Coverage">
        <Typography variant="body2" color="text.secondary">
          {summary.answersCovered} of {plural(summary.answersAtGeneration, 'answer')} cited by a key point.
        </Typography>
        {uncovered.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {uncovered.map((answer) => (
              <li key={answer.id}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {answerLabel(answer, promptOf.get(answer.itemId))}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </ReadSection>
    </Box>
  );
}

function ReadSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
        {title}
      </Typography>
      {children}
    </Card>
  );
}
