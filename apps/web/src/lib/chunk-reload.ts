import { RELOAD_GUARD_MS } from '../config/constants';

/** sessionStorage key of the last stale-chunk reload (ms since the epoch). */
const RELOAD_AT_KEY = 'tandem:reloadedAt';

/**
 * True when `error` is a stale chunk or a build error: a lazy route module or CSS file that no
 * longer exists after a deploy (seed §4, §8).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError|Failed to fetch dynamically/i.test(
    message,
  );
}

/**
 * Reloads the page at most once per 10 s (seed §9 reload guard); the timestamp lives in
 * sessionStorage so it survives the reload. Returns true when a reload was started.
 */
export function reloadOnce(now: number = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(RELOAD_AT_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOAD_AT_KEY, String(now));
  } catch {
    // Without sessionStorage there is no guard; reloading in a loop is worse than not reloading.
    return false;
  }
  window.location.reload();
  return true;
}

/** Listens for Vite's `vite:preloadError` (a stale chunk) and reloads once (seed §4). */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
