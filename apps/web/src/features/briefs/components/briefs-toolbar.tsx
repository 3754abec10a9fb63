import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { briefStatuses, briefStatusLabels, type BriefStatus } from '@tandem/contract';
import { useEffect, useState } from 'react';
import type { BriefFilters } from '../utils/brief-filters';

/** Props of {@link BriefsToolbar}. */
export interface BriefsToolbarProps {
  filters: BriefFilters;
  onChange: (changes: Partial<BriefFilters>) => void;
}

/** Typing pauses this long before the search goes into the URL (one request per pause, not per key). */
const SEARCH_DELAY_MS = 300;

/**
 * The briefs list's filters (issue #9; PRODUCT §3 "filter by status, search by title"): status
 * toggles (none selected = all) and a title search, both kept in the URL by the screen.
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
      <ToggleButtonGroup
        size="small"
        aria-label="Status"
        value={filters.statuses}
        onChange={(_event, statuses: BriefStatus[]) => onChange({ statuses })}
      >
        {briefStatuses.map((status) => (
          <ToggleButton key={status} value={status} sx={{ px: 1.5 }}>
            {briefStatusLabels[status]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
