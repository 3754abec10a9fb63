import Check from '@mui/icons-material/Check';
import Search from '@mui/icons-material/Search';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { taskStatuses, taskStatusLabels, type Member, type TaskStatus } from '@tandem/contract';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_TASK_FILTERS, hasActiveFilters, TASK_SORT_OPTIONS, type TaskFilters, type TaskView } from '../utils/task-filters';

/** View buttons: text.secondary when off (the default action colour is too faint on the page background). */
const toggleSx = { px: 2, gap: 1, textTransform: 'none', fontWeight: 600, color: 'text.secondary' } as const;

/** Pause after the last keystroke before the search reaches the URL and the API, ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Props of {@link TasksToolbar}. */
export interface TasksToolbarProps {
  filters: TaskFilters;
  members: readonly Member[];
  /** The filters to change; the others keep their latest value (see app/routes/tasks/tasks.tsx). */
  onChange: (changes: Partial<TaskFilters>) => void;
}

/** What "Clear filters" changes: every filter that narrows the list, not the view or the sort. */
const CLEARED_FILTERS: Partial<TaskFilters> = (({ view: _view, sort: _sort, order: _order, ...narrowing }) => narrowing)(
  DEFAULT_TASK_FILTERS,
);

interface ToggleChipProps {
  label: string;
  isOn: boolean;
  onToggle: () => void;
}

/** A filter that is on or off: a chip that says so to screen readers (aria-pressed) and with a check mark. */
function ToggleChip({ label, isOn, onToggle }: ToggleChipProps) {
  return (
    <Chip
      label={label}
      clickable
      onClick={onToggle}
      aria-pressed={isOn}
      color={isOn ? 'primary' : 'default'}
      variant={isOn ? 'filled' : 'outlined'}
      icon={isOn ? <Check aria-hidden /> : undefined}
      sx={{ fontWeight: 600 }}
    />
  );
}

/**
 * The filters of /tasks (issue #4): text search (debounced), list/board view, Mine / Delegated by
 * me, Overdue / Due soon, status, assignee and sort. Every change goes through `onChange` as the
 * fields it changes, which the route writes into the URL.
 */
export function TasksToolbar({ filters, members, onChange }: TasksToolbarProps) {
  const [search, setSearch] = useState(filters.q);
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });

  // The URL changed from outside (back button, "Clear filters"): show its search.
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    setSearch(filters.q);
  }

  useEffect(() => {
    const timer = setTimeout(() => {
      const { filters: current, onChange: change } = latest.current;
      if (search.trim() !== current.q) change({ q: search.trim() });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const set = (changes: Partial<TaskFilters>) => onChange(changes);
  const sortValue = `${filters.sort}:${filters.order}`;
  const isKnownSort = TASK_SORT_OPTIONS.some((option) => option.value === sortValue);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          label="Search tasks"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: '1 1 240px' }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <ToggleButtonGroup
          exclusive
          value={filters.view}
          onChange={(_event, view: TaskView | null) => view && set({ view })}
          aria-label="View"
          sx={{ height: 48 }}
        >
          <ToggleButton value="list" sx={toggleSx}>
            <ViewListOutlined fontSize="small" aria-hidden />
            List
          </ToggleButton>
          <ToggleButton value="board" sx={toggleSx}>
            <ViewKanbanOutlined fontSize="small" aria-hidden />
            Board
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} role="group" aria-label="Quick filters">
        <ToggleChip label="Mine" isOn={filters.mine} onToggle={() => set({ mine: !filters.mine, delegatedByMe: false })} />
        <ToggleChip
          label="Delegated by me"
          isOn={filters.delegatedByMe}
          onToggle={() => set({ delegatedByMe: !filters.delegatedByMe, mine: false })}
        />
        <ToggleChip
          label="Overdue"
          isOn={filters.due === 'overdue'}
          onToggle={() => set({ due: filters.due === 'overdue' ? null : 'overdue' })}
        />
        <ToggleChip
          label="Due in 7 days"
          isOn={filters.due === 'soon'}
          onToggle={() => set({ due: filters.due === 'soon' ? null : 'soon' })}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          label="Status"
          value={filters.statuses}
          onChange={(event) => {
            const value = event.target.value as unknown as TaskStatus[] | string;
            const statuses = typeof value === 'string' ? (value.split(',') as TaskStatus[]) : value;
            set({ statuses: taskStatuses.filter((status) => statuses.includes(status)) });
          }}
          sx={{ flex: '1 1 180px' }}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const list = selected as TaskStatus[];
                return list.length === 0 ? 'All statuses' : list.map((status) => taskStatusLabels[status]).join(', ');
              },
            },
            inputLabel: { shrink: true },
          }}
        >
          {taskStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {filters.statuses.includes(status) ? <Check fontSize="small" sx={{ mr: 1 }} aria-hidden /> : <Box sx={{ width: 28 }} />}
              {taskStatusLabels[status]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Assignee"
          value={filters.assignee ?? ''}
          onChange={(event) => set({ assignee: event.target.value || null })}
          sx={{ flex: '1 1 180px' }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Anyone</MenuItem>
          {members.map((member) => (
            <MenuItem key={member.id} value={member.id}>
              {member.firstName} {member.lastName}
            </MenuItem>
          ))}
          {filters.assignee && !members.some((member) => member.id === filters.assignee) && (
            <MenuItem value={filters.assignee}>Someone no longer here</MenuItem>
          )}
        </TextField>
        <TextField
          select
          label="Sort by"
          value={isKnownSort ? sortValue : TASK_SORT_OPTIONS[0].value}
          onChange={(event) => {
            const [sort, order] = event.target.value.split(':') as [TaskFilters['sort'], TaskFilters['order']];
            set({ sort, order });
          }}
          sx={{ flex: '1 1 200px' }}
        >
          {TASK_SORT_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {hasActiveFilters(filters) && (
          <Button
            color="inherit"
            onClick={() => {
              setSearch('');
              onChange(CLEARED_FILTERS);
            }}
            sx={{ alignSelf: 'center' }}
          >
            Clear filters
          </Button>
        )}
      </Box>
    </Box>
  );
}
