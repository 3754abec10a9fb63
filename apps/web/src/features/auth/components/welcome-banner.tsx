import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { workspaceMemberTypeLabels, type Welcome } from '@tandem/contract';
import { useEffect, useRef, useState } from 'react';
import { switchWorkspace, useSession } from '@/lib/session/session-store';
import { useMarkWelcomeSeen } from '../api/mark-onboarding';

/** Props of {@link WelcomeBanner}. */
export interface WelcomeBannerProps {
  /** The pending welcomes (GET v1/onboarding), oldest first. */
  welcomes: readonly Welcome[];
}

/** "Jamie added you as Executive Assistant in Alex's office." (issue #8); without an inviter, "You were added as …". */
export function describeWelcome(welcome: Welcome): string {
  const label = workspaceMemberTypeLabels[welcome.workspaceMemberType];
  return welcome.inviterFirstName
    ? `${welcome.inviterFirstName} added you as ${label} in ${welcome.workspaceName}.`
    : `You were added as ${label} in ${welcome.workspaceName}.`;
}

/**
 * The welcome into a newly joined workspace on the first landing after the sign-in that accepted
 * the invitation (issue #8): who added the person, as what, where. Said once per membership: it
 * is marked seen on the server as soon as it shows, and can be dismissed. When the workspace is
 * not the current one, it offers to open it. One welcome at a time, oldest first.
 */
export function WelcomeBanner({ welcomes }: WelcomeBannerProps) {
  const currentWorkspaceId = useSession((session) => session.workspace?.id ?? null);
  const { mutate: markSeen } = useMarkWelcomeSeen();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const marked = useRef(new Set<string>());
  const welcome = welcomes.find((candidate) => !dismissed.has(candidate.memberId));

  useEffect(() => {
    if (!welcome || marked.current.has(welcome.memberId)) return;
    marked.current.add(welcome.memberId);
    markSeen(welcome.memberId);
  }, [welcome, markSeen]);

  if (!welcome) return null;
  const dismiss = () => setDismissed((old) => new Set(old).add(welcome.memberId));
  const isElsewhere = welcome.workspaceId !== currentWorkspaceId;

  return (
    <Alert
      severity="success"
      role="status"
      onClose={dismiss}
      slotProps={{ closeButton: { title: 'Dismiss' } }}
      sx={{ mb: 3, overflowWrap: 'anywhere' }}
    >
      <AlertTitle>Welcome to {welcome.workspaceName}</AlertTitle>
      {describeWelcome(welcome)}
      {isElsewhere && (
        <Box sx={{ mt: 1 }}>
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            onClick={() => {
              dismiss();
              void switchWorkspace(welcome.workspaceId);
            }}
          >
            Open {welcome.workspaceName}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
