import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  /** The dialog's title and accessible name, e.g. "Remove Jordan Reyes?". */
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** The confirming button's text, e.g. "Remove". */
  confirmLabel: string;
  /** Destructive actions use the error colour. */
  isDestructive?: boolean;
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before an action that cannot be undone (remove a member, leave a workspace). */
export function ConfirmDialog({ open, title, children, confirmLabel, isDestructive, isPending, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={onClose} color="inherit" disabled={isPending}>
          Cancel
        </Button>
        <Button variant="contained" color={isDestructive ? 'error' : 'primary'} loading={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
