import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Contact, SlackUser } from '@tandem/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { useSlackStatus } from '@/features/slack';
import { getApiErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast-store';
import { useConfirmSlackMatch, useRemoveSlackMatch, useSlackMatch } from '../api/slack-match';
import { formatContactName } from '../utils/contact-format';

/** Props of {@link ContactSlackMatch}. */
export interface ContactSlackMatchProps {
  workspaceId: string;
  contact: Contact;
  /** The member may change people (PRODUCT §6 editQuestions): find, confirm, change and remove a match. */
  canEdit: boolean;
}

/** The time zone as the profile writes it ("America/New York"). */
const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * The person's Slack match on their page (issue #12: "matched to Slack users by email with a
 * confirmation step on the person's page; the match can be changed or removed"). Connected and not
 * matched: "Find in Slack" looks their email up and shows the candidate (name, @name, email, time
 * zone) to confirm or dismiss, or says nobody has that email. Matched: "Matched to @name in Slack"
 * with Change (looks up again to re-confirm) and Remove match (after a confirmation). Slack not
 * connected: a line pointing to Settings → Slack for members who may connect it (PRODUCT §6
 * connectSlack), plain text for the others. Confirming fills their time zone from Slack while it
 * is still UTC, so the profile reloads after it.
 */
export function ContactSlackMatch({ workspaceId, contact, canEdit }: ContactSlackMatchProps) {
  const status = useSlackStatus(workspaceId);
  const [isLooking, setLooking] = useState(false);
  const [isConfirmingRemoval, setConfirmingRemoval] = useState(false);
  const lookup = useSlackMatch(workspaceId, contact.id, isLooking);
  const confirm = useConfirmSlackMatch();
  const remove = useRemoveSlackMatch();
  const name = formatContactName(contact);
  const ref = { workspaceId, contactId: contact.id };
  const canChange = canEdit && contact.deletedAt === null;

  const startLookup = () => {
    confirm.reset();
    if (isLooking) void lookup.refetch();
    else setLooking(true);
  };

  const handleConfirm = (candidate: SlackUser) =>
    confirm.mutate(
      { ...ref, body: { slackUserId: candidate.slackUserId } },
      {
        onSuccess: (updated) => {
          showToast(`${name} is matched to @${updated.slackUserName ?? candidate.name} in Slack.`, 'success');
          setLooking(false);
        },
      },
    );

  const handleRemove = () =>
    remove.mutate(ref, {
      onSuccess: () => showToast(`${name} is no longer matched in Slack.`, 'success'),
      onError: (error) => showToast(getApiErrorMessage(error), 'error'),
      onSettled: () => setConfirmingRemoval(false),
    });

  if (status.isPending) {
    return (
      <Typography variant="body2" color="text.secondary">
        Loading Slack…
      </Typography>
    );
  }
  if (status.isError) {
    return (
      <Typography variant="body2" color="text.secondary">
        Slack’s status could not be loaded.
      </Typography>
    );
  }

  const isConnected = status.data.connection != null;
  const matchLine = contact.slackUserId && (
    <Typography>
      Matched to <strong>@{contact.slackUserName ?? contact.slackUserId}</strong> in Slack.
      {isConnected ? ' Requests sent “Slack where possible” reach them by direct message.' : ''}
    </Typography>
  );

  if (!isConnected) {
    return (
      <Box sx={{ display: 'grid', gap: 1 }}>
        {matchLine}
        <Typography variant="body2" color="text.secondary">
          {status.data.canConnect ? (
            <>
              Slack is not connected.{' '}
              <Link component={RouterLink} to={paths.workspaces.settings.getHref('slack')}>
                Connect Slack in Settings
              </Link>{' '}
              to ask people by direct message.
            </>
          ) : (
            'Slack is not connected to this workspace.'
          )}
        </Typography>
      </Box>
    );
  }

  const candidate = isLooking && lookup.isSuccess ? lookup.data : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {matchLine ||
        (!isLooking && (
          <Typography color="text.secondary">
            {contact.email ? 'Not matched to a Slack user yet.' : 'No email address: add one to find them in Slack.'}
          </Typography>
        ))}
      {canChange && !isLooking && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {contact.slackUserId ? (
            <>
              {contact.email && (
                <Button variant="outlined" onClick={startLookup}>
                  Change
                </Button>
              )}
              <Button color="error" onClick={() => setConfirmingRemoval(true)}>
                Remove match
              </Button>
            </>
          ) : (
            contact.email && (
              <Button variant="outlined" startIcon={<Search />} onClick={startLookup}>
                Find in Slack
              </Button>
            )
          )}
        </Box>
      )}
      {isLooking && lookup.isFetching && (
        <Typography variant="body2" color="text.secondary" role="status">
          Looking for {contact.email} in Slack…
        </Typography>
      )}
      {isLooking && !lookup.isFetching && lookup.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setLooking(false)}>
              Close
            </Button>
          }
        >
          {getApiErrorMessage(lookup.error)}
        </Alert>
      )}
      {!lookup.isFetching && candidate === null && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => setLooking(false)}>
              Close
            </Button>
          }
        >
          No one in Slack has the email {contact.email}.
        </Alert>
      )}
      {!lookup.isFetching && candidate && (
        <Box
          role="group"
          aria-label="Slack user found"
          sx={{ display: 'grid', gap: 1, p: 2, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
        >
          <Typography variant="subtitle2" component="h3">
            Is this {name}?
          </Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
            {(
              [
                ['Name', candidate.realName || candidate.name],
                ['Slack name', `@${candidate.name}`],
                ['Email', candidate.email ?? 'Not shown by Slack'],
                ['Time zone', candidate.timeZone ? zoneLabel(candidate.timeZone) : 'Not set in Slack'],
              ] as const
            ).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          {contact.timeZone === 'UTC' && candidate.timeZone && candidate.timeZone !== 'UTC' && (
            <Typography variant="body2" color="text.secondary">
              Confirming also sets their time zone to {zoneLabel(candidate.timeZone)}.
            </Typography>
          )}
          {confirm.isError && <Alert severity="error">{confirm.error.errorData?.slackUserId ?? getApiErrorMessage(confirm.error)}</Alert>}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" loading={confirm.isPending} onClick={() => handleConfirm(candidate)}>
              Confirm match
            </Button>
            <Button color="inherit" disabled={confirm.isPending} onClick={() => setLooking(false)}>
              Not them
            </Button>
          </Box>
        </Box>
      )}
      <ConfirmDialog
        open={isConfirmingRemoval}
        title={`Remove the Slack match of ${name}?`}
        confirmLabel="Remove match"
        isDestructive
        isPending={remove.isPending}
        onConfirm={handleRemove}
        onClose={() => setConfirmingRemoval(false)}
      >
        Requests sent “Slack where possible” will reach them by email instead. Messages already sent in Slack stay there.
      </ConfirmDialog>
    </Box>
  );
}
