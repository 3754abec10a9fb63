import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { SearchField } from '@/components/ui/search-field';
import type { ContactListParams } from '../api/get-contacts';

/** Props of {@link PeopleToolbar}. */
export interface PeopleToolbarProps {
  filters: ContactListParams;
  onChange: (changes: Partial<ContactListParams>) => void;
}

/**
 * The people list's search (name, email, company, tags; issue #10) and the chosen tag as a chip
 * with a remove button; both kept in the URL by the screen.
 */
export function PeopleToolbar({ filters, onChange }: PeopleToolbarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <SearchField
        label="Search people"
        query={filters.q}
        onSearch={(q) => onChange({ q })}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 360px' } }}
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
