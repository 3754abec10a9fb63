import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useEffect, useEffectEvent, useState } from 'react';

/** Typing pauses this long before the search goes into the URL (one request per pause). */
export const SEARCH_DELAY_MS = 300;

/** Props of {@link SearchField}. */
export interface SearchFieldProps {
  /** The visible label, e.g. "Search titles". */
  label: string;
  /** The search as the URL holds it (trimmed). */
  query: string;
  /** Called with the trimmed text once typing pauses for {@link SEARCH_DELAY_MS}. */
  onSearch: (query: string) => void;
  sx?: SxProps<Theme>;
}

/**
 * A list's search box kept in the URL by its screen (the briefs, requests and people lists):
 * typing is sent after a pause, and the field follows the URL when it changes elsewhere (back
 * button, "Clear filters") — except when the URL only caught up with what is typed, so a trailing
 * space being typed stays.
 */
export function SearchField({ label, query, onSearch, sx }: SearchFieldProps) {
  const [search, setSearch] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    if (query !== search.trim()) setSearch(query);
  }
  // The newest onSearch, without restarting the pause when the screen passes a new function.
  const sendSearch = useEffectEvent((text: string) => onSearch(text));
  useEffect(() => {
    if (search.trim() === query) return;
    const timer = setTimeout(() => sendSearch(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  return (
    <TextField
      type="search"
      label={label}
      size="small"
      value={search}
      onChange={(event) => setSearch(event.target.value)}
      sx={sx}
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
  );
}
