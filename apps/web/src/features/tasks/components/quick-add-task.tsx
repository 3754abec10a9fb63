import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Member } from '@tandem/contract';
import { useRef, useState, type FormEvent } from 'react';
import { showToast } from '@/lib/toast-store';
import { useCreateTask } from '../api/create-task';
import { formatCalendarDate } from '../utils/due-date';
import { loadTaskFormSchema } from '../utils/task-form';
import { DueDateField, preloadDueDateField } from './due-date-field';

/** Props of {@link QuickAddTask}. */
export interface QuickAddTaskProps {
  workspaceId: string;
  members: readonly Member[];
}

/**
 * Quick add at the top of /tasks (issue #4): type a title and press Enter; an assignee and a due
 * date (mm/dd/yyyy) are optional. The field stays focused for the next task. One line on a phone
 * until a title is typed, the Add button as tall as the fields (issue #8).
 */
export function QuickAddTask({ workspaceId, members }: QuickAddTaskProps) {
  const create = useCreateTask({ meta: { errorToast: (error) => !error.errorData?.title } });
  const [title, setTitle] = useState('');
  const [assigneeMemberId, setAssigneeMemberId] = useState('');
  const [dueDate, setDueDate] = useState<Date | null>(null);
  const [error, setError] = useState<{ title?: string; dueDate?: string }>({});
  const theme = useTheme();

  // The check's schemas load on the first focus of the title (or with the first submit); a submit
  // waits for them once, and a second Enter meanwhile adds nothing twice.
  const checking = useRef(false);
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking.current) return;
    checking.current = true;
    const checked = await loadTaskFormSchema()
      .then(({ checkQuickAdd }) => checkQuickAdd(title, dueDate))
      .finally(() => (checking.current = false));
    if ('errors' in checked) {
      setError(checked.errors);
      return;
    }
    setError({});
    create.mutate(
      {
        workspaceId,
        body: {
          title: checked.title,
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

  // Phones: the title and Add share one line; assignee and due date join once there is a title
  // (or either is set), so the list starts high on the first screen (issue #8).
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const showsExtras = !isPhone || title !== '' || assigneeMemberId !== '' || dueDate !== null;
  const extras = (
    <>
      <TextField
        select
        label="Assignee"
        value={assigneeMemberId}
        onChange={(event) => setAssigneeMemberId(event.target.value)}
        sx={{ flex: { xs: '1 1 140px', sm: '0 0 180px' }, minWidth: 0 }}
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
      <Box sx={{ flex: { xs: '1 1 160px', sm: '0 0 180px' }, minWidth: 0 }}>
        <DueDateField value={dueDate} onChange={setDueDate} error={error.dueDate} />
      </Box>
    </>
  );

  return (
    <Card variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Box
        component="form"
        noValidate
        aria-label="Quick add a task"
        onSubmit={(event) => void handleSubmit(event)}
        sx={{ display: 'grid', gap: 1.5 }}
      >
        <Box sx={{ display: 'flex', flexWrap: { xs: 'nowrap', sm: 'wrap' }, gap: 1.5, alignItems: 'flex-start' }}>
          <TextField
            label="Add a task"
            placeholder={isPhone ? 'What needs doing?' : 'What needs doing? Press Enter to add'}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={Boolean(error.title)}
            helperText={error.title}
            autoComplete="off"
            // Phones show the due date once a title is typed: its picker's code loads meanwhile, and
            // so does the check's.
            onFocus={() => {
              preloadDueDateField();
              void loadTaskFormSchema();
            }}
            sx={{ flex: { xs: '1 1 0', sm: '1 1 280px' }, minWidth: 0 }}
          />
          {!isPhone && extras}
          {/* size large: as tall as the fields beside it (FIELD_HEIGHT_PX, issue #8). */}
          <Button type="submit" variant="contained" size="large" startIcon={<Add />} loading={create.isPending} sx={{ flexShrink: 0 }}>
            Add
          </Button>
        </Box>
        {isPhone && showsExtras && <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>{extras}</Box>}
      </Box>
    </Card>
  );
}
