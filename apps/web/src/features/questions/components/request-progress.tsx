import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { recipientStateLabels, requestStatusLabels, type RecipientState, type RequestProgress, type RequestStatus } from '@tandem/contract';
import { describeProgress, progressPercent } from '../utils/request-format';

/** A request's progress as a bar with "n of m answered" (issue #10 "progress bars of answered/total"). */
export function RequestProgressBar({ progress, label }: { progress: RequestProgress; label: string }) {
  const text = describeProgress(progress);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <LinearProgress
        variant="determinate"
        value={progressPercent(progress)}
        aria-label={`${label}: ${text}`}
        sx={{ flex: 1, height: 8, borderRadius: 4, minWidth: 60 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {progress.ANSWERED}/{progress.total}
      </Typography>
    </Box>
  );
}

const statusColors = { DRAFT: 'default', SENT: 'primary', CLOSED: 'default' } as const;

/** A request's status as a chip. */
export function RequestStatusChip({ status }: { status: RequestStatus }) {
  return (
    <Chip
      size="small"
      label={requestStatusLabels[status]}
      color={statusColors[status]}
      variant={status === 'CLOSED' ? 'outlined' : 'filled'}
    />
  );
}

const stateColors = { PENDING: 'default', OPENED: 'info', PARTIAL: 'warning', ANSWERED: 'success' } as const;

/** A recipient's state as a chip (Not opened / Opened / Partly answered / Answered). */
export function RecipientStateChip({ state }: { state: RecipientState }) {
  return <Chip size="small" label={recipientStateLabels[state]} color={stateColors[state]} variant="outlined" />;
}
