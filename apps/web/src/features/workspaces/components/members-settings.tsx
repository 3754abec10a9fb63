import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  can,
  invitableTypes,
  workspaceMemberTypeLabels,
  workspaceMemberTypes,
  type Member,
  type WorkspaceMemberType,
} from '@tandem/contract';
import { useState } from 'react';
import { ActionReason } from '@/components/ui/action-reason';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmailAddress } from '@/components/ui/email-address';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { showToast } from '@/lib/toast-store';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvitation } from '../api/resend-invitation';
import { useUpdateMember } from '../api/update-member';
import { InviteMemberDialog } from './invite-member-dialog';
import { MemberTypeSelect } from './member-type-select';
import { SettingsSection } from './settings-section';

/** Props of {@link MembersSettings}. */
export interface MembersSettingsProps {
  workspaceId: string;
  workspaceName: string;
  /** The signed-in person's membership here. */
  me: { memberId: string; workspaceMemberType: WorkspaceMemberType };
  /** False when this is the person's only workspace: leaving would leave them nowhere. */
  canLeave: boolean;
  /** Leaves the workspace (after the confirmation); resolves when the session moved on. */
  onLeave: () => Promise<void>;
}

const fullName = (member: Pick<Member, 'firstName' | 'lastName'>) => `${member.firstName} ${member.lastName}`;
/** "an Executive Assistant", "a User" (by sound, not spelling). */
const typeWithArticle: Record<WorkspaceMemberType, string> = {
  OWNER: 'an Owner',
  EXECUTIVE: 'an Executive',
  EXECUTIVEASSISTANT: 'an Executive Assistant',
  USER: 'a User',
  GUEST: 'a Guest',
};

const isAdminType = (type: WorkspaceMemberType) => type === 'OWNER' || type === 'EXECUTIVE';

/**
 * Why the signed-in member cannot leave right now, or null (PRODUCT §6: the last active
 * OWNER-or-EXECUTIVE stays; a person's only workspace is not left from here).
 */
function leaveBlockedReason(members: Member[] | undefined, me: MembersSettingsProps['me'], canLeave: boolean): string | null {
  if (!canLeave) return 'This is your only workspace, so you cannot leave it.';
  const isLastAdmin =
    isAdminType(me.workspaceMemberType) &&
    members !== undefined &&
    !members.some((member) => member.id !== me.memberId && member.status === 'ACTIVE' && isAdminType(member.workspaceMemberType));
  return isLastAdmin ? 'You are the only owner or executive here. Make someone else an owner first.' : null;
}

/**
 * The Members tab (PRODUCT §3): the member table (name, email, type, "Invited" status), invite,
 * change type, remove (confirmed), resend invitation and leave (confirmed). Issue #8: what the
 * member's type may never do (PRODUCT §6, contract `can`) is not shown at all — a note above the
 * table says what they may do; what is impossible only for now (the executive is taken, leaving
 * one's only workspace or as the last owner) is disabled with its reason in visible text.
 */
export function MembersSettings({ workspaceId, workspaceName, me, canLeave, onLeave }: MembersSettingsProps) {
  const members = useMembers(workspaceId);
  const updateMember = useUpdateMember();
  const removeMember = useRemoveMember();
  const resendInvitation = useResendInvitation();
  const [isInviting, setIsInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const [isLeavePending, setIsLeavePending] = useState(false);

  const canInvite = can(me.workspaceMemberType, 'inviteMembers');
  const canChangeTypes = can(me.workspaceMemberType, 'changeMemberTypes');
  const canRemove = can(me.workspaceMemberType, 'removeMembers');
  /** Resend and remove: a type that can do neither gets no actions column. */
  const hasActions = canInvite || canRemove;
  const executive = members.data?.find((member) => member.workspaceMemberType === 'EXECUTIVE');
  const leaveBlocked = leaveBlockedReason(members.data, me, canLeave);

  const handleChangeType = (member: Member, workspaceMemberType: WorkspaceMemberType) => {
    if (workspaceMemberType === member.workspaceMemberType) return;
    updateMember.mutate(
      { workspaceId, memberId: member.id, body: { workspaceMemberType } },
      {
        onSuccess: () => showToast(`${fullName(member)} is now ${typeWithArticle[workspaceMemberType]}.`, 'success'),
      },
    );
  };

  const handleRemove = () => {
    if (!removing) return;
    removeMember.mutate(
      { workspaceId, memberId: removing.id },
      {
        onSuccess: () => showToast(`${fullName(removing)} was removed from ${workspaceName}.`, 'success'),
        onSettled: () => setRemoving(null),
      },
    );
  };

  const handleResend = (member: Member) => {
    resendInvitation.mutate(
      { workspaceId, memberId: member.id },
      { onSuccess: () => showToast(`The invitation was sent to ${member.email} again.`, 'success') },
    );
  };

  const handleLeave = async () => {
    setIsLeavePending(true);
    try {
      await onLeave();
    } finally {
      setIsLeavePending(false);
      setIsLeaving(false);
    }
  };

  const readOnlyNote = !canInvite
    ? 'You can see who is here. Only an owner or the executive can invite, change or remove members.'
    : !canChangeTypes
      ? 'You can invite users and guests. Only an owner or the executive can change member types or remove members.'
      : null;

  return (
    <SettingsSection
      title="Members"
      description="Everyone in this workspace and what they may do. Invited people join when they first sign in."
      actions={
        canInvite && (
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setIsInviting(true)}>
            Invite member
          </Button>
        )
      }
    >
      {readOnlyNote && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {readOnlyNote}
        </Alert>
      )}
      {members.isPending ? (
        <Box role="status" aria-label="Loading members">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={52} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : members.isError ? (
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            The members could not be loaded.
          </Typography>
          <Button variant="outlined" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </Box>
      ) : members.data.length <= 1 ? (
        <>
          {renderTable()}
          <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
            Nobody else is here yet.{canInvite ? ' Invite the executive or an assistant to work together.' : ''}
          </Typography>
        </>
      ) : (
        renderTable()
      )}

      <Box
        sx={{
          mt: 4,
          pt: 3,
          borderTop: '1px solid',
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography variant="body2" color="text.secondary">
            Leaving removes your access to {workspaceName}. Someone will have to invite you again.
          </Typography>
        </Box>
        <ActionReason reason={leaveBlocked} align="end">
          <Button
            color="error"
            variant="outlined"
            startIcon={<Logout />}
            disabled={leaveBlocked !== null}
            onClick={() => setIsLeaving(true)}
          >
            Leave workspace
          </Button>
        </ActionReason>
      </Box>

      {canInvite && (
        <InviteMemberDialog
          open={isInviting}
          workspaceId={workspaceId}
          allowedTypes={invitableTypes[me.workspaceMemberType]}
          executiveName={executive ? fullName(executive) : null}
          onClose={() => setIsInviting(false)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${fullName(removing)}?` : 'Remove member?'}
        confirmLabel="Remove"
        isDestructive
        isPending={removeMember.isPending}
        onConfirm={handleRemove}
        onClose={() => setRemoving(null)}
      >
        {removing?.status === 'INVITED'
          ? `The invitation to ${removing.email} will no longer work.`
          : `${removing?.firstName ?? 'They'} will lose access to ${workspaceName} at once.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={isLeaving}
        title={`Leave ${workspaceName}?`}
        confirmLabel="Leave workspace"
        isDestructive
        isPending={isLeavePending}
        onConfirm={() => void handleLeave()}
        onClose={() => setIsLeaving(false)}
      >
        You will lose access to its briefs, questions and tasks.
      </ConfirmDialog>
    </SettingsSection>
  );

  function renderTable() {
    return (
      <Box sx={{ overflowX: 'auto', mx: { xs: -1, sm: 0 } }}>
        <Table aria-label={`Members of ${workspaceName}`} sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Email</TableCell>
              <TableCell>Type</TableCell>
              {hasActions && (
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {(members.data ?? []).map((member) => {
              const name = fullName(member);
              const isMe = member.id === me.memberId;
              return (
                <TableRow key={member.id}>
                  <TableCell sx={{ minWidth: { xs: 0, sm: 160 } }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {name}
                        {isMe && (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {' '}
                            (you)
                          </Typography>
                        )}
                      </Typography>
                      {member.status === 'INVITED' && <Chip label="Invited" size="small" color="warning" variant="outlined" />}
                    </Box>
                    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' } }}>
                      <EmailAddress email={member.email} />
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    <EmailAddress email={member.email} />
                  </TableCell>
                  <TableCell>
                    {canChangeTypes && !isMe ? (
                      <MemberTypeSelect
                        ariaLabel={`Member type of ${name}`}
                        types={workspaceMemberTypes}
                        unavailable={
                          executive && executive.id !== member.id ? { EXECUTIVE: `Taken: ${fullName(executive)} is the executive.` } : {}
                        }
                        value={member.workspaceMemberType}
                        onChange={(type) => handleChangeType(member, type)}
                        size="small"
                        sx={{ width: { xs: 150, sm: 200 } }}
                      />
                    ) : (
                      <Chip label={workspaceMemberTypeLabels[member.workspaceMemberType]} size="small" sx={{ fontWeight: 600 }} />
                    )}
                  </TableCell>
                  {hasActions && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {member.status === 'INVITED' &&
                        can(me.workspaceMemberType, 'inviteMembers', { invitedType: member.workspaceMemberType }) && (
                          <Tooltip title="Resend invitation">
                            <IconButton aria-label={`Resend invitation to ${name}`} onClick={() => handleResend(member)}>
                              <ForwardToInboxOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      {!isMe && canRemove && (
                        <Tooltip title="Remove">
                          <IconButton aria-label={`Remove ${name}`} onClick={() => setRemoving(member)}>
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
    );
  }
}
