import Check from '@mui/icons-material/Check';
import FilterList from '@mui/icons-material/FilterList';
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
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { taskStatuses, taskStatusLabels, type Member, type TaskStatus } from '@tandem/contract';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { DialogDrawer } from '@/components/ui/dialog-drawer';
import { onIntent } from '@/lib/lazy-with-preload';
import { LazyTasksBoard } from './lazy-tasks-board';
import {
  countActiveFilters,
  DEFAULT_TASK_FILTERS,
  hasActiveFilters,
  TASK_SORT_OPTIONS,
  type TaskFilters,
  type TaskView,
} from '../utils/task-filters';

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

interface FilterFieldsProps {
  filters: TaskFilters;
  members: readonly Member[];
  set: (changes: Partial<TaskFilters>) => void;
  /** 'inline': chips in a row, selects side by side (wide screens); 'stacked': one under the other (the phone's sheet). */
  layout: 'inline' | 'stacked';
  /** Shown after the selects (the inline "Clear filters"). */
  trailing?: ReactNode;
}

/** The quick-filter chips and the status, assignee and sort selects. */
function FilterFields({ filters, members, set, layout, trailing }: FilterFieldsProps) {
  const sortValue = `${filters.sort}:${filters.order}`;
  const isKnownSort = TASK_SORT_OPTIONS.some((option) => option.value === sortValue);
  const isStacked = layout === 'stacked';
  const selectFlex = (basis: number) => (isStacked ? '1 1 100%' : `1 1 ${basis}px`);
  return (
    <>
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
      <Box sx={{ display: 'flex', gap: isStacked ? 2 : 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          label="Status"
          value={filters.statuses}
          onChange={(event) => {
            const value = event.target.value as unknown as TaskStatus[] | string;
            const statuses = typeof value === 'string' ? (value.split(',') as TaskStatus[]) : value;
            set({ statuses: taskStatuses.filter((status) => statuses.includes(status)) });
          }}
          sx={{ flex: selectFlex(180) }}
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
          sx={{ flex: selectFlex(180) }}
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
          sx={{ flex: selectFlex(200) }}
        >
          {TASK_SORT_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {trailing}
      </Box>
    </>
  );
}

/**
 * The filters of /tasks (issue #4): text search (debounced), list/board view, Mine / Delegated by
 * me, Overdue / Due soon, status, assignee and sort. Every change goes through `onChange` as the
 * fields it changes, which the route writes into the URL. On phones (below 600 px) one row
 * holds the search, a "Filters" button with the number of active filters and the view switch;
 * the chips and selects open in a sheet from the bottom (issue #8: they filled the first screen).
 */
export function TasksToolbar({ filters, members, onChange }: TasksToolbarProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const sheetTitleId = useId();
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
  const clear = () => {
    setSearch('');
    onChange(CLEARED_FILTERS);
  };
  const activeCount = countActiveFilters(filters);
  const clearButton = hasActiveFilters(filters) && (
    <Button color="inherit" onClick={clear} sx={{ alignSelf: 'center' }}>
      Clear filters
    </Button>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, flexWrap: { xs: 'nowrap', sm: 'wrap' }, alignItems: 'center' }}>
        <TextField
          label="Search tasks"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: { xs: '1 1 0', sm: '1 1 240px' }, minWidth: 0 }}
          slotProps={{
            input: {
              // Phones: no icon, so the label sits in the narrow field instead of floating above it.
              startAdornment: isPhone ? undefined : (
                <InputAdornment position="start">
                  <Search fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        {isPhone && (
          <Button
            variant={activeCount > 0 ? 'contained' : 'outlined'}
            size="large"
            color="primary"
            startIcon={<FilterList aria-hidden />}
            aria-haspopup="dialog"
            aria-label={activeCount > 0 ? `Filters, ${activeCount} active` : 'Filters'}
            onClick={() => setIsSheetOpen(true)}
            sx={{ flexShrink: 0, px: 1.5, '& .MuiButton-startIcon': { mr: 0.5 } }}
          >
            Filters
            {activeCount > 0 && (
              <>
                {' '}
                <Box
                  component="span"
                  sx={{
                    ml: 0.75,
                    minWidth: 20,
                    height: 20,
                    px: 0.5,
                    borderRadius: '10px',
                    bgcolor: 'background.paper',
                    color: 'primary.main',
                    fontSize: '0.75rem',
                    lineHeight: '20px',
                    textAlign: 'center',
                  }}
                >
                  {activeCount}
                </Box>
              </>
            )}
          </Button>
        )}
        <ToggleButtonGroup
          exclusive
          value={filters.view}
          onChange={(_event, view: TaskView | null) => view && set({ view })}
          aria-label="View"
          sx={{ height: 48, flexShrink: 0 }}
        >
          <ToggleButton value="list" sx={{ ...toggleSx, px: { xs: 1.25, sm: 2 } }}>
            <ViewListOutlined fontSize="small" aria-hidden />
            <Box component="span" sx={isPhone ? visuallyHidden : undefined}>
              List
            </Box>
          </ToggleButton>
          <ToggleButton value="board" sx={{ ...toggleSx, px: { xs: 1.25, sm: 2 } }} {...onIntent(LazyTasksBoard.preload)}>
            <ViewKanbanOutlined fontSize="small" aria-hidden />
            <Box component="span" sx={isPhone ? visuallyHidden : undefined}>
              Board
            </Box>
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {isPhone ? (
        <DialogDrawer
          anchor="bottom"
          open={isSheetOpen}
          onClose={() => setIsSheetOpen(false)}
          labelledBy={sheetTitleId}
          paperSx={{
            borderTopLeftRadius: 24,
            borderTopRightRadius: 24,
            maxHeight: '85dvh',
            px: 2,
            pt: 2.5,
            pb: 'calc(16px + env(safe-area-inset-bottom))',
            display: 'grid',
            gap: 2.5,
          }}
        >
          <Typography id={sheetTitleId} variant="h2" sx={{ fontSize: '1.25rem' }}>
            Filters
          </Typography>
          <FilterFields filters={filters} members={members} set={set} layout="stacked" />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            {clearButton}
            <Button variant="contained" size="large" onClick={() => setIsSheetOpen(false)}>
              Done
            </Button>
          </Box>
        </DialogDrawer>
      ) : (
        <FilterFields filters={filters} members={members} set={set} layout="inline" trailing={clearButton} />
      )}
    </Box>
  );
}
