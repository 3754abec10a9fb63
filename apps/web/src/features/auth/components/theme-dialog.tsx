import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ThemePreference } from '@tandem/contract';
import { ThemeGrid } from './theme-grid';

/** Props of {@link ThemeDialog}. */
export interface ThemeDialogProps {
  open: boolean;
  current: ThemePreference;
  onSelect: (preference: ThemePreference) => void;
  onClose: () => void;
}

/**
 * The theme chooser of the account menu: "Match system" and the 14 themes (seed §1, issue #8) with
 * their names and a colour preview; the current one is checked (a radio group, keyboard operable).
 */
export function ThemeDialog({ open, current, onSelect, onClose }: ThemeDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { sx: { mx: { xs: 2, sm: 4 } } } }}>
      <DialogTitle>Theme</DialogTitle>
      <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
        <ThemeGrid current={current} onSelect={onSelect} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
