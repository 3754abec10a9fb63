import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { briefStatuses, briefStatusLabels, type BriefStatus } from '@tandem/contract';
import { SearchField } from '@/components/ui/search-field';
import type { BriefFilters } from '../utils/brief-filters';

/** Props of {@link BriefsToolbar}. */
export interface BriefsToolbarProps {
  filters: BriefFilters;
  onChange: (changes: Partial<BriefFilters>) => void;
}

/** `statuses` with `status` switched on or off. */
const toggleStatus = (statuses: readonly BriefStatus[], status: BriefStatus) =>
  statuses.includes(status) ? statuses.filter((item) => item !== status) : [...statuses, status];

/**
 * The briefs list's filters (issue #9; PRODUCT §3 "filter by status, search by title"): status
 * chips that are on or off (aria-pressed; none on = all), as /tasks' filters, and a title search, both kept in the URL by the screen.
 */
export function BriefsToolbar({ filters, onChange }: BriefsToolbarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <SearchField
        label="Search titles"
        query={filters.q}
        onSearch={(q) => onChange({ q })}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
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
