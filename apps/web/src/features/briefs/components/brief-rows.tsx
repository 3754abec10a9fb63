import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { BriefListItem } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/relative-time';
import { formatMeetingClock, formatMeetingTime, getBrowserTimeZone } from '../utils/meeting-time';
import { BriefStatusChip } from './brief-status-chip';

/** Props of {@link BriefRows}. */
export interface BriefRowsProps {
  briefs: readonly BriefListItem[];
  /** Accessible name of the list. */
  label: string;
  /** Shown instead of an empty list. */
  emptyText: string;
  /** 'time': meetings of today, the clock only; 'full': date and time. */
  meeting?: 'time' | 'full';
  /** How many there are in all (the dashboard caps its lists); more than shown adds a line. */
  total?: number;
}

/** The words of a brief's marks ("2 need more · 1 decided"), or ''. */
export function describeMarks(marks: BriefListItem['marks']): string {
  const parts = [
    marks.NEED_MORE > 0 ? `${marks.NEED_MORE} need more` : '',
    marks.DECIDED > 0 ? `${marks.DECIDED} decided` : '',
    marks.READ > 0 ? `${marks.READ} read` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * Brief rows (issue #9 list and dashboard): each a link to the brief with its status chip, the
 * meeting in its own time zone (named when it differs from the viewer's), the executive's marks,
 * and a lock for a confidential brief.
 */
export function BriefRows({ briefs, label, emptyText, meeting = 'full', total }: BriefRowsProps) {
  const viewerZone = getBrowserTimeZone();
  if (briefs.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <>
      <List aria-label={label} disablePadding sx={{ mx: -1 }}>
        {briefs.map((brief) => {
          const when = brief.meetingAt
            ? meeting === 'time'
              ? formatMeetingClock(brief.meetingAt, brief.meetingTimeZone, viewerZone)
              : formatMeetingTime(brief.meetingAt, brief.meetingTimeZone, viewerZone)
            : 'No meeting set';
          const marks = describeMarks(brief.marks);
          return (
            <ListItem key={brief.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={paths.briefs.detail.getHref(brief.id)}
                sx={{ borderRadius: '12px', px: 1, gap: 1.5 }}
              >
                <ListItemText
                  primary={
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                      {brief.confidential && <LockOutlined fontSize="inherit" titleAccess="Confidential" />}
                      {brief.title}
                    </Box>
                  }
                  slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } } }}
                  secondary={[when, marks, `updated ${formatRelativeTime(brief.updatedAt)}`].filter(Boolean).join(' · ')}
                />
                {brief.marks.NEED_MORE > 0 && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="warning"
                    label="Needs more"
                    sx={{ flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}
                  />
                )}
                <Box sx={{ flexShrink: 0 }}>
                  <BriefStatusChip status={brief.status} />
                </Box>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {total !== undefined && total > briefs.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          and {total - briefs.length} more
        </Typography>
      )}
    </>
  );
}
