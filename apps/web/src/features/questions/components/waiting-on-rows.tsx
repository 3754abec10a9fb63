import NotificationsActive from '@mui/icons-material/NotificationsActiveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { WaitingOn } from '@tandem/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { getApiErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast-store';
import { useRemindRecipients } from '../api/request-mutations';
import { describeRemindResult } from '../utils/remind-result';
import { contactName, describeOverdue, formatDueDate } from '../utils/request-format';
import { RecipientStateChip } from './request-progress';

/** Props of {@link WaitingOnRows}. */
export interface WaitingOnRowsProps {
  rows: WaitingOn[];
  /** How many there are in all (a "+ n more" line when more than shown). */
  total?: number;
  label: string;
  emptyText: string;
  /** Given to editors: a "Remind" button per row Tandem delivers to (EMAIL, or a Slack DM since issue #12; POST …/remind for that recipient). */
  workspaceId?: string;
}

/**
 * People who owe answers (issue #10 "Waiting on"), oldest request first: the person (to their
 * profile), the request (to it), their state, the due date and how overdue, and for editors a
 * Remind button.
 */
export function WaitingOnRows({ rows, total, label, emptyText, workspaceId }: WaitingOnRowsProps) {
  const remind = useRemindRecipients();
  const [remindingId, setRemindingId] = useState<string | null>(null);
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  const more = (total ?? rows.length) - rows.length;
  return (
    <>
      <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {rows.map((row) => {
          const name = contactName(row.contact);
          return (
            <Box
              component="li"
              key={row.recipientId}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Link component={RouterLink} to={paths.questions.people.detail.getHref(row.contact.id)} sx={{ fontWeight: 600 }}>
                    {name}
                  </Link>
                  <RecipientStateChip state={row.state} />
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  <Link component={RouterLink} to={paths.questions.detail.getHref(row.requestId)} color="inherit">
                    {row.requestTitle}
                  </Link>
                  {row.dueDate ? ` · due ${formatDueDate(row.dueDate)}` : ''}
                  {row.daysOverdue > 0 && (
                    <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
                      {` · ${describeOverdue(row.daysOverdue)}`}
                    </Box>
                  )}
                </Typography>
              </Box>
              {workspaceId && row.channel !== 'LINK' && (
                <Button
                  size="small"
                  startIcon={<NotificationsActive />}
                  aria-label={`Remind ${name}`}
                  loading={remindingId === row.recipientId}
                  onClick={() => {
                    setRemindingId(row.recipientId);
                    remind.mutate(
                      { workspaceId, requestId: row.requestId, recipientIds: [row.recipientId] },
                      {
                        onSuccess: (result) => {
                          const { message, type } = describeRemindResult(result);
                          showToast(message, type);
                        },
                        onError: (error) => showToast(getApiErrorMessage(error), 'error'),
                        onSettled: () => setRemindingId(null),
                      },
                    );
                  }}
                >
                  Remind
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          and {more} more
        </Typography>
      )}
    </>
  );
}
