import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { ActivityItem } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { paths } from '@/config/paths';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { describeActivity, type MemberName } from '../utils/describe-activity';

/**
 * What the activity lists say when there is nothing yet (issue #8: promise only what exists —
 * the kinds the server records today).
 */
export const ACTIVITY_EMPTY_TITLE = 'Nothing has happened here yet.';
export const ACTIVITY_EMPTY_HINT =
  'Invitations, new members, member type and plan changes, and tasks added, assigned, completed or overdue will appear here.';

/** Props of {@link ActivityEntry}. */
export interface ActivityEntryProps {
  item: ActivityItem;
  /** Fallback names for `subject.memberId` (the session's members). */
  members?: ReadonlyMap<string, MemberName>;
  /** Marks unread items (tinted, a dot, "(new)" for screen readers): the header's panel does. */
  showUnread?: boolean;
  /** Called when a task item's link is followed (e.g. to close the panel). */
  onNavigate?: () => void;
  /** Gutters of the row: the dashboard's card has its own padding. */
  disableGutters?: boolean;
}

/**
 * One activity item as a list row: its sentence ({@link describeActivity}, rendered as text, so
 * user-written titles stay inert) and a relative time with the full date as a title. An item about
 * a task links to that task's drawer on /tasks (`?task=<id>`); one about a summary (SUMMARY_PUBLISHED,
 * issue #11) to that summary's page.
 */
export function ActivityEntry({ item, members, showUnread = false, onNavigate, disableGutters = false }: ActivityEntryProps) {
  const unread = showUnread && item.isUnread;
  const text = (
    <ListItemText
      primary={
        <>
          {describeActivity(item, members)}
          {unread && (
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (new)
            </Box>
          )}
        </>
      }
      secondary={
        <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatRelativeTime(item.createdAt)}
        </time>
      }
      sx={{ my: 0.5, overflowWrap: 'anywhere' }}
    />
  );
  const dot = showUnread && (
    <Box
      aria-hidden="true"
      sx={{ width: 8, height: 8, borderRadius: '50%', mt: 1.25, mr: 1.5, flexShrink: 0, bgcolor: unread ? 'primary.main' : 'transparent' }}
    />
  );
  const rowSx = { borderRadius: '12px', alignItems: 'flex-start', bgcolor: unread ? 'action.selected' : 'transparent' };
  const taskId = item.subject.taskId;
  const summaryId = item.subject.summaryId;
  const href = taskId
    ? paths.tasks.list.getHref(new URLSearchParams({ task: taskId }))
    : summaryId
      ? paths.questions.summaries.detail.getHref(summaryId)
      : null;
  if (href) {
    return (
      <ListItem disablePadding sx={{ mb: 0.5 }}>
        <ListItemButton
          component={RouterLink}
          to={href}
          onClick={onNavigate}
          disableGutters={disableGutters}
          sx={{ ...rowSx, ...(disableGutters ? { px: 1 } : {}) }}
        >
          {dot}
          {text}
        </ListItemButton>
      </ListItem>
    );
  }
  return (
    <ListItem disableGutters={disableGutters} sx={{ ...rowSx, mb: 0.5, ...(disableGutters ? { px: 1 } : {}) }}>
      {dot}
      {text}
    </ListItem>
  );
}
