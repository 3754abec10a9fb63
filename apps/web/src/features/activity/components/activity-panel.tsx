import Close from '@mui/icons-material/Close';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef } from 'react';
import { markActivitySeen, useSession } from '@/lib/session/session-store';
import { useActivity } from '../api/get-activity';
import { useMarkActivityRead } from '../api/mark-activity-read';
import { type MemberName } from '../utils/describe-activity';
import { ACTIVITY_EMPTY_HINT, ACTIVITY_EMPTY_TITLE, ActivityEntry } from './activity-entry';

/** Props of {@link ActivityPanel}. */
export interface ActivityPanelProps {
  workspaceId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The activity panel (PRODUCT §3 "activity", §4 activity + activity/read): a right-hand drawer
 * listing the workspace's items newest first as sentences with relative times, unread ones marked;
 * an item about a task opens it (and closes the panel).
 * Opening it, once the first page is shown, marks everything read up to the newest item, which
 * clears the header's dot (seed §4). "Show older" loads the next page.
 */
export function ActivityPanel({ workspaceId, open, onClose }: ActivityPanelProps) {
  const titleId = useId();
  const workspace = useSession((session) => session.workspace);
  const activity = useActivity(workspaceId, open);
  const markRead = useMarkActivityRead({ meta: { errorToast: false } });
  const markedFor = useRef<string | null>(null);

  const members = useMemo(
    () => new Map<string, MemberName>((workspace?.members ?? []).map((member) => [member.id, member])),
    [workspace?.members],
  );
  const items = useMemo(() => activity.data?.pages.flatMap((page) => page.items) ?? [], [activity.data]);
  const newest = items[0];

  useEffect(() => {
    if (!open) {
      markedFor.current = null;
      return;
    }
    if (!activity.isSuccess || activity.isFetching) return;
    const mark = newest?.createdAt ?? 'empty';
    if (markedFor.current === mark) return;
    markedFor.current = mark;
    markRead.mutate({ workspaceId, body: newest ? { until: newest.createdAt } : {} }, { onSuccess: () => markActivitySeen() });
  }, [open, activity.isSuccess, activity.isFetching, newest, workspaceId, markRead]);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 400 } } } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 2 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
          Activity
        </Typography>
        <IconButton aria-label="Close activity" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      {activity.isPending ? (
        <Box role="status" aria-label="Loading activity" sx={{ px: 2.5 }}>
          {[0, 1, 2, 3].map((row) => (
            <Box key={row} sx={{ py: 1.5 }}>
              <Skeleton width="85%" />
              <Skeleton width="30%" />
            </Box>
          ))}
        </Box>
      ) : activity.isError ? (
        <Box sx={{ px: 2.5, py: 4, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            The activity could not be loaded.
          </Typography>
          <Button variant="outlined" onClick={() => void activity.refetch()}>
            Try again
          </Button>
        </Box>
      ) : items.length === 0 ? (
        <Box sx={{ px: 2.5, py: 6, textAlign: 'center', color: 'text.secondary' }}>
          <NotificationsNoneOutlined sx={{ fontSize: 40, mb: 1 }} aria-hidden="true" />
          <Typography>{ACTIVITY_EMPTY_TITLE}</Typography>
          <Typography variant="body2">{ACTIVITY_EMPTY_HINT}</Typography>
        </Box>
      ) : (
        <List aria-label="Activity items" sx={{ px: 1 }}>
          {items.map((item) => (
            <ActivityEntry key={item.id} item={item} members={members} showUnread onNavigate={onClose} />
          ))}
        </List>
      )}
      {activity.hasNextPage && (
        <Box sx={{ px: 2.5, pb: 3 }}>
          <Button fullWidth variant="outlined" loading={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
            Show older
          </Button>
        </Box>
      )}
    </Drawer>
  );
}
