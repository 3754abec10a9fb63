import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isValid } from 'date-fns';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { DueDateField } from '@/features/tasks';
import { useMembers } from '@/features/workspaces';
import { getApiErrorMessage } from '@/lib/error-message';
import { isApiError } from '@/lib/api-error';
import { useMakeActionItemTask } from '../api/make-action-item-task';
import { toCalendarDate } from '../utils/summary-format';

/** Props of {@link MakeTaskDialog}. */
export interface MakeTaskDialogProps {
  workspaceId: string;
  summaryId: string;
  version: number;
  /** The action item to make a task of; null when closed. */
  actionItem: { id: string; text: string } | null;
  onClose: () => void;
}

/**
 * "Make task" of a summary's action item (issue #11): an optional assignee (an active member) and
 * due date (mm/dd/yyyy), then POST …/action-items/{id}/task. The server's 400s (assignee, due date)
 * land on their fields; a 409 (it already has a task) shows its message.
 */
export function MakeTaskDialog({ workspaceId, summaryId, version, actionItem, onClose }: MakeTaskDialogProps) {
  // Tasks are assigned to ACTIVE members only (contract tasks.ts).
  const members = (useMembers(workspaceId).data ?? []).filter((member) => member.status === 'ACTIVE');
  const makeTask = useMakeActionItemTask(workspaceId, summaryId);
  const [assigneeMemberId, setAssigneeMemberId] = useState('');
  const [dueDate, setDueDate] = useState<Date | null>(null);
  const [failure, setFailure] = useState<{ field: Record<string, string>; message: string | null }>({ field: {}, message: null });

  const handleClose = () => {
    setAssigneeMemberId('');
    setDueDate(null);
    setFailure({ field: {}, message: null });
    makeTask.reset();
    onClose();
  };

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!actionItem) return;
    if (dueDate && !isValid(dueDate)) {
      setFailure({ field: { dueDate: 'Enter the due date as mm/dd/yyyy.' }, message: null });
      return;
    }
    makeTask.mutate(
      {
        actionItemId: actionItem.id,
        body: { version, assigneeMemberId: assigneeMemberId || null, dueDate: dueDate ? toCalendarDate(dueDate) : null },
      },
      {
        onSuccess: handleClose,
        onError: (error) => {
          const field = isApiError(error) && error.status === 400 ? (error.errorData ?? {}) : {};
          const isShownOnField = Boolean(field.assigneeMemberId ?? field.dueDate);
          setFailure({ field, message: isShownOnField ? null : getApiErrorMessage(error) });
        },
      },
    );
  };

  return (
    <FormDialog
      open={actionItem !== null}
      title="Make a task"
      submitLabel="Make task"
      onSubmit={handleSubmit}
      onClose={handleClose}
      isSubmitting={makeTask.isPending}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{actionItem?.text}</Typography>
        {failure.message && <Alert severity="error">{failure.message}</Alert>}
        <TextField
          select
          label="Assignee"
          value={assigneeMemberId}
          onChange={(event) => setAssigneeMemberId(event.target.value)}
          error={Boolean(failure.field.assigneeMemberId)}
          helperText={failure.field.assigneeMemberId}
        >
          <MenuItem value="">
            <em>Nobody</em>
          </MenuItem>
          {members.map((member) => (
            <MenuItem key={member.id} value={member.id}>
              {member.firstName} {member.lastName}
            </MenuItem>
          ))}
        </TextField>
        <DueDateField value={dueDate} onChange={setDueDate} error={failure.field.dueDate} />
      </Box>
    </FormDialog>
  );
}
