import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { taskStatuses, type Task, type TaskStatus } from '@tandem/contract';
import { Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { DeferredFirstRender } from '@/components/ui/deferred-first-render';
import { paths } from '@/config/paths';
import { queryClient } from '@/lib/query-client';
import { getSessionState, useSession } from '@/lib/session/session-store';
import { readStorage } from '@/lib/token-storage';
import { useHasOpened } from '@/hooks/use-has-opened';
import { tasksQueryOptions, useTasks } from '@/features/tasks/api/get-tasks';
import { useUpdateTask } from '@/features/tasks/api/update-task';
import { QuickAddTask } from '@/features/tasks/components/quick-add-task';
import { LazyTaskDrawer } from '@/features/tasks/components/lazy-task-drawer';
import { LazyTasksBoard } from '@/features/tasks/components/lazy-tasks-board';
import { TasksList } from '@/features/tasks/components/tasks-list';
import { TasksToolbar } from '@/features/tasks/components/tasks-toolbar';
import { useAssignableMembers } from '@/features/tasks/hooks/use-assignable-members';
import { formatCalendarDate } from '@/features/tasks/utils/due-date';
import {
  DEFAULT_TASK_FILTERS,
  hasActiveFilters,
  parseTaskFilters,
  toTaskListParams,
  writeTaskFilters,
  type TaskFilters,
} from '@/features/tasks/utils/task-filters';
import { canCreateTasks, type TaskActor } from '@/features/tasks/utils/task-permissions';
import { membersQueryOptions, prefetchMembers } from '@/features/workspaces';

/**
 * Loader of /tasks (issue #8): requests the list's first page for the URL's filters at once, beside
 * the session's own loading on a full page load (the workspace is the stored current organization
 * until init has chosen), instead of after the screen first rendered; a list already cached is left
 * alone. The members (the assignee choices) too: requested by the screen's first commit, their
 * request and the render its start caused ran inside that commit's task (issue #13). Resolves at
 * once; a failure shows on the screen, which uses the same queries. Nothing is requested without a
 * stored token.
 */
export function tasksLoader({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  const workspaceId = getSessionState().workspace?.id ?? readStorage('currentOrganization');
  if (!workspaceId || !readStorage('accessToken')) return null;
  // Only members not cached yet: this loader runs again on every change of the URL.
  if (!queryClient.getQueryState(membersQueryOptions(workspaceId).queryKey)) void prefetchMembers(queryClient, workspaceId);
  const params = toTaskListParams(parseTaskFilters(new URL(request.url).searchParams), startOfDay(formatCalendarDate(new Date())));
  const options = tasksQueryOptions(workspaceId, params);
  // Only a list not cached yet: a cached one refreshes as the screen says (a refetch here, on every
  // change of the URL such as opening the drawer, would also overwrite an optimistic edit).
  if (queryClient.getQueryState(options.queryKey)) return null;
  void queryClient.prefetchInfiniteQuery({ ...options, meta: { errorToast: false } });
  return null;
}

/** Local midnight of `day` (YYYY-MM-DD): the list's date filters count from today's. */
function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00`);
}

/**
 * /tasks (seed §2, PRODUCT §3; issue #4): quick add, filters and sort kept in the URL, the list or
 * the board (columns by status; drag, keyboard or "Move to…"), "Load more" through nextCursor, and
 * the task drawer (the URL's `task`). Status moves and quick edits show at once and roll back when
 * the server refuses.
 */
function TasksRoute() {
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!workspace || !member) return null;
  return (
    <TasksScreen
      workspaceId={workspace.id}
      workspaceName={workspace.name}
      actor={{ memberId: member.id, workspaceMemberType: member.workspaceMemberType }}
    />
  );
}

interface TasksScreenProps {
  workspaceId: string;
  workspaceName: string;
  actor: TaskActor;
}

/** True when both filters write the same URL (filters as the URL holds them). */
function isSameFilters(a: TaskFilters, b: TaskFilters): boolean {
  return writeTaskFilters(a).toString() === writeTaskFilters(b).toString();
}

function TasksScreen({ workspaceId, workspaceName, actor }: TasksScreenProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseTaskFilters(searchParams), [searchParams]);
  const today = formatCalendarDate(new Date());
  const params = useMemo(() => toTaskListParams(filters, startOfDay(today)), [filters, today]);
  const tasks = useTasks(workspaceId, params);
  const { members } = useAssignableMembers(workspaceId);
  const { mutate: moveTask } = useUpdateTask();
  const items = useMemo(() => tasks.data?.pages.flatMap((page) => page.items) ?? [], [tasks.data]);
  const openTaskId = searchParams.get('task');
  const hasOpenedDrawer = useHasOpened(openTaskId !== null);
  const canCreate = canCreateTasks(actor.workspaceMemberType);

  // A filter change is a navigation, and the URL shows it only once the route loaders ran: a second
  // change made meanwhile (a quick "Clear filters", then "Due in 7 days") builds on the first, not
  // on the filters this render still shows.
  const pendingFilters = useRef<TaskFilters | null>(null);
  useEffect(() => {
    if (pendingFilters.current && isSameFilters(pendingFilters.current, filters)) pendingFilters.current = null;
  }, [filters]);
  const handleFiltersChange = (changes: Partial<TaskFilters>) => {
    const next = { ...(pendingFilters.current ?? filters), ...changes };
    pendingFilters.current = next;
    setSearchParams((current) => writeTaskFilters(next, current), { replace: true });
  };
  // Stable handlers: the list and board are memoised, so a query that answers after them (the
  // members, a refetch) does not render every row again in one task (issue #13).
  const handleOpen = useCallback(
    (task: Pick<Task, 'id'>) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('task', task.id);
        return next;
      });
    },
    [setSearchParams],
  );
  const handleClose = () => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('task');
        return next;
      },
      { replace: true },
    );
  };
  const handleMove = useCallback(
    (task: Task, status: TaskStatus) => {
      if (status === task.status) return;
      moveTask({ workspaceId, taskId: task.id, changes: { status }, version: task.version });
    },
    [moveTask, workspaceId],
  );

  const statuses = filters.statuses.length > 0 ? filters.statuses : taskStatuses;
  return (
    <>
      <title>{`Tasks · ${workspaceName} · Tandem`}</title>
      {/* Phones (issue #8): heading and "New task" on one line, no subtitle, so tasks show on the first screen. */}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: { xs: 2, sm: 3 } }}>
        <Box sx={{ flex: { xs: '1 1 0', sm: '1 1 240px' }, minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            Tasks
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, display: { xs: 'none', sm: 'block' } }}>
            What is to be done in {workspaceName}, and by whom.
          </Typography>
        </Box>
        {/* A role that can never create tasks sees no button (issue #8: hide what a role can never do). */}
        {canCreate && (
          <Button component={RouterLink} to={paths.tasks.new.getHref()} variant="contained" startIcon={<Add />}>
            New task
          </Button>
        )}
      </Box>
      {/* minmax(0, 1fr): the board scrolls sideways inside the page instead of widening it. */}
      <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {canCreate && <QuickAddTask workspaceId={workspaceId} members={members} />}
        <TasksToolbar filters={filters} members={members} onChange={handleFiltersChange} />
        <Box aria-busy={tasks.isFetching && !tasks.isFetchingNextPage}>
          {tasks.isPending ? (
            <TasksSkeleton view={filters.view} />
          ) : tasks.isError ? (
            <Card variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                The tasks could not be loaded.
              </Typography>
              <Button variant="outlined" onClick={() => void tasks.refetch()}>
                Try again
              </Button>
            </Card>
          ) : items.length === 0 && filters.view === 'list' ? (
            <EmptyTasks
              isFiltered={hasActiveFilters(filters)}
              canCreate={canCreate}
              onClear={() => handleFiltersChange({ ...DEFAULT_TASK_FILTERS, view: filters.view })}
            />
          ) : (
            <DeferredFirstRender fallback={<TasksSkeleton view={filters.view} />}>
              {filters.view === 'board' ? (
                <Suspense fallback={<TasksSkeleton view="board" />}>
                  <LazyTasksBoard tasks={items} statuses={statuses} actor={actor} onOpen={handleOpen} onMove={handleMove} />
                </Suspense>
              ) : (
                <TasksList tasks={items} actor={actor} onOpen={handleOpen} onMove={handleMove} />
              )}
            </DeferredFirstRender>
          )}
          {tasks.hasNextPage && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
              <Button variant="outlined" loading={tasks.isFetchingNextPage} onClick={() => void tasks.fetchNextPage()}>
                Load more
              </Button>
            </Box>
          )}
        </Box>
      </Box>
      {/* Mounted from the first opening on, so its closing transition and a refused save's reopening still run. */}
      {hasOpenedDrawer && (
        <Suspense fallback={null}>
          <LazyTaskDrawer
            workspaceId={workspaceId}
            taskId={openTaskId}
            placeholder={items.find((task) => task.id === openTaskId)}
            actor={actor}
            onClose={handleClose}
            onReopen={(id) => handleOpen({ id })}
          />
        </Suspense>
      )}
    </>
  );
}

function TasksSkeleton({ view }: { view: TaskFilters['view'] }) {
  return (
    <Box role="status" aria-label="Loading tasks">
      {view === 'board' ? (
        <Box sx={{ display: 'flex', gap: 2, overflow: 'hidden' }}>
          {taskStatuses.map((status) => (
            <Skeleton key={status} variant="rounded" height={240} sx={{ flex: '1 0 220px', borderRadius: '20px' }} />
          ))}
        </Box>
      ) : (
        [0, 1, 2, 3].map((row) => <Skeleton key={row} variant="rounded" height={68} sx={{ mb: 1 }} />)
      )}
    </Box>
  );
}

interface EmptyTasksProps {
  isFiltered: boolean;
  canCreate: boolean;
  onClear: () => void;
}

function EmptyTasks({ isFiltered, canCreate, onClear }: EmptyTasksProps) {
  return (
    <Card variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {isFiltered ? 'No tasks match these filters' : 'No tasks yet'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: isFiltered ? 2 : 0 }}>
        {isFiltered
          ? 'Try fewer filters or another search.'
          : canCreate
            ? 'Type a title above and press Enter to add the first one.'
            : 'Tasks assigned to you will appear here.'}
      </Typography>
      {isFiltered && (
        <Button variant="outlined" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Card>
  );
}

export { TasksRoute as Component, tasksLoader as loader };
