import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { describeCount, type ItemKind } from '@tandem/contract';

/** Props of {@link SpreadBars}: a question's computed spread (contract QuestionSpreadSchema). */
export interface SpreadBarsProps {
  kind: ItemKind;
  asked: number;
  answered: number;
  counts: readonly { label: string; count: number }[];
  average: number | null;
}

/**
 * A question's spread as counted by code (issue #11: "counts, averages and dissent are computed"):
 * "5 of 7 answered", the scale's average, and one bar per option with its sentence ("4 of 7 said
 * yes") so the figure never depends on colour. Nothing for open and date questions beyond the
 * answered count. Used by the editor, the read view and the public page.
 */
export function SpreadBars({ kind, asked, answered, counts, average }: SpreadBarsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {answered} of {asked} answered
        {kind === 'SCALE_1_5' && average !== null ? ` · average ${average.toFixed(2)} of 5` : ''}
      </Typography>
      {counts.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
          {counts.map((entry) => {
            const sentence = describeCount(entry.count, answered, entry.label);
            return (
              <Box component="li" key={entry.label} sx={{ display: 'grid', gap: 0.25 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {kind === 'SCALE_1_5' ? `${entry.label}: ${entry.count} of ${answered}` : sentence}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  aria-hidden
                  value={answered === 0 ? 0 : Math.round((entry.count / answered) * 100)}
                  sx={{ height: 8, borderRadius: 1 }}
                />
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
