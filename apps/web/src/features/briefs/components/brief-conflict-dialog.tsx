import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Brief } from '@tandem/contract';
import { useId, useState } from 'react';
import type { BriefConflict, MeetingPart, MergeChoice, MergeChoices } from '../utils/brief-merge';
import { formatMeetingTime, getBrowserTimeZone } from '../utils/meeting-time';

/** Props of {@link BriefConflictDialog}. */
export interface BriefConflictDialogProps {
  open: boolean;
  /** The brief as the other person saved it (the 409's `current`). */
  current: Brief;
  conflicts: readonly BriefConflict[];
  /** Member id → full name, for attendees. */
  memberNames: ReadonlyMap<string, string>;
  onResolve: (choices: MergeChoices) => void;
}

const conflictLabel = (conflict: BriefConflict) =>
  conflict.kind === 'title'
    ? 'Title'
    : conflict.kind === 'meeting'
      ? 'Meeting'
      : conflict.kind === 'confidential'
        ? 'Confidential'
        : `Section “${(conflict.mine ?? conflict.theirs)?.heading.trim() || 'Untitled'}”`;

function describeMeeting(meeting: MeetingPart, memberNames: ReadonlyMap<string, string>): string {
  const when = meeting.meetingAt ? formatMeetingTime(meeting.meetingAt, meeting.meetingTimeZone, getBrowserTimeZone()) : 'No meeting time';
  const who = meeting.attendeeIds.map((id) => memberNames.get(id) ?? 'a former member').join(', ');
  return who ? `${when}; with ${who}` : when;
}

/** One side of a conflict, as text. */
function Side({ conflict, side, memberNames }: { conflict: BriefConflict; side: MergeChoice; memberNames: ReadonlyMap<string, string> }) {
  const body = (text: string) => (
    <Typography
      component="div"
      variant="body2"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 200, overflowY: 'auto' }}
    >
      {text}
    </Typography>
  );
  switch (conflict.kind) {
    case 'title':
      return body(conflict[side]);
    case 'confidential':
      return body(conflict[side] ? 'Confidential' : 'Not confidential');
    case 'meeting':
      return body(describeMeeting(conflict[side], memberNames));
    case 'section': {
      const section = conflict[side];
      if (!section) return body(side === 'mine' ? 'You removed this section.' : 'They removed this section.');
      return (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {section.heading.trim() || 'Untitled'}
          </Typography>
          {body(section.body || '(empty)')}
        </>
      );
    }
  }
}

/**
 * The conflict dialog of the brief editor (issue #9: "a clear conflict message with both versions,
 * never a lost edit"): someone saved the brief while this person's edits were unsaved, and both
 * changed the same parts. Each such part shows both versions side by side (stacked on a phone);
 * "Keep mine" saves this person's version of every part over theirs, "Use theirs" takes theirs;
 * with several parts each can be chosen on its own. Parts only one person changed were already
 * merged, so nothing else is at stake.
 */
export function BriefConflictDialog({ open, current, conflicts, memberNames, onResolve }: BriefConflictDialogProps) {
  const titleId = useId();
  const [choices, setChoices] = useState<Record<string, MergeChoice>>({});
  const who = current.updatedBy?.firstName ?? 'Someone';
  const all = (choice: MergeChoice) => Object.fromEntries(conflicts.map((conflict) => [conflict.id, choice]));
  const isMixed = conflicts.length > 1;
  const resolve = (next: MergeChoices) => {
    setChoices({});
    onResolve(next);
  };
  return (
    <Dialog open={open} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{who} changed this brief too</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {who} saved changes to the same {conflicts.length === 1 ? 'part' : 'parts'} you were editing. Nothing is lost yet: choose which
          version to keep. Their other changes and yours are already combined.
        </DialogContentText>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2.5 }}>
          {conflicts.map((conflict) => {
            const label = conflictLabel(conflict);
            return (
              <Box component="li" key={conflict.id}>
                <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                  <Typography variant="h3" sx={{ fontSize: '1rem' }}>
                    {label}
                  </Typography>
                  {isMixed && (
                    <ToggleButtonGroup
                      exclusive
                      size="small"
                      aria-label={`Version of ${label} to keep`}
                      value={choices[conflict.id] ?? 'mine'}
                      onChange={(_event, choice: MergeChoice | null) =>
                        choice && setChoices((previous) => ({ ...previous, [conflict.id]: choice }))
                      }
                      sx={{
                        '& .MuiToggleButton-root': { px: 2, textTransform: 'none', fontWeight: 600 },
                        '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' },
                      }}
                    >
                      <ToggleButton value="mine">Mine</ToggleButton>
                      <ToggleButton value="theirs">Theirs</ToggleButton>
                    </ToggleButtonGroup>
                  )}
                </Box>
                <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                  {(['mine', 'theirs'] as const).map((side) => (
                    <Box key={side} sx={{ border: '1px solid', borderColor: 'divider', borderRadius: '12px', p: 1.5, minWidth: 0 }}>
                      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                        {side === 'mine' ? 'Your version' : `${who}’s version`}
                      </Typography>
                      <Side conflict={conflict} side={side} memberNames={memberNames} />
                    </Box>
                  ))}
                </Box>
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, flexWrap: 'wrap', gap: 1 }}>
        <Button color="inherit" onClick={() => resolve(all('theirs'))}>
          Use theirs
        </Button>
        {isMixed && (
          <Button variant="outlined" onClick={() => resolve({ ...all('mine'), ...choices })}>
            Keep my choices
          </Button>
        )}
        <Button variant="contained" onClick={() => resolve(all('mine'))}>
          Keep mine
        </Button>
      </DialogActions>
    </Dialog>
  );
}
