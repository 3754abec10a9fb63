import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { resolveNavigation } from '@/lib/safe-navigation';
import { useSession } from '@/lib/session/session-store';
import { showErrorToast, showToast } from '@/lib/toast-store';
import { useInstallSlack } from '@/features/slack/api/install-slack';
import { SlackProgress } from '@/features/slack/components/slack-progress';

/**
 * /slack/auth (issue #12; PRODUCT §3 "starts Slack's OAuth v2"): asks the API for Slack's authorize
 * URL (POST …/slack/install, once even under StrictMode) and replaces this page with it, so Back
 * from Slack returns to the settings rather than here (which would go to Slack again). A refusal
 * (402 plan, 403 role, 409 not configured) returns to Settings → Slack with the server's message.
 */
function SlackAuthRoute() {
  const navigate = useNavigate();
  const workspaceId = useSession((session) => session.workspace?.id ?? null);
  const hasStarted = useRef(false);
  const settingsHref = paths.workspaces.settings.getHref('slack');
  const { mutate } = useInstallSlack({
    meta: { errorToast: false },
    onSuccess: ({ authorizeUrl }) => {
      try {
        // The same checks as navigateTo (no javascript:, leaving the origin only on purpose), but replacing the entry.
        const target = resolveNavigation(authorizeUrl, window.location.origin, { external: true });
        if (target.kind === 'external') window.location.replace(target.href);
        else void navigate(target.path, { replace: true });
      } catch {
        showToast("Tandem couldn't open Slack. Try again, or ask whoever runs Tandem to check its Slack settings.", 'error');
        void navigate(settingsHref, { replace: true });
      }
    },
    onError: (error) => {
      showErrorToast(error);
      void navigate(settingsHref, { replace: true });
    },
  });

  useEffect(() => {
    if (!workspaceId || hasStarted.current) return;
    hasStarted.current = true;
    mutate(workspaceId);
  }, [workspaceId, mutate]);

  return (
    <>
      <title>Connecting Slack · Tandem</title>
      <SlackProgress message="Opening Slack…" />
    </>
  );
}

export { SlackAuthRoute as Component };
