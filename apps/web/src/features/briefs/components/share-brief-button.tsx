import IosShare from '@mui/icons-material/IosShare';
import Button from '@mui/material/Button';
import { can, type Brief } from '@tandem/contract';
import { useState } from 'react';
import { ActionReason } from '@/components/ui/action-reason';
import { useSession } from '@/lib/session/session-store';
import { ShareDialog } from './share-dialog';

/** Props of {@link ShareBriefButton}. */
export interface ShareBriefButtonProps {
  brief: Brief;
}

/** Why a confidential brief has no Share (PRODUCT §10: confidential briefs have no share links). */
export const CONFIDENTIAL_SHARE_REASON = "Confidential briefs can't be shared by link.";

/**
 * "Share" of the brief editor's toolbar (issue #9): opens the share dialog (links, labels, expiry,
 * passcode, copy, revoke, views). Rendered for members who may edit briefs only (PRODUCT §6: create,
 * edit, share); disabled with the reason in view for a confidential brief.
 */
export function ShareBriefButton({ brief }: ShareBriefButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const workspaceId = useSession((session) => session.workspace?.id);
  const memberType = useSession((session) => session.workspaceMember?.workspaceMemberType);
  if (!workspaceId || !memberType || !can(memberType, 'editBriefs')) return null;
  return (
    <>
      <ActionReason reason={brief.confidential ? CONFIDENTIAL_SHARE_REASON : null}>
        <Button variant="outlined" startIcon={<IosShare />} disabled={brief.confidential} onClick={() => setOpen(true)}>
          Share
        </Button>
      </ActionReason>
      {isOpen && (
        <ShareDialog
          open
          onClose={() => setOpen(false)}
          workspaceId={workspaceId}
          brief={brief}
          canManagePublicLinks={can(memberType, 'managePublicLinks')}
        />
      )}
    </>
  );
}
