import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { compareSummaries, type RegeneratedSummary } from '@tandem/contract';
import { answerAuthor } from '../utils/summary-draft';
import { plural } from '../utils/summary-format';
import { TitledList } from './titled-list';

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
        {changes && (
          <>
            <TitledList
              title={plural(changes.newAnswerIds.length, 'new answer')}
              items={changes.newAnswerIds.map((id) => {
                const answer = answersById.get(id);
                return { key: id, content: answer ? `${answerAuthor(answer)}: ${answer.text}` : 'An answer' };
              })}
            />
            <TitledList title="Key points added" items={changes.keyPointsAdded.map((text) => ({ key: text, content: text }))} />
            <TitledList title="Key points removed" items={changes.keyPointsRemoved.map((text) => ({ key: text, content: text }))} />
            <TitledList
              title="Counts that moved"
              items={changes.spreads.map((spread) => ({
                key: spread.itemId,
                content: `${spread.prompt}: answered ${spread.answeredBefore} → ${spread.answeredAfter}${spread.countsChanged ? ' (counts changed)' : ''}`,
              }))}
            />
          </>
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
