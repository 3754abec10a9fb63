import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Sync from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import type { SaveIndicator as SaveIndicatorKind } from '../utils/brief-editor-state';

const icons = {
  saved: CloudDoneOutlined,
  saving: Sync,
  offline: CloudOffOutlined,
  retrying: ErrorOutline,
  conflict: ErrorOutline,
  blocked: ErrorOutline,
} as const;

const colors = {
  saved: 'text.secondary',
  saving: 'text.secondary',
  offline: 'warning.main',
  retrying: 'warning.main',
  conflict: 'error.main',
  blocked: 'error.main',
} as const;

/**
 * The editor's save state in words (issue #9: "Saved" / "Saving…" / "Offline — changes kept" /
 * "Couldn't save — retrying"), a polite live region so screen readers hear when it changes.
 */
export function SaveIndicator({ kind, label }: { kind: SaveIndicatorKind; label: string }) {
  const Icon = icons[kind];
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        color: colors[kind],
        fontSize: '0.875rem',
        fontWeight: 500,
        minWidth: 0,
      }}
    >
      <Icon fontSize="small" aria-hidden="true" />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {label}
      </Box>
    </Box>
  );
}
