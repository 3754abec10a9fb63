import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect } from 'react';
import { cssTransition, toast, ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_COLLAPSE_MS } from '@/config/constants';
import type { ToastMessage } from '@/lib/toast-store';

const transition = cssTransition({
  enter: 'Toastify--animate Toastify__bounce-enter',
  exit: 'Toastify--animate Toastify__bounce-exit',
  appendPosition: true,
  collapseDuration: TOAST_COLLAPSE_MS,
});

/** Toast colours with white text at ≥ 4.5:1 contrast (the library's defaults fail WCAG AA), and the toasts' place. */
const toastColors = {
  ':root': {
    '--toastify-color-error': '#B42318',
    '--toastify-color-success': '#1E7B34',
    '--toastify-color-info': '#1D4ED8',
    '--toastify-color-warning': '#8A4B00',
    '--toastify-font-family': 'inherit',
    '--toastify-toast-bd-radius': '12px',
    // Below the 64-pixel app header, so a toast never covers the navigation it may be about.
    '--toastify-toast-top': 'max(76px, env(safe-area-inset-top))',
  },
  '@media only screen and (max-width: 480px)': {
    '.Toastify__toast-container--top-center': { top: 'calc(60px + env(safe-area-inset-top))' },
  },
};

/** Props of {@link ToastHost}. */
export interface ToastHostProps {
  /** The message to show now; a new `date` shows a new toast. */
  message: ToastMessage;
}

/**
 * The react-toastify container and the call that shows `message` (seed §4: error, info, warning;
 * any other type as success), auto-closing after 2000 ms and collapsing in 300 ms (seed §9).
 * Loaded on the first toast only (see {@link Toaster}), so the library stays out of the login
 * route's bundle.
 */
export function ToastHost({ message }: ToastHostProps) {
  // Runs after ToastContainer's own effects (children first), so the container is registered.
  useEffect(() => {
    const show =
      message.type === 'error'
        ? toast.error
        : message.type === 'info'
          ? toast.info
          : message.type === 'warning'
            ? toast.warning
            : toast.success;
    show(message.message, { toastId: String(message.date) });
  }, [message]);

  return (
    <>
      <GlobalStyles styles={toastColors} />
      <ToastContainer
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
