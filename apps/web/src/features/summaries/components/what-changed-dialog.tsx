import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { compareSummaries, type RegeneratedSummary } from '@tandem/contract';
import { answerAuthor } from '../utils/summary-draft';
import { plural } from '../utils/summary-format';

/**
 * "What changed" after Update (issue #11): key points added and removed, questions whose counts
 * moved ("answered 4 → 6"), and the new or changed answers by name — from the contract's
 * compareSummaries(previous, summary).
 */
export function WhatChangedDialog({ result, onClose }: { result: RegeneratedSummary | null; onClose: () => void }) {
  const changes = result ? compareSummaries(result.previous, result.summary) : null;
  const answersById = new Map(result?.summary.answers.map((answer) => [answer.id, answer]) ?? []);
  const isNothing =
    changes && changes.keyPointsAdded.length + changes.keyPointsRemoved.length + changes.spreads.length + changes.newAnswerIds.length === 0;
  return (
    <Dialog open={result !== null} onClose={onClose} aria-labelledby="what-changed-title" fullWidth maxWidth="sm">
      <DialogTitle id="what-changed-title">What changed</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {isNothing && <Typography>Nothing changed: the answers say the same as before.</Typography>}
        {changes && changes.newAnswerIds.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3">
              {plural(changes.newAnswerIds.length, 'new answer')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {changes.newAnswerIds.map((id) => {
                const answer = answersById.get(id);
                return <li key={id}>{answer ? `${answerAuthor(answer)}: ${answer.text}` : 'An answer'}</li>;
              })}
            </Box>
          </Box>
        )}
        {changes && changes.keyPointsAdded.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3">
              Key points added
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {changes.keyPointsAdded.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </Box>
          </Box>
        )}
        {changes && changes.keyPointsRemoved.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3">
              Key points removed
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {changes.keyPointsRemoved.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </Box>
          </Box>
        )}
        {changes && changes.spreads.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3">
              Counts that moved
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {changes.spreads.map((spread) => (
                <li key={spread.itemId}>
                  {spread.prompt}: answered {spread.answeredBefore} → {spread.answeredAfter}
                  {spread.countsChanged ? ' (counts changed)' : ''}
                </li>
              ))}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
