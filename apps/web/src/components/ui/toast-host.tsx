import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect } from 'react';
import { cssTransition, toast, ToastContainer, type TypeOptions } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_COLLAPSE_MS } from '@/config/constants';
import type { ToastMessage } from '@/lib/toast-store';

const transition = cssTransition({
  enter: 'Toastify--animate Toastify__bounce-enter',
  exit: 'Toastify--animate Toastify__bounce-exit',
  appendPosition: true,
  collapseDuration: TOAST_COLLAPSE_MS,
});

/** Toast colours with white text at ≥ 4.5:1 contrast (the library's defaults fail WCAG AA). */
const toastColors = {
  ':root': {
    '--toastify-color-error': '#B42318',
    '--toastify-color-success': '#1E7B34',
    '--toastify-color-info': '#1D4ED8',
    '--toastify-color-warning': '#8A4B00',
    '--toastify-font-family': 'inherit',
    '--toastify-toast-bd-radius': '12px',
  },
};

/** The library's type of a toast (seed §4: error, info, warning; anything else as success). */
const libraryType = (type: ToastMessage['type']): TypeOptions =>
  type === 'error' || type === 'info' || type === 'warning' ? type : 'success';

/** Props of {@link ToastHost}. */
export interface ToastHostProps {
  /** The message to show now; a new `date` shows (or renews) a toast. */
  message: ToastMessage;
  /** Where the toasts start, px from the viewport's top (toastTop() when the message came). */
  top: number;
}

/**
 * The react-toastify container and the call that shows `message` (seed §4: error, info, warning;
 * any other type as success), auto-closing after 2000 ms and collapsing in 300 ms (seed §9).
 * A message whose `key` is still on screen replaces that toast and restarts its timer instead of
 * stacking a copy (issue #8). The container starts at `top`, below the header (toast-position.ts).
 * Loaded on the first toast only (see {@link Toaster}), so the library stays out of the login
 * route's bundle.
 */
export function ToastHost({ message, top }: ToastHostProps) {
  // Runs after ToastContainer's own effects (children first), so the container is registered.
  useEffect(() => {
    const type = libraryType(message.type);
    if (toast.isActive(message.key)) {
      // An update remounts the toast's timer (its hidden progress bar), so it runs again in full.
      toast.update(message.key, { render: message.message, type });
    } else {
      toast(message.message, { toastId: message.key, type });
    }
  }, [message]);

  return (
    <>
      <GlobalStyles styles={toastColors} />
      <ToastContainer
        style={{ top }}
        position="top-center"
        autoClose={TOAST_AUTO_CLOSE_MS}
        transition={transition}
        hideProgressBar
        newestOnTop
        closeOnClick
        theme="colored"
      />
    </>
  );
}
