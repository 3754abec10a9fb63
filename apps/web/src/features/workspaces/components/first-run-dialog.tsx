import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { invitableTypes } from '@tandem/contract';
import { Suspense, useState } from 'react';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { reloadProfile, useSession } from '@/lib/session/session-store';
import { showToast } from '@/lib/toast-store';
import { useUpdateMember } from '../api/update-member';

// Loaded once the question is answered, while the invite offer is read (issue #13: the form is not part of a page's first render).
const InviteMemberDialog = lazyWithPreload(async () => (await import('./invite-member-dialog')).InviteMemberDialog);

/** Props of {@link FirstRunDialog}. */
export interface FirstRunDialogProps {
  /** The question is still unanswered for this person (server-side, GET v1/onboarding). */
  isUnanswered: boolean;
  /** Records the answer on the server (POST v1/onboarding/first-run); rejects when that failed. */
  onAnswered: () => Promise<unknown>;
}

type Step = 'question' | 'invite' | 'inviting' | 'done';

/**
 * PRODUCT §1 first-run step: "Are you the executive or an assistant?", asked on every signed-in
 * landing until answered (issue #8; the server keeps whether it was) while the person is the
 * OWNER of the current workspace. "The executive" makes them EXECUTIVE (who keeps owner rights,
 * §6); "An assistant" keeps OWNER. Closing without an answer asks again on the next landing.
 * After the answer it keeps its promise "you can invite the others next": an invite step opens
 * the invite dialog (or "Later").
 */
export function FirstRunDialog({ isUnanswered, onAnswered }: FirstRunDialogProps) {
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  const update = useUpdateMember();
  const [step, setStep] = useState<Step>('question');
  const [answer, setAnswer] = useState<'executive' | 'assistant' | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [hasClosed, setHasClosed] = useState(false);
  // Stays open while the answer is saved, though the member type changes under it.
  const isAsking = step === 'question' && (isSaving || (isUnanswered && member?.workspaceMemberType === 'OWNER'));

  const answerWith = async (choice: 'executive' | 'assistant') => {
    if (!workspace || !member) return;
    InviteMemberDialog.preload();
    setIsSaving(true);
    try {
      if (choice === 'executive') {
        await update.mutateAsync({ workspaceId: workspace.id, memberId: member.id, body: { workspaceMemberType: 'EXECUTIVE' } });
        await reloadProfile();
      }
      await onAnswered();
    } catch {
      return; // the request's error toast has said why; the question stays open
    } finally {
      setIsSaving(false);
    }
    if (choice === 'executive') showToast(`You are the executive of ${workspace.name}.`, 'success');
    setAnswer(choice);
    setStep('invite');
  };

  const inviteText =
    answer === 'executive'
      ? 'Invite the assistants who work with you, so you share one list of tasks and briefs.'
      : 'Invite the executive you support and anyone else who helps, so you share one list of tasks and briefs.';

  const isOffering = step === 'invite';
  return (
    <>
      {/* One dialog for both steps, so the answer turns into the invite offer without a second dialog fading in. */}
      <Dialog
        open={isAsking || isOffering}
        onClose={() => !isSaving && setStep('done')}
        maxWidth="xs"
        fullWidth
        aria-labelledby="first-run-title"
        aria-describedby="first-run-description"
        slotProps={{ transition: { onExited: () => setHasClosed(true) } }}
      >
        <DialogTitle id="first-run-title">{isOffering ? 'Invite the others' : 'Are you the executive or an assistant?'}</DialogTitle>
        <DialogContent>
          <DialogContentText id="first-run-description">
            {isOffering ? inviteText : "Tandem is one executive's office. Tell us who you are in it; you can invite the others next."}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexWrap: 'wrap' }}>
          {isOffering ? (
            <>
              <Button onClick={() => setStep('done')}>Later</Button>
              <Button variant="contained" onClick={() => setStep('inviting')}>
                Invite someone
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => void answerWith('assistant')} disabled={isSaving}>
                An assistant
              </Button>
              <Button variant="contained" onClick={() => void answerWith('executive')} loading={isSaving}>
                The executive
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      {/* Opens once this dialog has faded out, never while both are on screen: a modal opened while
          another is still closing could be left aria-hidden by MUI's modal manager, visible but out of
          reach of a screen reader (seen in the browser tests under load). */}
      {workspace && member && step === 'inviting' && hasClosed && (
        <Suspense fallback={null}>
          <InviteMemberDialog
            open
            workspaceId={workspace.id}
            allowedTypes={invitableTypes[member.workspaceMemberType]}
            onClose={() => setStep('done')}
          />
        </Suspense>
      )}
    </>
  );
}
