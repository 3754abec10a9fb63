import type { SlackOAuthCallbackBody } from '@tandem/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-store';
import { showErrorToast, showToast } from '@/lib/toast-store';
import { useCompleteSlackOAuth } from '@/features/slack/api/complete-slack-oauth';
import { SlackProgress } from '@/features/slack/components/slack-progress';

/** What Slack put on the callback URL: `state`, and `code` or `error` (e.g. access_denied). */
function readCallback(searchParams: URLSearchParams): SlackOAuthCallbackBody {
  return {
    state: searchParams.get('state') ?? '',
    code: searchParams.get('code') ?? undefined,
    error: searchParams.get('error') ?? undefined,
  };
}

/**
 * /slack/oauth/callback (issue #12; PRODUCT §3 "finishes it and returns to settings with a toast"):
 * takes `code`, `state` and `error` off the address (the code never stays in the URL or the
 * history), hands them once to POST …/slack/oauth/callback (once even under StrictMode), then
 * replaces this page with Settings → Slack and a toast: "Slack connected to {team}." or the
 * server's message (declined consent, bad or reused state, failed exchange).
 */
function SlackOAuthCallbackRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [callback] = useState(() => readCallback(searchParams));
  const workspaceId = useSession((session) => session.workspace?.id ?? null);
  const hasStarted = useRef(false);
  const settingsHref = paths.workspaces.settings.getHref('slack');
  const { mutate } = useCompleteSlackOAuth({
    meta: { errorToast: false },
    onSuccess: (status) => {
      const teamName = status.connection?.teamName;
      showToast(teamName ? `Slack connected to ${teamName}.` : 'Slack connected.', 'success');
      void navigate(settingsHref, { replace: true });
    },
    onError: (error) => {
      showErrorToast(error);
      void navigate(settingsHref, { replace: true });
    },
  });

  useEffect(() => {
    if (!workspaceId || hasStarted.current) return;
    hasStarted.current = true;
    void navigate(paths.slack.callback.getHref(), { replace: true });
    if (!callback.state) {
      showToast('The link from Slack is incomplete. Connect Slack again from this page.', 'error');
      void navigate(settingsHref, { replace: true });
      return;
    }
    mutate({ workspaceId, body: callback });
  }, [workspaceId, callback, mutate, navigate, settingsHref]);

  return (
    <>
      <title>Connecting Slack · Tandem</title>
      <SlackProgress message="Connecting Slack…" />
    </>
  );
}

export { SlackOAuthCallbackRoute as Component };
