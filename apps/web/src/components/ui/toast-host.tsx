import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect, useRef } from 'react';
import { cssTransition, toast, ToastContainer, type TypeOptions } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_COLLAPSE_MS } from '@/config/constants';
import type { ToastMessage } from '@/lib/toast-store';

/** Distance a toast drops into place as it fades in (and rises as it fades out), px: less than its 12 px gap below the header (toast-position.ts). */
const TOAST_DRIFT_PX = 8;

/**
 * A toast fades in where it rests, below the header, and fades out there. The library's bounce
 * flies it in from 3,000 px above the page and out to 2,000 px above it, through the header: for a
 * few frames it lay over the main navigation, and a click pressed on a link before it came and
 * released while it passed did nothing (seen in CI). Keyframe animations, not transitions: the
 * library moves on when the `animationend` of each one fires.
 */
const transition = cssTransition({
  enter: 'tandem-toast-enter',
  exit: 'tandem-toast-exit',
  collapseDuration: TOAST_COLLAPSE_MS,
});

const toastMotion = {
  ':root': { '--tandem-toast-drift': `-${TOAST_DRIFT_PX}px` },
  '@keyframes tandem-toast-in': {
    from: { opacity: 0, transform: 'translate3d(0, var(--tandem-toast-drift), 0)' },
    to: { opacity: 1, transform: 'none' },
  },
  '@keyframes tandem-toast-out': {
    from: { opacity: 1, transform: 'none' },
    to: { opacity: 0, transform: 'translate3d(0, var(--tandem-toast-drift), 0)' },
  },
  '.tandem-toast-enter': { animation: 'tandem-toast-in 200ms ease-out both' },
  '.tandem-toast-exit': { animation: 'tandem-toast-out 200ms ease-in both' },
  // Without motion, a fade alone (the animation still runs: the library waits for its end).
  '@media (prefers-reduced-motion: reduce)': { ':root': { '--tandem-toast-drift': '0px' } },
};

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

const toastStyles = [toastColors, toastMotion];

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
 * stacking a copy (issue #8); one whose toast is already closing shows anew (the library would drop
 * a toast whose id is still fading out, losing the message). The container starts at `top`, below
 * the header (toast-position.ts). Loaded on the first toast only (see {@link Toaster}), so the
 * library stays out of the login route's bundle.
 */
export function ToastHost({ message, top }: ToastHostProps) {
  // The library's id of the toast showing each key; a new id once that toast starts closing.
  const toastIds = useRef(new Map<string, string>());

  // Runs after ToastContainer's own effects (children first), so the container is registered.
  useEffect(() => {
    const type = libraryType(message.type);
    const shownId = toastIds.current.get(message.key);
    if (shownId !== undefined && toast.isActive(shownId)) {
      // An update remounts the toast's timer (its hidden progress bar), so it runs again in full.
      toast.update(shownId, { render: message.message, type });
      return;
    }
    const toastId = `${message.key}#${message.date}`;
    toastIds.current.set(message.key, toastId);
    const forget = () => {
      if (toastIds.current.get(message.key) === toastId) toastIds.current.delete(message.key);
    };
    toast(message.message, { toastId, type, onClose: forget });
  }, [message]);

  return (
    <>
      <GlobalStyles styles={toastStyles} />
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
