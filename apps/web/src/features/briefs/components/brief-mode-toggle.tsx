import EditOutlined from '@mui/icons-material/EditOutlined';
import ChromeReaderModeOutlined from '@mui/icons-material/ChromeReaderModeOutlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { onIntent } from '@/lib/lazy-with-preload';
import type { BriefMode } from '../utils/brief-mode';

/** Props of {@link BriefModeToggle}. */
export interface BriefModeToggleProps {
  mode: BriefMode;
  onChange: (mode: BriefMode) => void;
  /** Runs when the pointer or focus reaches Edit, or a touch starts on it: e.g. preloading the editor. */
  onEditIntent?: () => void;
}

/**
 * Read / Edit of a brief's page (issue #9): the executive reads and marks by default and edits one
 * click away (PRODUCT §6: she may edit briefs); editors switch to reading to see the brief as the
 * executive will. A labelled pair of toggle buttons (aria-pressed), tall enough to tap on a phone.
 */
export function BriefModeToggle({ mode, onChange, onEditIntent }: BriefModeToggleProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      aria-label="Brief mode"
      value={mode}
      onChange={(_event, next: BriefMode | null) => {
        if (next) onChange(next);
      }}
      sx={{
        '& .MuiToggleButton-root': { minHeight: 44, px: 1.75, gap: 0.75, textTransform: 'none', fontWeight: 600 },
        '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' },
      }}
    >
      <ToggleButton value="read">
        <ChromeReaderModeOutlined fontSize="small" aria-hidden="true" />
        Read
      </ToggleButton>
      <ToggleButton value="edit" {...(onEditIntent && onIntent(onEditIntent))}>
        <EditOutlined fontSize="small" aria-hidden="true" />
        Edit
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
