import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { taskStatuses, taskStatusLabels, type Task, type TaskStatus } from '@tandem/contract';
import { getTaskAbilities, type TaskActor } from '../utils/task-permissions';
import { TaskMeta } from './task-meta';
import { TaskTitleButton } from './task-title-button';

/** Props of {@link TasksList}. */
export interface TasksListProps {
  tasks: readonly Task[];
  actor: TaskActor;
  onOpen: (task: Task) => void;
  onMove: (task: Task, status: TaskStatus) => void;
}

/**
 * The list view (issue #4): one row per task with its title (opens the drawer), priority, due date
 * in words, assignee, and its status as a select for a quick change.
 */
export function TasksList({ tasks, actor, onOpen, onMove }: TasksListProps) {
  return (
    <Card variant="outlined">
      <Box component="ul" aria-label="Tasks" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {tasks.map((task, index) => {
          const { canChangeStatus } = getTaskAbilities(actor, task);
          return (
            <Box
              component="li"
              key={task.id}
              sx={{
                display: 'flex',
                alignItems: { xs: 'flex-start', sm: 'center' },
                flexDirection: { xs: 'column', sm: 'row' },
                gap: { xs: 1, sm: 2 },
                px: { xs: 2, sm: 2.5 },
                py: 1.5,
                minHeight: 45,
                borderTop: index === 0 ? 0 : '1px solid',
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <TaskTitleButton title={task.title} isDone={task.status === 'DONE'} onClick={() => onOpen(task)} />
                <TaskMeta task={task} />
              </Box>
              <TextField
                select
                size="small"
                value={task.status}
                disabled={!canChangeStatus}
                onChange={(event) => onMove(task, event.target.value as TaskStatus)}
                slotProps={{ htmlInput: { 'aria-label': `Status of “${task.title}”` } }}
                sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
              >
                {taskStatuses.map((status) => (
                  <MenuItem key={status} value={status}>
                    {taskStatusLabels[status]}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}
