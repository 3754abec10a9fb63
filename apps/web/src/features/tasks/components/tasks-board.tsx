import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { taskStatusLabels, type Task, type TaskStatus } from '@tandem/contract';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { memo, useId, useMemo, useRef, useState } from 'react';
import { getTaskAbilities, type TaskActor } from '../utils/task-permissions';
import { MoveTaskMenu } from './move-task-menu';
import { TaskMeta } from './task-meta';
import { TaskTitleButton } from './task-title-button';

/** Props of {@link TasksBoard}. */
export interface TasksBoardProps {
  tasks: readonly Task[];
  /** The columns shown, in order (every status unless the status filter narrows them). */
  statuses: readonly TaskStatus[];
  actor: TaskActor;
  onOpen: (task: Task) => void;
  onMove: (task: Task, status: TaskStatus) => void;
}

const columnId = (status: TaskStatus) => `column-${status}`;
const statusOfColumn = (id: unknown): TaskStatus | null =>
  typeof id === 'string' && id.startsWith('column-') ? (id.slice('column-'.length) as TaskStatus) : null;

/** Pointer first (mouse and touch), else the dragged card's rectangle (keyboard). */
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const screenReaderInstructions = {
  draggable:
    'To move this task to another column, press Space or Enter, use the left and right arrow keys to choose the column, then press Space or Enter again. Escape cancels.',
};

/**
 * The board (issue #4): one column per status; a card moves to another column by dragging it
 * (mouse, touch after a short press) or from the keyboard (focus the drag handle, Space, arrows,
 * Space), and every card has a "Move to…" menu. Columns scroll sideways on a narrow screen.
 */
export const TasksBoard = memo(function TasksBoard({ tasks, statuses, actor, onOpen, onMove }: TasksBoardProps) {
  const [activeTask, setActiveTask] = useState<Task | null>(null);
  const byStatus = useMemo(() => {
    const groups = new Map<TaskStatus, Task[]>(statuses.map((status) => [status, []]));
    for (const task of tasks) groups.get(task.status)?.push(task);
    return groups;
  }, [tasks, statuses]);

  // Arrow keys jump a lifted card to the centre of the neighbouring column. The column is tracked
  // here rather than read from `over`, which lags behind quick successive key presses.
  const keyboardColumn = useRef<TaskStatus | null>(null);
  const coordinateGetter: KeyboardCoordinateGetter = (event, { context }) => {
    const { active, droppableRects, collisionRect } = context;
    const step =
      event.code === 'ArrowRight' || event.code === 'ArrowDown' ? 1 : event.code === 'ArrowLeft' || event.code === 'ArrowUp' ? -1 : 0;
    if (!active || !collisionRect || step === 0) return undefined;
    event.preventDefault();
    const current = keyboardColumn.current ?? (active.data.current as { task: Task } | undefined)?.task.status;
    const target = current ? statuses[statuses.indexOf(current) + step] : undefined;
    const rect = target ? droppableRects.get(columnId(target)) : undefined;
    if (!target || !rect) return undefined;
    keyboardColumn.current = target;
    return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + 56 };
  };

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const titleOf = (id: unknown) => tasks.find((task) => task.id === id)?.title ?? 'The task';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up “${titleOf(active.id)}”.`,
    onDragOver: ({ active, over }) => {
      const status = statusOfColumn(over?.id);
      return status ? `“${titleOf(active.id)}” is over ${taskStatusLabels[status]}.` : `“${titleOf(active.id)}” is not over a column.`;
    },
    onDragEnd: ({ active, over }) => {
      const status = statusOfColumn(over?.id);
      return status ? `“${titleOf(active.id)}” was dropped in ${taskStatusLabels[status]}.` : `“${titleOf(active.id)}” was dropped.`;
    },
    onDragCancel: ({ active }) => `Moving “${titleOf(active.id)}” was cancelled.`,
  };

  const handleDragStart = ({ active }: DragStartEvent) => {
    keyboardColumn.current = null;
    setActiveTask(tasks.find((task) => task.id === active.id) ?? null);
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveTask(null);
    const task = tasks.find((candidate) => candidate.id === active.id);
    const status = statusOfColumn(over?.id);
    if (task && status && status !== task.status) onMove(task, status);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveTask(null)}
    >
      {/* A scroll region on phones: focusable and named, so a keyboard can scroll it (WCAG 2.1.1). */}
      <Box
        role="region"
        aria-label="Task board"
        tabIndex={0}
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'flex-start',
          overflowX: 'auto',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          scrollSnapType: { xs: 'x mandatory', md: 'none' },
          pb: 1,
          mx: { xs: -2, sm: 0 },
          px: { xs: 2, sm: 0 },
        }}
      >
        {statuses.map((status) => (
          <BoardColumn key={status} status={status} tasks={byStatus.get(status) ?? []} actor={actor} onOpen={onOpen} onMove={onMove} />
        ))}
      </Box>
      <DragOverlay dropAnimation={null}>
        {activeTask ? (
          <Card variant="outlined" sx={{ p: 1.5, borderRadius: '14px', boxShadow: 6, cursor: 'grabbing' }}>
            <Typography sx={{ fontWeight: 600, fontSize: '0.9375rem' }}>{activeTask.title}</Typography>
            <TaskMeta task={activeTask} />
          </Card>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
});

interface BoardColumnProps {
  status: TaskStatus;
  tasks: readonly Task[];
  actor: TaskActor;
  onOpen: (task: Task) => void;
  onMove: (task: Task, status: TaskStatus) => void;
}

function BoardColumn({ status, tasks, actor, onOpen, onMove }: BoardColumnProps) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: columnId(status) });
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      ref={setNodeRef}
      sx={(theme) => ({
        flex: '1 0 0',
        minWidth: { xs: 'min(82vw, 300px)', md: 220 },
        scrollSnapAlign: 'start',
        borderRadius: '20px',
        p: 1.25,
        bgcolor: isOver ? alpha(theme.palette.primary.main, 0.12) : alpha(theme.palette.text.primary, 0.04),
        outline: isOver ? `2px dashed ${theme.palette.primary.main}` : '2px dashed transparent',
        transition: 'background-color 120ms, outline-color 120ms',
        minHeight: 160,
      })}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, px: 0.75, pt: 0.5, pb: 1.25 }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ fontSize: '0.9375rem' }}>
          {taskStatusLabels[status]}
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-label={`${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`}>
          {tasks.length}
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {tasks.map((task) => (
          <Box component="li" key={task.id}>
            <BoardCard task={task} actor={actor} onOpen={onOpen} onMove={onMove} />
          </Box>
        ))}
      </Box>
      {tasks.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.75, py: 2, textAlign: 'center' }}>
          No tasks
        </Typography>
      )}
    </Box>
  );
}

interface BoardCardProps {
  task: Task;
  actor: TaskActor;
  onOpen: (task: Task) => void;
  onMove: (task: Task, status: TaskStatus) => void;
}

function BoardCard({ task, actor, onOpen, onMove }: BoardCardProps) {
  const { canChangeStatus } = getTaskAbilities(actor, task);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: task.id,
    data: { task },
    disabled: !canChangeStatus,
  });
  return (
    <Card
      ref={setNodeRef}
      variant="outlined"
      {...listeners}
      sx={{
        p: 1.25,
        borderRadius: '14px',
        opacity: isDragging ? 0.4 : 1,
        cursor: canChangeStatus ? 'grab' : 'default',
        touchAction: 'manipulation',
        '&:hover': { borderColor: 'text.secondary' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
        {canChangeStatus && (
          <Box
            component="button"
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            aria-label={`Drag “${task.title}” to another column`}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              flexShrink: 0,
              width: 28,
              height: 28,
              mt: -0.25,
              ml: -0.5,
              p: 0,
              border: 0,
              borderRadius: '6px',
              bgcolor: 'transparent',
              color: 'text.secondary',
              cursor: 'grab',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <DragIndicator fontSize="small" aria-hidden />
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0, pt: 0.25 }}>
          <TaskTitleButton title={task.title} isDone={task.status === 'DONE'} onClick={() => onOpen(task)} />
        </Box>
        {canChangeStatus && <MoveTaskMenu title={task.title} status={task.status} onMove={(status) => onMove(task, status)} />}
      </Box>
      <TaskMeta task={task} />
    </Card>
  );
}
