import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TimelineEntry } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/relative-time';

/** Props of {@link ContactTimeline}. */
export interface ContactTimelineProps {
  /** Oldest first. */
  entries: readonly TimelineEntry[];
  /** The person's name, for their messages and answers. */
  contactName: string;
}

const memberName = (member: { firstName: string; lastName: string } | null) =>
  member ? `${member.firstName} ${member.lastName}`.trim() : 'A former member';

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/**
 * One person's timeline, oldest first (issue #10 "one timeline per contact merging requests sent,
 * answers and free messages"): a request sent is a line in the middle linking to the request;
 * answers sit on the person's side with each question's prompt, the answer text and a "Late" flag;
 * messages are bubbles — the office's on the right, the person's on the left — with author and time.
 * Every text is rendered inert.
 */
export function ContactTimeline({ entries, contactName }: ContactTimelineProps) {
  return (
    <Box component="ol" aria-label="Conversation" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {entries.map((entry) => {
        if (entry.kind === 'REQUEST_SENT') {
          return (
            <Box component="li" key={entry.id} sx={{ textAlign: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                Request sent:{' '}
                <Link component={RouterLink} to={paths.questions.detail.getHref(entry.requestId)} sx={{ fontWeight: 500 }}>
                  {entry.requestTitle}
                </Link>
                {entry.sentBy && ` by ${memberName(entry.sentBy)}`} · <When at={entry.at} />
              </Typography>
            </Box>
          );
        }
        if (entry.kind === 'ANSWERS') {
          return (
            <Box component="li" key={entry.id} sx={{ display: 'flex', justifyContent: 'flex-start' }}>
              <Box sx={{ maxWidth: { xs: '92%', sm: '75%' }, border: 1, borderColor: 'divider', borderRadius: '16px', px: 2, py: 1.5 }}>
                <Typography variant="caption" component="p" color="text.secondary" sx={{ fontWeight: 600 }}>
                  {contactName} answered{' '}
                  <Link component={RouterLink} to={paths.questions.detail.getHref(entry.requestId)}>
                    {entry.requestTitle}
                  </Link>{' '}
                  · <When at={entry.at} />
                </Typography>
                <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gap: 1 }}>
                  {entry.answers.map((answer) => (
                    <Box key={answer.itemId}>
                      <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {answer.prompt}
                      </Typography>
                      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {answer.text}
                        {answer.late && <Chip size="small" color="warning" variant="outlined" label="Late" sx={{ ml: 1 }} />}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            </Box>
          );
        }
        const { message } = entry;
        const isOffice = message.authorType === 'MEMBER';
        return (
          <Box component="li" key={entry.id} sx={{ display: 'flex', justifyContent: isOffice ? 'flex-end' : 'flex-start' }}>
            <Box
              sx={{
                maxWidth: { xs: '85%', sm: '70%' },
                px: 2,
                py: 1.25,
                borderRadius: '16px',
                bgcolor: isOffice ? 'primary.main' : 'action.hover',
                color: isOffice ? 'primary.contrastText' : 'text.primary',
              }}
            >
              <Typography variant="caption" component="p" sx={{ fontWeight: 600, opacity: 0.9 }}>
                {isOffice ? memberName(message.member) : contactName} · <When at={message.createdAt} />
                {message.via === 'SLACK' && ' · in Slack'}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
