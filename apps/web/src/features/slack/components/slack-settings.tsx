import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { SLACK_BOT_SCOPES, SLACK_REQUIRED_SETTINGS, type SlackConnection, type SlackStatus } from '@tandem/contract';
import { format, parseISO } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/relative-time';
import { showErrorToast, showToast } from '@/lib/toast-store';
import { useDisconnectSlack } from '../api/disconnect-slack';
import { useSlackStatus } from '../api/get-slack-status';
import { CopyableValue } from './copyable-value';

/** Props of {@link SlackSettings}. */
export interface SlackSettingsProps {
  workspaceId: string;
}

/** What Slack is for, in two sentences: the Slack tab's description (issue #12). */
export const slackPurpose =
  'Tandem asks people matched to a Slack user their questions in a direct message and takes their answers from the thread. Published summaries can be posted to a channel.';

/** Whom to ask, for members who see the connection but may not change it (PRODUCT §6 `connectSlack`). */
const ASK_TO_CONNECT = 'Ask an owner, executive or assistant to connect Slack.';
const ASK_TO_DISCONNECT = 'Ask an owner, executive or assistant to disconnect Slack.';

/**
 * The body of the Settings → Slack tab (issue #12; PRODUCT §3, §6, §8; GET v1/workspaces/{id}/slack);
 * the settings page puts it in its "Slack" card with {@link slackPurpose}:
 * - not configured on this server → the environment variables still missing, the redirect and
 *   events URLs to enter in the Slack app (copyable), the bot scopes, and the README's section;
 * - connected → team, who installed it and when, scopes, and "Disconnect" after a confirmation;
 * - plan without Slack (FREE) → Slack is on Pro and Enterprise, with the way to the plan;
 * - not connected → why the last connection ended, if it did, and "Connect Slack" (→ /slack/auth)
 *   for those who may connect, or whom to ask.
 */
export function SlackSettings({ workspaceId }: SlackSettingsProps) {
  const status = useSlackStatus(workspaceId);
  if (status.isPending) {
    return (
      <Box role="status" aria-label="Loading the Slack connection">
        <Skeleton variant="rounded" height={96} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" width={160} height={36} />
      </Box>
    );
  }
  if (status.isError) {
    return (
      <>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The Slack connection could not be loaded.
        </Typography>
        <Button variant="outlined" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </>
    );
  }
  return <SlackStatusBody workspaceId={workspaceId} status={status.data} />;
}

function SlackStatusBody({ workspaceId, status }: { workspaceId: string; status: SlackStatus }) {
  if (!status.configured) return <SlackSetupHelp status={status} />;
  if (status.connection) {
    return (
      <>
        {!status.planAllows && (
          <Alert severity="warning" sx={{ mb: 3 }}>
            The workspace's plan no longer includes Slack. <PlanLink />
          </Alert>
        )}
        <SlackConnectionDetails workspaceId={workspaceId} connection={status.connection} canDisconnect={status.canConnect} />
      </>
    );
  }
  if (!status.planAllows) {
    return (
      <Alert severity="info">
        Slack is included in the Pro and Enterprise plans. <PlanLink />
      </Alert>
    );
  }
  return <SlackConnect reason={status.disconnectedReason} canConnect={status.canConnect} />;
}

function PlanLink() {
  return (
    <Link component={RouterLink} to={paths.workspaces.settings.getHref('subscription')}>
      See your plan
    </Link>
  );
}

/** Not connected: why the last connection ended (if it did) and "Connect Slack", or whom to ask. */
function SlackConnect({ reason, canConnect }: { reason: string | null; canConnect: boolean }) {
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {reason && (
        <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
          {reason}
        </Alert>
      )}
      {canConnect ? (
        <>
          <Box>
            <Typography sx={{ fontWeight: 600 }}>Slack is not connected.</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 620, mt: 0.5 }}>
              Connecting takes you to Slack to choose the Slack workspace and allow Tandem's app, then brings you back here.
            </Typography>
          </Box>
          <Button variant="contained" onClick={() => void navigate(paths.slack.auth.getHref())}>
            Connect Slack
          </Button>
        </>
      ) : (
        <>
          <Typography sx={{ fontWeight: 600 }}>Slack is not connected.</Typography>
          <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
            {ASK_TO_CONNECT}
          </Alert>
        </>
      )}
    </Stack>
  );
}

/** One row of the connection's facts (a term and its description). */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.25, sm: 2 }, py: 1 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Connected: the team, who installed the app and when, its scopes, and "Disconnect" (asks first). */
function SlackConnectionDetails({
  workspaceId,
  connection,
  canDisconnect,
}: {
  workspaceId: string;
  connection: SlackConnection;
  canDisconnect: boolean;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const { teamName, installedBy, installedAt, scopes } = connection;
  // The toast is the hook's: once disconnected, this part of the tab is gone.
  const disconnect = useDisconnectSlack({
    meta: { errorToast: false },
    onSuccess: () => showToast(`Slack is disconnected from ${teamName}.`, 'success'),
    onError: (error) => showErrorToast(error),
  });

  const handleDisconnect = () => disconnect.mutate(workspaceId, { onSettled: () => setIsConfirming(false) });

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Chip label="Connected" color="success" size="small" variant="outlined" />
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        <Fact term="Slack workspace">{teamName}</Fact>
        <Fact term="Installed by">{installedBy ? `${installedBy.firstName} ${installedBy.lastName}`.trim() : 'A former member'}</Fact>
        <Fact term="Installed on">
          <time dateTime={installedAt} title={formatDateTime(installedAt)}>
            {format(parseISO(installedAt), 'MMMM d, yyyy')}
          </time>
        </Fact>
        <Fact term="Permissions">
          <Box component="ul" aria-label="Scopes" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, p: 0 }}>
            {scopes.map((scope) => (
              <li key={scope}>
                <Chip label={scope} size="small" sx={{ fontFamily: 'monospace' }} />
              </li>
            ))}
          </Box>
        </Fact>
      </Box>
      <Box sx={{ mt: 3 }}>
        {canDisconnect ? (
          <Button variant="outlined" color="error" onClick={() => setIsConfirming(true)}>
            Disconnect
          </Button>
        ) : (
          <Alert severity="info">{ASK_TO_DISCONNECT}</Alert>
        )}
      </Box>
      <ConfirmDialog
        open={isConfirming}
        title="Disconnect Slack?"
        confirmLabel="Disconnect"
        isDestructive
        isPending={disconnect.isPending}
        onConfirm={handleDisconnect}
        onClose={() => setIsConfirming(false)}
      >
        Tandem gives up its access to {teamName}: nobody is asked in Slack any more, and replies there no longer reach Tandem. You can
        connect again later.
      </ConfirmDialog>
    </>
  );
}

/** A name to type exactly (an environment variable, a Slack event). */
function Code({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box component="code" sx={[{ fontFamily: 'monospace', fontSize: '0.875em' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Box>
  );
}

/** Not configured on this server: what whoever runs Tandem sets, and what they enter in the Slack app. */
function SlackSetupHelp({ status }: { status: SlackStatus }) {
  const missing = status.missingSettings.length > 0 ? status.missingSettings : SLACK_REQUIRED_SETTINGS;
  return (
    <Stack spacing={3}>
      <Alert severity="info">Slack is not set up on this Tandem server yet.</Alert>
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          1. Set the Slack app's credentials
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Whoever runs this server creates a Slack app, sets these environment variables from its "Basic Information" page, and restarts
          Tandem:
        </Typography>
        <Box component="ul" aria-label="Missing settings" sx={{ mt: 1, mb: 0, pl: 3 }}>
          {missing.map((name) => (
            <Typography component="li" variant="body2" key={name}>
              <Code sx={{ fontWeight: 600 }}>{name}</Code>
            </Typography>
          ))}
        </Box>
      </Box>
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1.5 }}>
          2. Enter Tandem's addresses in the Slack app
        </Typography>
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <CopyableValue label="Redirect URL" hint="OAuth & Permissions → Redirect URLs" value={status.redirectUrl} />
          <CopyableValue label="Events request URL" hint="Event Subscriptions → Request URL" value={status.eventsUrl} />
        </Stack>
      </Box>
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
          3. Give the app its bot scopes
        </Typography>
        <Box
          component="ul"
          aria-label="Bot token scopes"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', m: 0, p: 0 }}
        >
          {SLACK_BOT_SCOPES.map((scope) => (
            <li key={scope}>
              <Chip label={scope} size="small" sx={{ fontFamily: 'monospace' }} />
            </li>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Under Event Subscriptions, subscribe the bot to <Code>message.im</Code>, <Code>app_uninstalled</Code> and{' '}
          <Code>tokens_revoked</Code>.
        </Typography>
      </Box>
      <Typography variant="body2">The section "Connecting Slack" of Tandem's README walks through each step.</Typography>
    </Stack>
  );
}
