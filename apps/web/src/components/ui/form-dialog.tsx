import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEventHandler, ReactNode } from 'react';

/** Props of {@link FormDialog}. */
export interface FormDialogProps {
  open: boolean;
  title: string;
  /** The submit button's label (e.g. "Send invitation"). */
  submitLabel: string;
  /** react-hook-form's handleSubmit(…), run when the form is submitted (button or Enter). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Cancel, Escape or a click outside; the caller resets its form here. */
  onClose: () => void;
  isSubmitting: boolean;
  children: ReactNode;
}

/**
 * A small dialog that is one form: title, the fields, then Cancel and the submit button (one
 * `<form noValidate>` around them, so Enter submits and the zod schema, not the browser, validates).
 * The form is inside the dialog's paper, not the paper itself: the paper has role="dialog", which
 * a `<form>` may not take (axe aria-allowed-role); `display: contents` keeps the paper's layout.
 */
export function FormDialog({ open, title, submitLabel, onSubmit, onClose, isSubmitting, children }: FormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
