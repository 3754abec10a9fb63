import EventOutlined from '@mui/icons-material/EventOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Brief } from '@tandem/contract';
import type { ReactNode } from 'react';
import { LazyMarkdown } from '@/components/ui/lazy-markdown';
import { formatRelativeTime } from '@/lib/relative-time';
import { formatMeetingTime, getBrowserTimeZone } from '../utils/meeting-time';
import { BriefStatusChip } from './brief-status-chip';
import { SectionMarkSummary } from './section-mark';

/** Props of {@link BriefReadView}. */
export interface BriefReadViewProps {
  brief: Brief;
  /** What a section shows under its text: its mark (default), or the executive's mark buttons. */
  renderMark?: (section: Brief['sections'][number]) => ReactNode;
  /** Buttons beside the status (Acknowledge, Mark ready). */
  actions?: ReactNode;
  /** What follows the last section (the executive's second "Acknowledge"). */
  footer?: ReactNode;
}

/**
 * A brief rendered for reading (issue #9; PRODUCT §6: USERs and GUESTs view, the executive reads and
 * marks): the title (the page's h1), status, the meeting in the zone it is held in and its attendees,
 * then each section (an h2) with its text through the safe markdown component, and its mark. One
 * column, comfortable on a phone.
 */
export function BriefReadView({ brief, renderMark, actions, footer }: BriefReadViewProps) {
  const attendees = brief.attendees.map((attendee) => `${attendee.firstName} ${attendee.lastName}`).join(', ');
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box component="header" sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
          <BriefStatusChip status={brief.status} />
          {brief.confidential && <Chip size="small" icon={<LockOutlined />} label="Confidential" />}
          <Box sx={{ flex: 1 }} />
          {actions}
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
          {brief.title}
        </Typography>
        <Box sx={{ display: 'grid', gap: 0.5, mt: 1, color: 'text.secondary' }}>
          <Typography sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <EventOutlined fontSize="small" aria-hidden="true" sx={{ mt: '2px' }} />
            {brief.meetingAt ? formatMeetingTime(brief.meetingAt, brief.meetingTimeZone, getBrowserTimeZone()) : 'No meeting time set'}
          </Typography>
          {attendees && (
            <Typography sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', overflowWrap: 'anywhere' }}>
              <GroupOutlined fontSize="small" aria-hidden="true" sx={{ mt: '2px' }} />
              With {attendees}
            </Typography>
          )}
          {brief.status === 'ACKNOWLEDGED' && brief.acknowledgedBy && brief.acknowledgedAt && (
            <Typography variant="body2">
              Acknowledged by {brief.acknowledgedBy.firstName} {brief.acknowledgedBy.lastName}, {formatRelativeTime(brief.acknowledgedAt)}.
            </Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {brief.sections.map((section) => (
          <Card key={section.id} component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1, overflowWrap: 'anywhere' }}>
              {section.heading.trim() || 'Untitled section'}
            </Typography>
            {section.body.trim() ? (
              <Box sx={{ overflowWrap: 'anywhere' }}>
                <LazyMarkdown>{section.body}</LazyMarkdown>
              </Box>
            ) : (
              <Typography color="text.secondary">Nothing here yet.</Typography>
            )}
            <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>
              {renderMark ? renderMark(section) : <SectionMarkSummary section={section} />}
            </Box>
          </Card>
        ))}
        {brief.sections.length === 0 && <Typography color="text.secondary">This brief has no sections yet.</Typography>}
        {footer}
      </Box>
    </Box>
  );
}
