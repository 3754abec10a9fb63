import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Suspense, useState } from 'react';
import { useHasOpened } from '@/hooks/use-has-opened';
import { lazyWithPreload, onIntent } from '@/lib/lazy-with-preload';
import { useSession } from '@/lib/session/session-store';

// Loaded on intent to open: the panel is not part of a page's first render (issue #13).
const ActivityPanel = lazyWithPreload(async () => (await import('./activity-panel')).ActivityPanel);

/**
 * The header's new-activity indicator (seed §4): a bell with a dot while the current member's
 * hasNewActivityItems is true, named "New activity" / "No new activity". Pressing it opens the
 * {@link ActivityPanel}, which marks the items read.
 */
export function ActivityButton() {
  const workspaceId = useSession((session) => session.workspace?.id ?? null);
  const hasNew = useSession((session) => session.workspaceMember?.hasNewActivityItems ?? false);
  const [open, setOpen] = useState(false);
  const hasOpened = useHasOpened(open);
  if (!workspaceId) return null;
  const label = hasNew ? 'New activity' : 'No new activity';
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          {...onIntent(ActivityPanel.preload)}
        >
          <Badge color="primary" variant="dot" invisible={!hasNew} overlap="circular">
            <NotificationsNoneOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      {hasOpened && (
        <Suspense fallback={null}>
          <ActivityPanel workspaceId={workspaceId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
