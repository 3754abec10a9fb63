import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { taskPriorityLabels, taskStatusLabels, type Dashboard, type DashboardTask } from '@tandem/contract';
import { paths } from '@/config/paths';
import { describeDue, describeWaiting } from '../utils/dashboard-dates';

/** Props of {@link TaskRows}. */
export interface TaskRowsProps {
  tasks: readonly DashboardTask[];
  /** How many there are in all (the API caps lists); more than shown adds a line. */
  total: number;
  /** YYYY-MM-DD, the day the dashboard was asked for. */
  today: string;
  /**
   * 'mine': due dates first; 'delegated': who has it, its status and how long it waits;
   * 'unassigned': due date first, then that nobody has it and who created it.
   */
  variant: 'mine' | 'delegated' | 'unassigned';
  /** The signed-in member, to leave out "from you". */
  myMemberId: string;
  /** Accessible name of the list. */
  label: string;
  /** Shown instead of an empty list. */
  emptyText: string;
}

/** The task's drawer on /tasks (the tasks screen reads `?task=<id>`). */
export const getTaskHref = (taskId: string) => paths.tasks.list.getHref(new URLSearchParams({ task: taskId }));

const name = (member: DashboardTask['assignee']) => (member ? `${member.firstName} ${member.lastName}` : null);

/** The parts of a row's second line; `isDue` marks the due date (red when overdue). */
function describeTask(
  task: DashboardTask,
  variant: TaskRowsProps['variant'],
  today: string,
  myMemberId: string,
): { text: string; isDue: boolean }[] {
  const due = { text: describeDue(task.dueDate, today), isDue: true };
  const plain = (text: string) => ({ text, isDue: false });
  const from = task.createdBy && task.createdBy.memberId !== myMemberId ? `from ${name(task.createdBy)}` : '';
  const status = task.status === 'TODO' ? '' : taskStatusLabels[task.status];
  // Urgency leads (issue #8): an overdue delegated task says so first.
  const parts =
    variant === 'delegated'
      ? [
          ...(task.dueDate !== null && task.dueDate < today ? [due] : []),
          plain(name(task.assignee) ?? 'Someone'),
          plain(taskStatusLabels[task.status]),
          plain(`waiting ${describeWaiting(task.createdAt, today)}`),
          ...(task.dueDate !== null && task.dueDate >= today ? [due] : []),
        ]
      : variant === 'unassigned'
        ? [due, plain('Unassigned'), plain(status), plain(from)]
        : [due, plain(status), plain(from)];
  return parts.filter((part) => part.text !== '');
}

/**
 * Task rows of the dashboard, each a link to the task on /tasks; high and urgent priorities carry
 * a chip, overdue dates read "Overdue by N days" in the error colour (the words carry the meaning).
 */
export function TaskRows({ tasks, total, today, variant, myMemberId, label, emptyText }: TaskRowsProps) {
  if (tasks.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <>
      <List aria-label={label} disablePadding sx={{ mx: -1 }}>
        {tasks.map((task) => {
          const isOverdue = task.dueDate !== null && task.dueDate < today;
          const parts = describeTask(task, variant, today, myMemberId);
          return (
            <ListItem key={task.id} disablePadding>
              <ListItemButton component={RouterLink} to={getTaskHref(task.id)} sx={{ borderRadius: '12px', px: 1, gap: 1 }}>
                <ListItemText
                  primary={task.title}
                  slotProps={{ primary: { sx: { fontWeight: 500, overflowWrap: 'anywhere' } } }}
                  secondary={parts.map((part, index) => (
                    <Fragment key={`${index}-${part.text}`}>
                      {index > 0 && ' · '}
                      {part.isDue && isOverdue ? (
                        <Box component="span" sx={{ color: 'error.main' }}>
                          {part.text}
                        </Box>
                      ) : (
                        part.text
                      )}
                    </Fragment>
                  ))}
                />
                {(task.priority === 'HIGH' || task.priority === 'URGENT') && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={task.priority === 'URGENT' ? 'error' : 'warning'}
                    label={taskPriorityLabels[task.priority]}
                    sx={{ flexShrink: 0 }}
                  />
                )}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {total > tasks.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          and {total - tasks.length} more
        </Typography>
      )}
    </>
  );
}

/** The dashboard's four task lists (contract dashboard.ts) with their wording. */
const dashboardTaskLists = {
  overdue: { variant: 'mine', label: 'Overdue tasks', emptyText: 'Nothing overdue.' },
  overdueUnassigned: {
    variant: 'unassigned',
    label: 'Overdue tasks nobody is assigned to',
    emptyText: 'Every overdue task has someone on it.',
  },
  dueToday: { variant: 'mine', label: 'Tasks due today', emptyText: 'Nothing due today.' },
  delegatedWaiting: { variant: 'delegated', label: 'Tasks waiting on others', emptyText: 'Nothing waiting on others.' },
} as const satisfies Record<string, Pick<TaskRowsProps, 'variant' | 'label' | 'emptyText'>>;

/** Props of {@link DashboardTaskList}. */
export interface DashboardTaskListProps {
  dashboard: Dashboard;
  list: keyof typeof dashboardTaskLists;
  myMemberId: string;
}

/** One of the dashboard's task lists (overdue, overdue and unassigned, due today, waiting on others) as {@link TaskRows}. */
export function DashboardTaskList({ dashboard, list, myMemberId }: DashboardTaskListProps) {
  return (
    <TaskRows
      tasks={dashboard[list]}
      total={dashboard.totals[list]}
      today={dashboard.today}
      myMemberId={myMemberId}
      {...dashboardTaskLists[list]}
    />
  );
}
