import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSearchParams } from 'react-router';
import { FIRST_RUN_PARAM } from '@/config/paths';
import { reloadProfile, useSession } from '@/lib/session/session-store';
import { showToast } from '@/lib/toast-store';
import { useUpdateMember } from '../api/update-member';

/**
 * PRODUCT §1 first-run step: "Are you the executive or an assistant?", asked once, right after a
 * new account is activated (the `?welcome` flag) while its creator is the workspace's OWNER.
 * "The executive" makes them EXECUTIVE (who keeps owner rights, §6); "An assistant" keeps OWNER.
 * Either answer, or closing, removes the flag.
 */
export function FirstRunDialog() {
  const [searchParams, setSearchParams] = useSearchParams();
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  const update = useUpdateMember();
  const isOpen = searchParams.has(FIRST_RUN_PARAM) && member?.workspaceMemberType === 'OWNER';

  const close = () =>
    setSearchParams(
      (params) => {
        params.delete(FIRST_RUN_PARAM);
        return params;
      },
      { replace: true },
    );

  const chooseExecutive = async () => {
    if (!workspace || !member) return;
    try {
      await update.mutateAsync({ workspaceId: workspace.id, memberId: member.id, body: { workspaceMemberType: 'EXECUTIVE' } });
    } catch {
      return; // the request's error toast has said why
    }
    await reloadProfile();
    showToast(`You are the executive of ${workspace.name}.`, 'success');
    close();
  };

  return (
    <Dialog open={isOpen} onClose={close} maxWidth="xs" fullWidth aria-describedby="first-run-description">
      <DialogTitle>Are you the executive or an assistant?</DialogTitle>
      <DialogContent>
        <DialogContentText id="first-run-description">
          Tandem is one executive&apos;s office. Tell us who you are in it; you can invite the others next.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={close} disabled={update.isPending}>
          An assistant
        </Button>
        <Button variant="contained" onClick={() => void chooseExecutive()} loading={update.isPending}>
          The executive
        </Button>
      </DialogActions>
    </Dialog>
  );
}
