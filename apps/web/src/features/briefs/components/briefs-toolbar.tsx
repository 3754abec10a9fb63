import Check from '@mui/icons-material/Check';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Chip from '@mui/material/Chip';
import { briefStatuses, briefStatusLabels, type BriefStatus } from '@tandem/contract';
import { useEffect, useState } from 'react';
import type { BriefFilters } from '../utils/brief-filters';

/** Props of {@link BriefsToolbar}. */
export interface BriefsToolbarProps {
  filters: BriefFilters;
  onChange: (changes: Partial<BriefFilters>) => void;
}

/** `statuses` with `status` switched on or off. */
const toggleStatus = (statuses: readonly BriefStatus[], status: BriefStatus) =>
  statuses.includes(status) ? statuses.filter((item) => item !== status) : [...statuses, status];

/** Typing pauses this long before the search goes into the URL (one request per pause, not per key). */
const SEARCH_DELAY_MS = 300;

/**
 * The briefs list's filters (issue #9; PRODUCT §3 "filter by status, search by title"): status
 * chips that are on or off (aria-pressed; none on = all), as /tasks' filters, and a title search, both kept in the URL by the screen.
 */
export function BriefsToolbar({ filters, onChange }: BriefsToolbarProps) {
  const [search, setSearch] = useState(filters.q);
  // The URL changed elsewhere (back button, Clear filters): the field follows it.
  const [shownQuery, setShownQuery] = useState(filters.q);
  if (filters.q !== shownQuery) {
    setShownQuery(filters.q);
    // Not when the URL caught up with what is typed: a trailing space being typed stays.
    if (filters.q !== search.trim()) setSearch(filters.q);
  }
  useEffect(() => {
    if (search.trim() === filters.q) return;
    const timer = setTimeout(() => onChange({ q: search.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters.q, onChange]);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <TextField
        type="search"
        label="Search titles"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box role="group" aria-label="Status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {briefStatuses.map((status) => {
          const isOn = filters.statuses.includes(status);
          return (
            <Chip
              key={status}
              label={briefStatusLabels[status]}
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
    </Box>
  );
}
