import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import type { Task } from '@tandem/contract';
import { useEffect } from 'react';
import { useZodForm } from '@/lib/use-zod-form';
import { showToast } from '@/lib/toast-store';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useCreateTask } from '../api/create-task';
import { useAssignableMembers } from '../hooks/use-assignable-members';
import { EMPTY_TASK_FORM, toCreateTaskBody } from '../utils/task-form';
import { TaskFormSchema } from '../utils/task-form-schema';
import { TaskFormFields } from './task-form-fields';

/** Props of {@link CreateTaskForm}. */
export interface CreateTaskFormProps {
  workspaceId: string;
  onCreated: (task: Task) => void;
  onCancel: () => void;
}

const fieldNames = ['title', 'notes', 'status', 'priority', 'dueDate', 'assigneeMemberId'] as const;

/** The full new-task form of /tasks/new (issue #4): the drawer's fields, Cancel and Create; server messages land on their fields. */
export function CreateTaskForm({ workspaceId, onCreated, onCancel }: CreateTaskFormProps) {
  const create = useCreateTask({ meta: { errorToast: (error) => !error.errorData } });
  const { members } = useAssignableMembers(workspaceId);
  const form = useZodForm(TaskFormSchema, { defaultValues: EMPTY_TASK_FORM });
  const { setFocus } = form;
  // The page exists to type a task: start in its title.
  useEffect(() => setFocus('title'), [setFocus]);

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const task = await create.mutateAsync({ workspaceId, body: toCreateTaskBody(values) });
      showToast(`“${task.title}” was created.`, 'success');
      onCreated(task);
    } catch (error) {
      applyFieldErrors(error, fieldNames, form.setError);
    }
  });

  return (
    <Card variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label="New task">
        <TaskFormFields control={form.control} members={members} canEdit canChangeStatus />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 4 }}>
          <Button color="inherit" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            Create
          </Button>
        </Box>
      </Box>
    </Card>
  );
}
