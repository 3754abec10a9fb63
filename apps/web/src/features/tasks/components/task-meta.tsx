import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import type { Task } from '@tandem/contract';
import { formatPersonName } from '../utils/task-labels';
import { DueDateLabel } from './due-date-label';
import { PriorityLabel } from './priority-label';

/** The line under a task's title: priority, due date in words, and who it is assigned to. */
export function TaskMeta({ task }: { task: Task }) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: { xs: 1, sm: 1.5 },
        rowGap: 0.25,
        mt: { xs: 0.5, sm: 0.75 },
      }}
    >
      <PriorityLabel priority={task.priority} />
      <DueDateLabel dueDate={task.dueDate} status={task.status} />
      <Box
        component="span"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: '0.8125rem', color: 'text.secondary', minWidth: 0 }}
      >
        <PersonOutlined sx={{ fontSize: 16 }} aria-hidden />
        {formatPersonName(task.assignee) ?? 'Unassigned'}
      </Box>
    </Box>
  );
}
