import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { PublicBrief } from '@tandem/contract';
import { useId, type ReactNode } from 'react';
import { LazyMarkdown } from '@/components/ui/lazy-markdown';
import { formatDateTime, formatRelativeTime } from '@/lib/relative-time';
import { formatMeetingTime } from '../utils/meeting-time';

/** Props of {@link PublicBriefView}. */
export interface PublicBriefViewProps {
  brief: PublicBrief;
}

/**
 * A shared brief as /b/{id} shows it (issue #9): the meeting header (title, date and time in the
 * meeting's zone with the zone's name, "Prepared by {first name}"), then each section's heading and
 * its markdown through the safe component. One readable column at any width (phones first); a
 * print shows the same column without the Print button.
 */
export function PublicBriefView({ brief }: PublicBriefViewProps) {
  const meeting = brief.meetingAt && brief.meetingTimeZone ? formatMeetingTime(brief.meetingAt, brief.meetingTimeZone) : null;
  return (
    <Box
      component="article"
      sx={{
        maxWidth: '44rem',
        mx: 'auto',
        '& p, & li': { fontSize: { xs: '1.0625rem', sm: '1.0625rem' }, lineHeight: 1.65 },
        '@media print': { maxWidth: 'none', '& p, & li': { fontSize: '11pt', lineHeight: 1.5 } },
      }}
    >
      <title>{`${brief.title} · Tandem`}</title>
      <Box component="header" sx={{ mb: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            Executive brief
          </Typography>
          <Button size="small" color="inherit" startIcon={<Print />} onClick={() => window.print()} sx={{ displayPrint: 'none' }}>
            Print
          </Button>
        </Box>
        <Typography
          variant="h1"
          sx={{
            fontSize: { xs: '1.75rem', sm: '2.25rem' },
            lineHeight: 1.2,
            mt: 0.5,
            overflowWrap: 'anywhere',
            '@media print': { fontSize: '20pt' },
          }}
        >
          {brief.title}
        </Typography>
        <Box component="dl" sx={{ m: 0, mt: 2, display: 'grid', gap: 1.5 }}>
          {meeting ? (
            <MeetingField label="Meeting">
              <time dateTime={brief.meetingAt ?? undefined}>
                {meeting.date} · {meeting.time}
              </time>{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                ({meeting.zoneName})
              </Box>
              {meeting.readerTime && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', displayPrint: 'none' }}>
                  Your time: {meeting.readerTime}
                </Typography>
              )}
            </MeetingField>
          ) : (
            <MeetingField label="Meeting">No meeting time set</MeetingField>
          )}
          {brief.authorFirstName && <MeetingField label="Prepared by">{brief.authorFirstName}</MeetingField>}
        </Box>
      </Box>
      <Divider sx={{ '@media print': { borderColor: '#000' } }} />
      {brief.sections.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          This brief has no sections yet.
        </Typography>
      ) : (
        brief.sections.map((section, index) => <PublicBriefSection key={index} heading={section.heading} body={section.body} />)
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 5 }}>
        Last updated{' '}
        <time dateTime={brief.updatedAt} title={formatDateTime(brief.updatedAt)}>
          {formatRelativeTime(brief.updatedAt)}
        </time>
      </Typography>
    </Box>
  );
}

function MeetingField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One section: its heading (h2) and its markdown, which renders inert (no raw HTML, safe links only). */
function PublicBriefSection({ heading, body }: { heading: string; body: string }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: { xs: 3, sm: 4 }, '@media print': { mt: 3 } }}>
      <Typography
        id={headingId}
        variant="h2"
        sx={{
          fontSize: { xs: '1.25rem', sm: '1.375rem' },
          mb: 1.5,
          overflowWrap: 'anywhere',
          '@media print': { fontSize: '14pt', breakAfter: 'avoid' },
        }}
      >
        {heading.trim() || 'Untitled section'}
      </Typography>
      {body.trim() ? (
        <Box sx={{ overflowWrap: 'anywhere' }}>
          <LazyMarkdown>{body}</LazyMarkdown>
        </Box>
      ) : (
        <Typography color="text.secondary">Nothing written here yet.</Typography>
      )}
    </Box>
  );
}
