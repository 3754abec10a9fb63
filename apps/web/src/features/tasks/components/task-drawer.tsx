import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Task } from '@tandem/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useZodForm } from '@/lib/use-zod-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-error';
import { formatRelativeTime } from '@/lib/relative-time';
import { showToast } from '@/lib/toast-store';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useDeleteTask } from '../api/delete-task';
import { useTask } from '../api/get-task';
import { tasksQueryKey } from '../api/get-tasks';
import { isVersionConflict, TASK_CONFLICT_MESSAGE, useUpdateTask } from '../api/update-task';
import { useAssignableMembers } from '../hooks/use-assignable-members';
import { TaskFormSchema, toTaskChanges, toTaskFormValues } from '../utils/task-form';
import { formatPersonName } from '../utils/task-labels';
import { getTaskAbilities, type TaskActor } from '../utils/task-permissions';
import { TaskFormFields } from './task-form-fields';

/** Props of {@link TaskDrawer}. */
export interface TaskDrawerProps {
  workspaceId: string;
  /** The open task's id (the URL's `task`), or null when closed. */
  taskId: string | null;
  /** The task as the list shows it, so the drawer fills at once. */
  placeholder?: Task;
  actor: TaskActor;
  onClose: () => void;
}

/**
 * The task drawer (issue #4): the edit form (title, notes, status, priority, due date, assignee)
 * and delete with confirmation. What the member may not change is read-only and Delete shows only
 * to those who may delete (getTaskAbilities, the contract's rules, PRODUCT §6: a GUEST changes the
 * status only; a USER deletes only what they created). A 409 replaces the form with the server's
 * current task and says so.
 */
export function TaskDrawer({ workspaceId, taskId, placeholder, actor, onClose }: TaskDrawerProps) {
  const titleId = useId();
  const task = useTask(workspaceId, taskId, placeholder);
  return (
    <Drawer
      anchor="right"
      open={taskId !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 480 }, maxWidth: '100%' },
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, pt: 2.5, pb: 1 }}>
        <Typography id={titleId} variant="h2" sx={{ flex: 1 }}>
          {task.data && getTaskAbilities(actor, task.data).canEdit ? 'Edit task' : 'Task'}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <Close />
        </IconButton>
      </Box>
      {task.data ? (
        <TaskEditor key={task.data.id} workspaceId={workspaceId} task={task.data} actor={actor} onClose={onClose} />
      ) : task.isError ? (
        <Box sx={{ px: 3, py: 2 }}>
          <Alert severity="warning">
            {isApiError(task.error) && task.error.status === 404 ? 'This task no longer exists.' : 'The task could not be loaded.'}
          </Alert>
        </Box>
      ) : (
        <Box role="status" aria-label="Loading task" sx={{ px: 3, py: 2 }}>
          {[56, 104, 56, 56].map((height, index) => (
            <Skeleton key={index} variant="rounded" height={height} sx={{ mb: 2.5 }} />
          ))}
        </Box>
      )}
    </Drawer>
  );
}

interface TaskEditorProps {
  workspaceId: string;
  task: Task;
  actor: TaskActor;
  onClose: () => void;
}

function TaskEditor({ workspaceId, task, actor, onClose }: TaskEditorProps) {
  const queryClient = useQueryClient();
  const { canEdit, canChangeStatus, canDelete } = getTaskAbilities(actor, task);
  const { members } = useAssignableMembers(workspaceId, task.assigneeMemberId);
  const [notice, setNotice] = useState<string | null>(null);
  // Someone else saved while the drawer is open (a live event refetched it): the untouched fields
  // now show their version, and the person is told.
  const [shownVersion, setShownVersion] = useState(task.version);
  if (task.version !== shownVersion) {
    setShownVersion(task.version);
    setNotice(TASK_CONFLICT_MESSAGE);
  }
  const [isDeleting, setIsDeleting] = useState(false);
  const form = useZodForm(TaskFormSchema, {
    values: toTaskFormValues(task),
    resetOptions: { keepDirtyValues: true },
  });
  const { isDirty, isSubmitting } = form.formState;
  const update = useUpdateTask({
    onConflict: (current) => {
      form.reset(toTaskFormValues(current));
      setNotice(TASK_CONFLICT_MESSAGE);
    },
  });
  const remove = useDeleteTask({ meta: { errorToast: (error) => !isVersionConflict(error) } });

  const handleSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    const changes = toTaskChanges(values, task);
    if (Object.keys(changes).length === 0) return;
    if (!canEdit) {
      // A GUEST sends the status only (PRODUCT §6).
      if (!changes.status) return;
      for (const key of Object.keys(changes)) if (key !== 'status') delete changes[key as keyof typeof changes];
    }
    const assignee = members.find((member) => member.id === changes.assigneeMemberId);
    try {
      await update.mutateAsync({
        workspaceId,
        taskId: task.id,
        changes,
        version: task.version,
        preview:
          changes.assigneeMemberId === undefined
            ? undefined
            : { assignee: assignee ? { memberId: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName } : null },
      });
      showToast('The task was saved.', 'success');
      onClose();
    } catch (error) {
      if (!isVersionConflict(error))
        applyFieldErrors(error, ['title', 'notes', 'status', 'priority', 'dueDate', 'assigneeMemberId'], form.setError);
    }
  });

  const handleDelete = async () => {
    // mutateAsync: the outcome is handled even though the editor unmounts once the task is gone.
    try {
      await remove.mutateAsync({ workspaceId, task });
      showToast('The task was deleted.', 'success');
      onClose();
    } catch (error) {
      if (isVersionConflict(error)) {
        setNotice(TASK_CONFLICT_MESSAGE);
        void queryClient.invalidateQueries({ queryKey: tasksQueryKey(workspaceId) });
      }
    } finally {
      setIsDeleting(false);
    }
  };

  const createdBy = formatPersonName(task.createdBy);
  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Box sx={{ flex: 1, overflowY: 'auto', px: 3, pt: 1, pb: 3 }}>
        {notice && (
          <Alert severity="info" sx={{ mb: 2.5 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {!canEdit && (
          <Alert severity="info" sx={{ mb: 2.5 }}>
            {canChangeStatus
              ? 'You can change the status of this task. Its other fields are read-only for you.'
              : 'This task is read-only for you.'}
          </Alert>
        )}
        <TaskFormFields control={form.control} members={members} canEdit={canEdit} canChangeStatus={canChangeStatus} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          Created by {createdBy ?? 'someone'} · updated {formatRelativeTime(task.updatedAt)}
        </Typography>
      </Box>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ px: 3, py: 2, borderTop: '1px solid', borderColor: 'divider', alignItems: 'center', bgcolor: 'background.paper' }}
      >
        {canDelete && (
          <Button color="error" startIcon={<DeleteOutlined />} onClick={() => setIsDeleting(true)}>
            Delete
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        {(canEdit || canChangeStatus) && (
          <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
            Save
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={isDeleting}
        title={`Delete “${task.title}”?`}
        confirmLabel="Delete task"
        isDestructive
        isPending={remove.isPending}
        onConfirm={() => void handleDelete()}
        onClose={() => setIsDeleting(false)}
      >
        The task is removed for everyone in the workspace. This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
