import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { taskPriorities, taskPriorityLabels, taskStatuses, taskStatusLabels, type Member } from '@tandem/contract';
import { Controller, type Control } from 'react-hook-form';
import type { TaskFormInput, TaskFormValues } from '../utils/task-form';
import { DueDateField } from './due-date-field';
import { MultilineTextField } from '@/components/ui/multiline-text-field';

/** Props of {@link TaskFormFields}. */
export interface TaskFormFieldsProps {
  control: Control<TaskFormInput, unknown, TaskFormValues>;
  /** Members a task may be assigned to (ACTIVE ones, contract tasks.ts). */
  members: readonly Member[];
  /** False: title, notes, priority, due date and assignee are read-only (PRODUCT §6). */
  canEdit: boolean;
  /** False: the status is read-only too. */
  canChangeStatus: boolean;
}

/** The fields of a task (issue #4): title, notes, status, priority, due date (mm/dd/yyyy) and assignee. */
export function TaskFormFields({ control, members, canEdit, canChangeStatus }: TaskFormFieldsProps) {
  const readOnly = !canEdit;
  return (
    <Stack spacing={2.5}>
      <Controller
        control={control}
        name="title"
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            label="Title"
            disabled={readOnly}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            autoComplete="off"
          />
        )}
      />
      <Controller
        control={control}
        name="notes"
        render={({ field: { ref, ...field }, fieldState }) => (
          <MultilineTextField
            {...field}
            inputRef={ref}
            label="Notes"
            minRows={3}
            maxRows={12}
            disabled={readOnly}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <Controller
          control={control}
          name="status"
          render={({ field: { ref, ...field } }) => (
            <TextField {...field} inputRef={ref} select label="Status" disabled={!canChangeStatus}>
              {taskStatuses.map((status) => (
                <MenuItem key={status} value={status}>
                  {taskStatusLabels[status]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="priority"
          render={({ field: { ref, ...field } }) => (
            <TextField {...field} inputRef={ref} select label="Priority" disabled={readOnly}>
              {taskPriorities.map((priority) => (
                <MenuItem key={priority} value={priority}>
                  {taskPriorityLabels[priority]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
        <Controller
          control={control}
          name="dueDate"
          render={({ field, fieldState }) => (
            <DueDateField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
              disabled={readOnly}
            />
          )}
        />
        <Controller
          control={control}
          name="assigneeMemberId"
          render={({ field: { ref, ...field } }) => (
            <TextField {...field} inputRef={ref} select label="Assignee" disabled={readOnly}>
              <MenuItem value="">
                <em>Nobody</em>
              </MenuItem>
              {members.map((member) => (
                <MenuItem key={member.id} value={member.id}>
                  {member.firstName} {member.lastName}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
    </Stack>
  );
}
