import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useAiStatus } from '../api/get-ai-status';

// Plan months run in UTC (contract AiStatusSchema), so the reset day is the UTC one wherever the reader is.
const resetDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Which assistant answers this workspace's AI requests and when the month's count starts again
 * (issue #11, PRODUCT §8–9; GET v1/workspaces/{id}/ai): "Built-in assistant (offline)" or the
 * configured model's name, and the day the count starts again (usage.resetsAt, a UTC month start).
 */
export function AiStatusLine({ workspaceId }: { workspaceId: string }) {
  const status = useAiStatus(workspaceId);
  if (status.isPending) return <Skeleton variant="text" width={240} aria-label="Loading the AI assistant" />;
  const assistant = status.isError
    ? 'Could not be loaded'
    : status.data.provider === 'BUILT_IN'
      ? 'Built-in assistant (offline)'
      : (status.data.model ?? 'Configured model');
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          AI assistant
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {assistant}
        </Typography>
      </Box>
      {status.data && (
        <Typography variant="caption" color="text.secondary">
          The count of AI generations starts again on {resetDate.format(new Date(status.data.usage.resetsAt))} (UTC).
        </Typography>
      )}
    </Box>
  );
}
