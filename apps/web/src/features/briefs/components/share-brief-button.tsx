import IosShare from '@mui/icons-material/IosShare';
import Button from '@mui/material/Button';
import { can, type Brief } from '@tandem/contract';
import { Suspense, useState } from 'react';
import { ActionReason } from '@/components/ui/action-reason';
import { lazyWithPreload, onIntent } from '@/lib/lazy-with-preload';
import { useSession } from '@/lib/session/session-store';

// Loaded on the intent to share (issue #13): its form validates with zod, which the brief page
// does not evaluate before it renders (decision 031).
const ShareDialog = lazyWithPreload(async () => (await import('./share-dialog')).ShareDialog);

/** Props of {@link ShareBriefButton}. */
export interface ShareBriefButtonProps {
  brief: Brief;
}

/** Why a confidential brief has no Share (PRODUCT §10: confidential briefs have no share links). */
export const CONFIDENTIAL_SHARE_REASON = "Confidential briefs can't be shared by link.";

/**
 * "Share" of the brief editor's toolbar (issue #9): opens the share dialog (links, labels, expiry,
 * passcode, copy, revoke, views). Rendered for members who may edit briefs only (PRODUCT §6: create,
 * edit, share); disabled with the reason in view for a confidential brief. The dialog's code loads
 * when the pointer or focus reaches the button.
 */
export function ShareBriefButton({ brief }: ShareBriefButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const workspaceId = useSession((session) => session.workspace?.id);
  const memberType = useSession((session) => session.workspaceMember?.workspaceMemberType);
  if (!workspaceId || !memberType || !can(memberType, 'editBriefs')) return null;
  return (
    <>
      <ActionReason reason={brief.confidential ? CONFIDENTIAL_SHARE_REASON : null}>
        <Button
          variant="outlined"
          startIcon={<IosShare />}
          disabled={brief.confidential}
          onClick={() => setOpen(true)}
          {...onIntent(ShareDialog.preload)}
        >
          Share
        </Button>
      </ActionReason>
      {isOpen && (
        <Suspense fallback={null}>
          <ShareDialog
            open
            onClose={() => setOpen(false)}
            workspaceId={workspaceId}
            brief={brief}
            canManagePublicLinks={can(memberType, 'managePublicLinks')}
          />
        </Suspense>
      )}
    </>
  );
}
