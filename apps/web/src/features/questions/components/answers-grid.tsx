import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { answerText, type Answer, type QuestionItem, type QuestionRequestDetail, type Recipient } from '@tandem/contract';
import { useState } from 'react';
import { contactName } from '../utils/request-format';

/** How the grid groups answers (issue #10 "by person and by question"). */
export type AnswersView = 'person' | 'question';

function AnswerLine({ item, answer }: { item: QuestionItem; answer: Answer | undefined }) {
  if (!answer)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        No answer
      </Typography>
    );
  return (
    <Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {answerText(item, answer.value)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 0.25 }}>
        {answer.late && <Chip size="small" color="warning" variant="outlined" label="Late" />}
        {answer.via === 'MEMBER' && (
          <Typography variant="caption" color="text.secondary">
            Entered by {answer.enteredBy ? `${answer.enteredBy.firstName} ${answer.enteredBy.lastName}`.trim() : 'a member'}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * Every answer of a request, grouped by person (each person's answers to each question) or by
 * question (each question's answers from each person); late answers flagged, answers recorded by a
 * member say who entered them, deleted contacts read "former contact". Text is inert.
 */
export function AnswersGrid({ request }: { request: QuestionRequestDetail }) {
  const [view, setView] = useState<AnswersView>('person');
  const byKey = new Map(request.answers.map((answer) => [`${answer.recipientId}:${answer.itemId}`, answer]));
  const answerOf = (recipient: Recipient, item: QuestionItem) => byKey.get(`${recipient.id}:${item.id}`);
  const answered = request.recipients.filter((recipient) => request.answers.some((answer) => answer.recipientId === recipient.id));
  return (
    <Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_event, next: AnswersView | null) => next && setView(next)}
        aria-label="Group answers"
        sx={{ mb: 2 }}
      >
        <ToggleButton value="person">By person</ToggleButton>
        <ToggleButton value="question">By question</ToggleButton>
      </ToggleButtonGroup>
      {request.answers.length === 0 ? (
        <Typography color="text.secondary">No answers yet.</Typography>
      ) : view === 'person' ? (
        <Box component="ul" aria-label="Answers by person" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
          {answered.map((recipient) => (
            <Box component="li" key={recipient.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {contactName(recipient.contact)}
              </Typography>
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
                {request.items.map((item) => (
                  <Box key={item.id}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {item.prompt}
                    </Typography>
                    <Box component="dd" sx={{ m: 0 }}>
                      <AnswerLine item={item} answer={answerOf(recipient, item)} />
                    </Box>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <Box component="ol" aria-label="Answers by question" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
          {request.items.map((item, index) => (
            <Box component="li" key={item.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {index + 1}. {item.prompt}
              </Typography>
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
                {answered.map((recipient) => (
                  <Box key={recipient.id}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {contactName(recipient.contact)}
                    </Typography>
                    <Box component="dd" sx={{ m: 0 }}>
                      <AnswerLine item={item} answer={answerOf(recipient, item)} />
                    </Box>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
