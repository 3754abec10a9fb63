import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useSession } from '../stores/session-store';

/**
 * The header's new-activity indicator (seed §4): a bell with a dot when the current member's
 * hasNewActivityItems is true. An image named "New activity" / "No new activity".
 */
export function ActivityIndicator() {
  const hasNew = useSession((session) => session.workspaceMember?.hasNewActivityItems ?? false);
  const label = hasNew ? 'New activity' : 'No new activity';
  return (
    <Tooltip title={label}>
      <Box
        role="img"
        aria-label={label}
        tabIndex={0}
        sx={{
          display: 'inline-flex',
          p: 1,
          borderRadius: '50%',
          color: 'text.secondary',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <Badge color="primary" variant="dot" invisible={!hasNew} overlap="circular">
          <NotificationsNoneOutlined />
        </Badge>
      </Box>
    </Tooltip>
  );
}
