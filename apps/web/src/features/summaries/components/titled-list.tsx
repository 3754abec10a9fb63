import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SummaryAnswer } from '@tandem/contract';
import type { ReactNode } from 'react';
import { answerAuthor } from '../utils/summary-draft';

/** A small titled list (an h3 and its items) inside a summary section; nothing when there are no items. */
export function TitledList({ title, items }: { title: string; items: readonly { key: string; content: ReactNode }[] }) {
  if (items.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <li key={item.key}>{item.content}</li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A question's differing answers by name ("Name: text"; issue #11: shown, never averaged away),
 * in the read view and the editor alike. Ids missing from `answersById` are left out.
 */
export function DifferingAnswers({
  answerIds,
  answersById,
}: {
  answerIds: readonly string[];
  answersById: ReadonlyMap<string, SummaryAnswer>;
}) {
  return (
    <TitledList
      title="Differing answers"
      items={answerIds.flatMap((id) => {
        const answer = answersById.get(id);
        return answer
          ? [
              {
                key: id,
                content: (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {answerAuthor(answer)}: {answer.text}
                  </Typography>
                ),
              },
            ]
          : [];
      })}
    />
  );
}
