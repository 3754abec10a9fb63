import ContentCopy from '@mui/icons-material/ContentCopyOutlined';
import EditNote from '@mui/icons-material/EditNoteOutlined';
import LinkOff from '@mui/icons-material/LinkOffOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Recipient } from '@tandem/contract';
import { Link as RouterLink } from 'react-router';
import { ActionReason } from '@/components/ui/action-reason';
import { paths } from '@/config/paths';
import { isRemindable } from '../utils/request-format';
import { RecipientChannelChip } from './recipient-channel-chip';
import { contactName, formatWhen } from '../utils/request-format';
import { RecipientStateChip } from './request-progress';

/** What the assistant can do with one recipient (absent = not offered). */
export interface RecipientActions {
  onCopyLink: (recipient: Recipient) => void;
  onRemind?: (recipient: Recipient) => void;
  onRevoke?: (recipient: Recipient) => void;
  onRecord?: (recipient: Recipient) => void;
  /** "Send by email instead" after a delivery failure (issue #12). */
  onSendByEmail?: (recipient: Recipient) => void;
  /** The recipient whose remind is in flight. */
  remindingId?: string | null;
  /** The recipient whose "Send by email instead" is in flight. */
  emailingId?: string | null;
}

function times(recipient: Recipient): string {
  const parts = [`Sent ${formatWhen(recipient.sentAt)}`];
  if (recipient.openedAt) parts.push(`opened ${formatWhen(recipient.openedAt)}`);
  if (recipient.completedAt) parts.push(`answered ${formatWhen(recipient.completedAt)}`);
  else if (recipient.lastAnsweredAt) parts.push(`last answer ${formatWhen(recipient.lastAnsweredAt)}`);
  if (recipient.remindersSent > 0)
    parts.push(`${recipient.remindersSent} ${recipient.remindersSent === 1 ? 'reminder' : 'reminders'} sent`);
  return parts.join(' · ');
}

/**
 * The request's recipients (issue #10 "per-recipient state with times"): name (to their profile),
 * email, channel and state chips, sent / opened / answered times and reminders, and the actions
 * copy link, remind, revoke link and record answers. A revoked or expired link is said; a delivery
 * error is a warning on the row with "Send by email instead" (issue #12), disabled with the reason
 * when the person has no email.
 */
export function RecipientList({ recipients, actions }: { recipients: Recipient[]; actions: RecipientActions }) {
  return (
    <Box component="ul" aria-label="People asked" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {recipients.map((recipient) => {
        const name = contactName(recipient.contact);
        return (
          <Box
            component="li"
            key={recipient.id}
            aria-label={name}
            sx={{ py: 1.5, '& + &': { borderTop: 1, borderColor: 'divider' }, display: 'grid', gap: 1 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              {recipient.contact.isFormer ? (
                <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
              ) : (
                <Link component={RouterLink} to={paths.questions.people.detail.getHref(recipient.contact.id)} sx={{ fontWeight: 600 }}>
                  {name}
                </Link>
              )}
              <RecipientChannelChip channel={recipient.channel} />
              <RecipientStateChip state={recipient.state} />
              {!recipient.link.isActive && (
                <Typography variant="body2" color="error">
                  {recipient.link.revokedAt ? 'Link revoked' : 'Link expired'}
                </Typography>
              )}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {recipient.contact.email ?? 'No email'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {times(recipient)}
            </Typography>
            {recipient.deliveryError && (
              <Alert severity="warning" variant="outlined">
                <Box component="span" sx={{ display: 'block' }}>
                  {recipient.deliveryError}
                </Box>
                {actions.onSendByEmail && (
                  <ActionReason reason={recipient.contact.email ? null : 'They have no email address.'}>
                    <Button
                      size="small"
                      color="inherit"
                      variant="outlined"
                      startIcon={<MailOutline />}
                      disabled={!recipient.contact.email}
                      loading={actions.emailingId === recipient.id}
                      onClick={() => actions.onSendByEmail?.(recipient)}
                      aria-label={`Send by email instead to ${name}`}
                      sx={{ mt: 1 }}
                    >
                      Send by email instead
                    </Button>
                  </ActionReason>
                )}
              </Alert>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {recipient.link.isActive && (
                <Button
                  size="small"
                  startIcon={<ContentCopy />}
                  onClick={() => actions.onCopyLink(recipient)}
                  aria-label={`Copy link of ${name}`}
                >
                  Copy link
                </Button>
              )}
              {actions.onRemind && isRemindable(recipient) && (
                <Button
                  size="small"
                  startIcon={<NotificationsActive />}
                  loading={actions.remindingId === recipient.id}
                  onClick={() => actions.onRemind?.(recipient)}
                  aria-label={`Remind ${name}`}
                >
                  Remind
                </Button>
              )}
              {actions.onRecord && (
                <Button
                  size="small"
                  startIcon={<EditNote />}
                  onClick={() => actions.onRecord?.(recipient)}
                  aria-label={`Record answers for ${name}`}
                >
                  Record answers
                </Button>
              )}
              {actions.onRevoke && recipient.link.isActive && (
                <Button
                  size="small"
                  color="error"
                  startIcon={<LinkOff />}
                  onClick={() => actions.onRevoke?.(recipient)}
                  aria-label={`Revoke link of ${name}`}
                >
                  Revoke link
                </Button>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
