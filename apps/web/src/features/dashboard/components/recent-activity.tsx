import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSession } from '@/lib/session/session-store';
import { ACTIVITY_EMPTY_HINT, ACTIVITY_EMPTY_TITLE, ActivityEntry, useActivity, type MemberName } from '@/features/activity';

/** Items the dashboard shows; the header's activity panel has the rest. */
const RECENT_ACTIVITY_COUNT = 6;

/** Props of {@link RecentActivity}. */
export interface RecentActivityProps {
  workspaceId: string;
  /** Accessible name of the list. */
  label: string;
}

/**
 * The newest activity of the workspace as sentences (features/activity's query, wording and rows;
 * task items open the task), without touching the read mark: only opening the activity panel marks items read (seed §4).
 */
export function RecentActivity({ workspaceId, label }: RecentActivityProps) {
  const workspace = useSession((session) => session.workspace);
  const activity = useActivity(workspaceId);
  const members = useMemo(
    () => new Map<string, MemberName>((workspace?.members ?? []).map((member) => [member.id, member])),
    [workspace?.members],
  );
  const items = activity.data?.pages[0]?.items.slice(0, RECENT_ACTIVITY_COUNT) ?? [];

  if (activity.isPending) {
    return (
      <Box role="status" aria-label="Loading activity">
        {[0, 1, 2].map((row) => (
          <Box key={row} sx={{ py: 1 }}>
            <Skeleton width="85%" />
            <Skeleton width="30%" />
          </Box>
        ))}
      </Box>
    );
  }
  if (activity.isError) {
    return (
      <Box sx={{ py: 1 }}>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          The activity could not be loaded.
        </Typography>
        <Button variant="outlined" size="small" onClick={() => void activity.refetch()}>
          Try again
        </Button>
      </Box>
    );
  }
  if (items.length === 0) {
    return (
      <Box sx={{ py: 1 }}>
        <Typography color="text.secondary">{ACTIVITY_EMPTY_TITLE}</Typography>
        <Typography variant="body2" color="text.secondary">
          {ACTIVITY_EMPTY_HINT}
        </Typography>
      </Box>
    );
  }
  return (
    <List aria-label={label} disablePadding>
      {items.map((item) => (
        <ActivityEntry key={item.id} item={item} members={members} disableGutters />
      ))}
    </List>
  );
}
