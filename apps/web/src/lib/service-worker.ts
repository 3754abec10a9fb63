import { SW_UPDATE_INTERVAL_MS } from '../config/constants';

/**
 * Registers the service worker from code (the CSP forbids inline scripts). With registerType
 * 'autoUpdate' the page reloads once a new worker is installed and controls it (seed §2); the
 * worker is checked for updates every hour (seed §9 leaves the interval open). Production only.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (registration.installing || !navigator.onLine) return;
        void registration.update().catch(() => undefined);
      }, SW_UPDATE_INTERVAL_MS);
    },
  });
}
