import Drawer from '@mui/material/Drawer';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Props of {@link DialogDrawer}. */
export interface DialogDrawerProps {
  /** Which edge it slides from: a side panel (default right, 480 px; full width on a phone) or a bottom sheet. */
  anchor?: 'right' | 'bottom';
  open: boolean;
  /** Escape, a click outside, or the panel's own close button. */
  onClose: () => void;
  /** The id of the element holding the panel's title (its accessible name). */
  labelledBy: string;
  /** The paper's look; replaces the side panel's default width. */
  paperSx?: SxProps<Theme>;
  children: ReactNode;
}

const sidePanel: SxProps<Theme> = { width: { xs: '100%', sm: 480 }, maxWidth: '100%' };

/**
 * A drawer that is a modal dialog to assistive technology: its paper carries role "dialog",
 * aria-modal and the name of its title (WAI-ARIA dialog pattern; MUI's Drawer already traps focus
 * and closes on Escape). The task drawer, the brief history and the phone filter sheet use it.
 */
export function DialogDrawer({ anchor = 'right', open, onClose, labelledBy, paperSx = sidePanel, children }: DialogDrawerProps) {
  return (
    <Drawer
      anchor={anchor}
      open={open}
      onClose={onClose}
      slotProps={{ paper: { role: 'dialog', 'aria-modal': true, 'aria-labelledby': labelledBy, sx: paperSx } as object }}
    >
      {children}
    </Drawer>
  );
}
