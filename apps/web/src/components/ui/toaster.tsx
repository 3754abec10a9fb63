import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect, useSyncExternalStore } from 'react';
import { cssTransition, toast, ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_COLLAPSE_MS, TOAST_DELAY_MS } from '@/config/constants';
import { getToastMessage, subscribeToast } from '@/lib/toast-store';

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

/**
 * Shows the shared toast message (seed §4): when its date changes, after 100 ms, a toast of its
 * type (error, info, warning; anything else as success), auto-closing after 2000 ms and
 * collapsing in 300 ms (seed §9).
 */
export function Toaster() {
  const message = useSyncExternalStore(subscribeToast, getToastMessage, getToastMessage);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => {
      const show =
        message.type === 'error'
          ? toast.error
          : message.type === 'info'
            ? toast.info
            : message.type === 'warning'
              ? toast.warning
              : toast.success;
      show(message.message, { toastId: String(message.date) });
    }, TOAST_DELAY_MS);
    return () => clearTimeout(timer);
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
