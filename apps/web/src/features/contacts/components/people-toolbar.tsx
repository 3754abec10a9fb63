import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import type { ContactListParams } from '../api/get-contacts';

/** Props of {@link PeopleToolbar}. */
export interface PeopleToolbarProps {
  filters: ContactListParams;
  onChange: (changes: Partial<ContactListParams>) => void;
}

/** Typing pauses this long before the search goes into the URL (one request per pause). */
const SEARCH_DELAY_MS = 300;

/**
 * The people list's search (name, email, company, tags; issue #10) and the chosen tag as a chip
 * with a remove button; both kept in the URL by the screen.
 */
export function PeopleToolbar({ filters, onChange }: PeopleToolbarProps) {
  const [search, setSearch] = useState(filters.q);
  const [shownQuery, setShownQuery] = useState(filters.q);
  // The URL changed elsewhere (back button, Clear filters): the field follows it.
  if (filters.q !== shownQuery) {
    setShownQuery(filters.q);
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
        label="Search people"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 360px' } }}
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
      {filters.tag && (
        <Chip
          label={`Tag: ${filters.tag}`}
          color="primary"
          onClick={() => onChange({ tag: '' })}
          onDelete={() => onChange({ tag: '' })}
          aria-label={`Tag: ${filters.tag}, remove filter`}
        />
      )}
    </Box>
  );
}
