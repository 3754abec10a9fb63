import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Brief } from '@tandem/contract';
import type { ReactNode } from 'react';
import { LazyMarkdown } from '@/components/ui/lazy-markdown';
import { formatMeetingTime, getBrowserTimeZone } from '../utils/meeting-time';
import { BriefStatusChip } from './brief-status-chip';
import { SectionMarkSummary } from './section-mark';

/** Props of {@link BriefReadView}. */
export interface BriefReadViewProps {
  brief: Brief;
  /** What a section shows under its text: its mark (default), or the executive's mark buttons. */
  renderMark?: (section: Brief['sections'][number]) => ReactNode;
  /** Buttons beside the status (Acknowledge). */
  actions?: ReactNode;
}

/**
 * A brief read-only (issue #9; PRODUCT §6: USERs and GUESTs view): the title, status, meeting in
 * its own zone and attendees, then each section's heading and text rendered with the safe markdown
 * component, and its mark. One column, comfortable on a phone.
 */
export function BriefReadView({ brief, renderMark, actions }: BriefReadViewProps) {
  const attendees = brief.attendees.map((attendee) => `${attendee.firstName} ${attendee.lastName}`).join(', ');
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Box sx={{ mb: 3 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <BriefStatusChip status={brief.status} />
          {brief.confidential && <Chip size="small" icon={<LockOutlined />} label="Confidential" />}
          <Box sx={{ flex: 1 }} />
          {actions}
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
          {brief.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {brief.meetingAt ? formatMeetingTime(brief.meetingAt, brief.meetingTimeZone, getBrowserTimeZone()) : 'No meeting time set'}
          {attendees ? ` · With ${attendees}` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {brief.sections.map((section) => (
          <Card key={section.id} component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1, overflowWrap: 'anywhere' }}>
              {section.heading.trim() || 'Untitled section'}
            </Typography>
            {section.body.trim() ? (
              <LazyMarkdown>{section.body}</LazyMarkdown>
            ) : (
              <Typography color="text.secondary">Nothing here yet.</Typography>
            )}
            <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>
              {renderMark ? renderMark(section) : <SectionMarkSummary section={section} />}
            </Box>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
