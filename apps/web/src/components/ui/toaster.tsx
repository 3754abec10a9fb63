import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { TOAST_DELAY_MS } from '@/config/constants';
import { getToastMessage, subscribeToast, type ToastMessage } from '@/lib/toast-store';
import type { ToastHostProps } from './toast-host';
import { toastTop } from './toast-position';

const loadToastHost = () => import('./toast-host');

/**
 * Shows the shared toast message (seed §4): when its date changes, after 100 ms, a toast of its
 * type (error, info, warning; anything else as success), auto-closing after 2000 ms (seed §9).
 * Toasts start below the page's header as it is when the message comes (toastTop, issue #8).
 * Renders nothing until the first message; the toast library ({@link ToastHost}) loads then,
 * during the 100 ms, so it is not part of the first page's JavaScript.
 */
export function Toaster() {
  const message = useSyncExternalStore(subscribeToast, getToastMessage, getToastMessage);
  const [shown, setShown] = useState<{ Host: ComponentType<ToastHostProps>; message: ToastMessage; top: number } | null>(null);

  useEffect(() => {
    if (!message) return;
    let isCancelled = false;
    const host = loadToastHost();
    const timer = setTimeout(() => {
      // A failed load (a stale chunk after a deploy) loses this toast; chunk-reload reloads the page.
      host.then(
        ({ ToastHost }) => !isCancelled && setShown({ Host: ToastHost, message, top: toastTop() }),
        () => undefined,
      );
    }, TOAST_DELAY_MS);
    return () => {
      isCancelled = true;
      clearTimeout(timer);
    };
  }, [message]);

  if (!shown) return null;
  return <shown.Host message={shown.message} top={shown.top} />;
}
