import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { taskStatuses, taskStatusLabels, type Task, type TaskStatus } from '@tandem/contract';
import { memo } from 'react';
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
 * in words, assignee, and its status as a select for a quick change; dense on phones, the status
 * a compact select beside the title, so a phone's first screen shows five tasks or more (issue #8).
 */
export const TasksList = memo(function TasksList({ tasks, actor, onOpen, onMove }: TasksListProps) {
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
                // Phones (issue #8): the status beside the title, the details under both on the
                // row's whole width; wider screens: the status centred beside title and details.
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) auto',
                gridTemplateAreas: { xs: '"title status" "meta meta"', sm: '"title status" "meta status"' },
                alignItems: 'center',
                columnGap: { xs: 1.5, sm: 2 },
                px: { xs: 1.5, sm: 2.5 },
                py: { xs: 1, sm: 1.5 },
                minHeight: 45,
                borderTop: index === 0 ? 0 : '1px solid',
                borderColor: 'divider',
              }}
            >
              <Box sx={{ gridArea: 'title', minWidth: 0 }}>
                <TaskTitleButton title={task.title} isDone={task.status === 'DONE'} onClick={() => onOpen(task)} />
              </Box>
              <Box sx={{ gridArea: 'meta', minWidth: 0 }}>
                <TaskMeta task={task} />
              </Box>
              <TextField
                select
                size="small"
                value={task.status}
                disabled={!canChangeStatus}
                onChange={(event) => onMove(task, event.target.value as TaskStatus)}
                slotProps={{
                  // A select is never autofilled: none of the keyframes MUI's inputs inject to notice
                  // autofill, which every input mounts as a style element of its own (issue #13).
                  input: { disableInjectingGlobalStyles: true },
                  htmlInput: { 'aria-label': `Status of “${task.title}”` },
                }}
                sx={(theme) => ({
                  gridArea: 'status',
                  width: 160,
                  // Phones: as wide as its words and a little lower (32 px).
                  [theme.breakpoints.down('sm')]: {
                    width: 'auto',
                    '& .MuiInputBase-root': { fontSize: '0.8125rem' },
                    '& .MuiSelect-select': { py: 0.75, pl: 1.25, minHeight: 0 },
                  },
                })}
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
});
