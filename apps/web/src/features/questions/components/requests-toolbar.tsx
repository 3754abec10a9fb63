import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { requestStatuses, requestStatusLabels, type RequestSort, type RequestStatus } from '@tandem/contract';
import { SearchField } from '@/components/ui/search-field';
import type { RequestFilters } from '../utils/request-filters';

/** Props of {@link RequestsToolbar}. */
export interface RequestsToolbarProps {
  filters: RequestFilters;
  onChange: (changes: Partial<RequestFilters>) => void;
  /** The archive searches only (its status is fixed, its order the newest first). */
  searchOnly?: boolean;
}

const sortLabels: Record<RequestSort, string> = { updatedAt: 'Last changed', dueDate: 'Due date', title: 'Title' };

const toggleStatus = (statuses: readonly RequestStatus[], status: RequestStatus) =>
  statuses.includes(status) ? statuses.filter((item) => item !== status) : [...statuses, status];

/**
 * The request list's filters (issue #10 /questions/list): a title search (into the URL after a
 * pause in typing), status chips that are on or off (none on = all), and the sort, as the briefs
 * list's toolbar.
 */
export function RequestsToolbar({ filters, onChange, searchOnly = false }: RequestsToolbarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <SearchField
        label="Search titles"
        query={filters.q}
        onSearch={(q) => onChange({ q })}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
      />
      {!searchOnly && (
        <>
          <Box role="group" aria-label="Status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {requestStatuses.map((status) => {
              const isOn = filters.statuses.includes(status);
              return (
                <Chip
                  key={status}
                  label={requestStatusLabels[status]}
                  clickable
                  onClick={() => onChange({ statuses: toggleStatus(filters.statuses, status) })}
                  aria-pressed={isOn}
                  color={isOn ? 'primary' : 'default'}
                  variant={isOn ? 'filled' : 'outlined'}
                  icon={isOn ? <Check aria-hidden /> : undefined}
                  sx={{ fontWeight: 600 }}
                />
              );
            })}
          </Box>
          <TextField
            select
            size="small"
            label="Sort by"
            value={filters.sort}
            onChange={(event) => onChange({ sort: event.target.value as RequestSort })}
            sx={{ minWidth: 160 }}
          >
            {(Object.keys(sortLabels) as RequestSort[]).map((sort) => (
              <MenuItem key={sort} value={sort}>
                {sortLabels[sort]}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
    </Box>
  );
}
