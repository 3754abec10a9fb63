import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CreateTaskBodySchema, type Member } from '@tandem/contract';
import { useState, type FormEvent } from 'react';
import { showToast } from '@/lib/toast-store';
import { useCreateTask } from '../api/create-task';
import { formatCalendarDate } from '../utils/due-date';
import { DueDateInputSchema } from '../utils/task-form';
import { DueDateField } from './due-date-field';

/** Props of {@link QuickAddTask}. */
export interface QuickAddTaskProps {
  workspaceId: string;
  members: readonly Member[];
}

/**
 * Quick add at the top of /tasks (issue #4): type a title and press Enter; an assignee and a due
 * date (mm/dd/yyyy) are optional. The field stays focused for the next task.
 */
export function QuickAddTask({ workspaceId, members }: QuickAddTaskProps) {
  const create = useCreateTask({ meta: { errorToast: (error) => !error.errorData?.title } });
  const [title, setTitle] = useState('');
  const [assigneeMemberId, setAssigneeMemberId] = useState('');
  const [dueDate, setDueDate] = useState<Date | null>(null);
  const [error, setError] = useState<{ title?: string; dueDate?: string }>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsedTitle = CreateTaskBodySchema.shape.title.safeParse(title);
    const parsedDue = DueDateInputSchema.safeParse(dueDate);
    if (!parsedTitle.success || !parsedDue.success) {
      setError({ title: parsedTitle.error?.issues[0]?.message, dueDate: parsedDue.error?.issues[0]?.message });
      return;
    }
    setError({});
    create.mutate(
      {
        workspaceId,
        body: {
          title: parsedTitle.data,
          ...(assigneeMemberId ? { assigneeMemberId } : {}),
          ...(dueDate ? { dueDate: formatCalendarDate(dueDate) } : {}),
        },
      },
      {
        onSuccess: (task) => {
          setTitle('');
          setDueDate(null);
          showToast(`“${task.title}” was added.`, 'success');
        },
        onError: (failure) => {
          if (failure.errorData?.title) setError({ title: failure.errorData.title });
        },
      },
    );
  };

  return (
    <Card variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box
        component="form"
        noValidate
        aria-label="Quick add a task"
        onSubmit={handleSubmit}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          label="Add a task"
          placeholder="What needs doing? Press Enter to add"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(error.title)}
          helperText={error.title}
          autoComplete="off"
          sx={{ flex: '1 1 280px' }}
        />
        <TextField
          select
          label="Assignee"
          value={assigneeMemberId}
          onChange={(event) => setAssigneeMemberId(event.target.value)}
          sx={{ flex: { xs: '1 1 140px', sm: '0 0 180px' } }}
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
        <Box sx={{ flex: { xs: '1 1 160px', sm: '0 0 180px' } }}>
          <DueDateField value={dueDate} onChange={setDueDate} error={error.dueDate} />
        </Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={<Add />}
          loading={create.isPending}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          Add
        </Button>
      </Box>
    </Card>
  );
}
