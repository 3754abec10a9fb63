import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Task } from '@tandem/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLazyZodForm } from '@/lib/use-zod-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogDrawer } from '@/components/ui/dialog-drawer';
import { isApiError, type ApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { showToast } from '@/lib/toast-store';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useDeleteTask } from '../api/delete-task';
import { useTask } from '../api/get-task';
import { tasksQueryKey } from '../api/get-tasks';
import { isVersionConflict, TASK_CONFLICT_MESSAGE, useUpdateTask, type UpdateTaskVariables } from '../api/update-task';
import { useAssignableMembers } from '../hooks/use-assignable-members';
import { loadTaskFormSchema, toTaskChanges, toTaskFormValues, type TaskFormInput } from '../utils/task-form';
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
  /** Opens the drawer on `taskId` again (a save that failed after the drawer closed). */
  onReopen: (taskId: string) => void;
}

/** Why the drawer opened again on a task after a save: the save failed (issue #8). */
type SaveOutcome = { taskId: string; kind: 'conflict' } | { taskId: string; kind: 'failed'; values: TaskFormInput; error: ApiError };

/**
 * The task drawer (issue #4): the edit form (title, notes, status, priority, due date, assignee)
 * and delete with confirmation. What the member may not change is read-only and Delete shows only
 * to those who may delete (getTaskAbilities, the contract's rules, PRODUCT §6: a GUEST changes the
 * status only; a USER deletes only what they created).
 *
 * It opens at once with the task as the list shows it (`placeholder`), while the task's own GET
 * refreshes it; Save closes it at once and the lists show the change optimistically (issue #8:
 * both within a frame or two instead of ~1 s). When the server refuses, the lists roll back, an
 * error toast names the task, and — unless another task is open by then — the drawer opens again:
 * after a 409 with the server's current task and a notice; after any other refusal with what the
 * person typed and the server's field errors (nothing typed is lost). A task that is gone (404)
 * only gets the toast.
 */
export function TaskDrawer({ workspaceId, taskId, placeholder, actor, onClose, onReopen }: TaskDrawerProps) {
  const titleId = useId();
  const task = useTask(workspaceId, taskId, placeholder);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  // What a save sent, by task, to reopen with; the save's callbacks run after the editor unmounted.
  const drafts = useRef(new Map<string, { values: TaskFormInput; title: string }>());
  const openTaskId = useRef(taskId);
  const isMounted = useRef(false);
  const reopen = useRef(onReopen);
  // The task the drawer was closed on while the URL still names it (the close is a navigation that
  // can finish after a fast answer), and a reopen waiting for that navigation.
  const closingId = useRef<string | null>(null);
  const pendingReopen = useRef<SaveOutcome | null>(null);
  useEffect(() => {
    openTaskId.current = taskId;
    reopen.current = onReopen;
  });
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (taskId === closingId.current) return;
    closingId.current = null;
    const waiting = pendingReopen.current;
    pendingReopen.current = null;
    if (waiting && taskId === null) {
      setOutcome(waiting);
      reopen.current(waiting.taskId);
    }
  }, [taskId]);
  /**
   * Opens the drawer again after a failed save, unless the person has opened another task since.
   * A failure that comes before the close reached the URL waits for it: reopening on the URL that
   * is about to be replaced would be undone by that navigation, and the typing lost.
   */
  const reopenWith = (next: SaveOutcome) => {
    if (!isMounted.current) return;
    if (openTaskId.current === null) {
      setOutcome(next);
      reopen.current(next.taskId);
    } else if (openTaskId.current === closingId.current) {
      pendingReopen.current = next;
    }
  };
  const save = useUpdateTask({
    errorToast: false,
    onSuccess: (_task, { taskId: savedId }) => {
      drafts.current.delete(savedId);
      showToast('The task was saved.', 'success');
    },
    onConflict: (current) => {
      drafts.current.delete(current.id);
      reopenWith({ taskId: current.id, kind: 'conflict' });
    },
    onFailure: (error, { taskId: failedId }) => {
      const draft = drafts.current.get(failedId);
      drafts.current.delete(failedId);
      const name = draft ? `“${draft.title}”` : 'The task';
      showToast(`${name} was not saved: ${getApiErrorMessage(error)}`, 'error');
      if (draft && error.status !== 404) reopenWith({ taskId: failedId, kind: 'failed', values: draft.values, error });
    },
  });
  const handleClose = () => {
    setOutcome(null);
    setClosedId(taskId);
    closingId.current = taskId;
    onClose();
  };
  const handleSave = (variables: Parameters<typeof save.mutate>[0], values: TaskFormInput, title: string) => {
    drafts.current.set(variables.taskId, { values, title });
    save.mutate(variables);
    handleClose();
  };
  // While it slides out, the drawer keeps showing the task it showed (not a loading skeleton); each
  // opening gets a fresh form, also one that comes while the last is still sliding out.
  const [lastTask, setLastTask] = useState<Task | null>(null);
  if (task.data && task.data !== lastTask) setLastTask(task.data);
  const shownTask = task.data ?? (taskId === null ? lastTask : null);
  const [opening, setOpening] = useState({ taskId, count: 0 });
  // Closing starts in this component at once; the URL (a route navigation, which re-renders the
  // whole screen) follows.
  const [closedId, setClosedId] = useState<string | null>(null);
  if (opening.taskId !== taskId) {
    setOpening({ taskId, count: taskId === null ? opening.count : opening.count + 1 });
    setClosedId(null);
  }
  const shownOutcome = outcome && outcome.taskId === shownTask?.id ? outcome : null;
  return (
    <DialogDrawer open={taskId !== null && taskId !== closedId} onClose={handleClose} labelledBy={titleId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, pt: 2.5, pb: 1 }}>
        <Typography id={titleId} variant="h2" sx={{ flex: 1 }}>
          {shownTask && getTaskAbilities(actor, shownTask).canEdit ? 'Edit task' : 'Task'}
        </Typography>
        <IconButton aria-label="Close" onClick={handleClose} edge="end">
          <Close />
        </IconButton>
      </Box>
      {shownTask ? (
        <TaskEditor
          key={`${shownTask.id}:${opening.count}`}
          workspaceId={workspaceId}
          task={shownTask}
          actor={actor}
          outcome={shownOutcome}
          onSave={handleSave}
          onClose={handleClose}
        />
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
    </DialogDrawer>
  );
}

const FORM_FIELDS = ['title', 'notes', 'status', 'priority', 'dueDate', 'assigneeMemberId'] as const;

interface TaskEditorProps {
  workspaceId: string;
  task: Task;
  actor: TaskActor;
  /** The failed save this editor reopens after, if any. */
  outcome: SaveOutcome | null;
  /** Saves (optimistically; the drawer closes at once): the PATCH variables, the form's values and the task's title. */
  onSave: (variables: UpdateTaskVariables, values: TaskFormInput, title: string) => void;
  onClose: () => void;
}

function TaskEditor({ workspaceId, task, actor, outcome, onSave, onClose }: TaskEditorProps) {
  const queryClient = useQueryClient();
  const { canEdit, canChangeStatus, canDelete } = getTaskAbilities(actor, task);
  const { members } = useAssignableMembers(workspaceId, task.assigneeMemberId);
  const [notice, setNotice] = useState<string | null>(outcome?.kind === 'conflict' ? TASK_CONFLICT_MESSAGE : null);
  // Reopened after a refused save: why, unless the form's fields say it themselves.
  const failed = outcome?.kind === 'failed' ? outcome : null;
  const [failure, setFailure] = useState<string | null>(() =>
    failed && !Object.keys(failed.error.errorData ?? {}).some((key) => (FORM_FIELDS as readonly string[]).includes(key))
      ? `Not saved: ${getApiErrorMessage(failed.error)}`
      : null,
  );
  // Someone else saved while the drawer is open (a live event refetched it): the untouched fields
  // now show their version, and the person is told.
  const [shownVersion, setShownVersion] = useState(task.version);
  if (task.version !== shownVersion) {
    setShownVersion(task.version);
    setNotice(TASK_CONFLICT_MESSAGE);
  }
  const [isDeleting, setIsDeleting] = useState(false);
  // The schema loads with the first save (the list and drawer render without zod; decision 031).
  const form = useLazyZodForm(async () => (await loadTaskFormSchema()).TaskFormSchema, {
    values: toTaskFormValues(task),
    resetOptions: { keepDirtyValues: true },
  });
  const { isDirty, isSubmitting } = form.formState;
  const remove = useDeleteTask({ meta: { errorToast: (error) => !isVersionConflict(error) } });

  // Reopened after a refused save: what the person typed, and the server's field errors.
  useEffect(() => {
    if (!failed) return;
    for (const field of FORM_FIELDS) {
      if (failed.values[field] !== form.getValues(field)) form.setValue(field, failed.values[field], { shouldDirty: true });
    }
    applyFieldErrors(failed.error, FORM_FIELDS, form.setError);
    // Once, when the editor opens after the failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const handleSubmit = form.handleSubmit((values) => {
    setNotice(null);
    setFailure(null);
    const changes = toTaskChanges(values, task);
    if (Object.keys(changes).length === 0) return;
    if (!canEdit) {
      // A GUEST sends the status only (PRODUCT §6).
      if (!changes.status) return;
      for (const key of Object.keys(changes)) if (key !== 'status') delete changes[key as keyof typeof changes];
    }
    const assignee = members.find((member) => member.id === changes.assigneeMemberId);
    onSave(
      {
        workspaceId,
        taskId: task.id,
        changes,
        version: task.version,
        preview:
          changes.assigneeMemberId === undefined
            ? undefined
            : { assignee: assignee ? { memberId: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName } : null },
      },
      form.getValues(),
      task.title,
    );
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
        {failure && (
          <Alert severity="error" sx={{ mb: 2.5 }} onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
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
