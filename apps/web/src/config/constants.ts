/** Business constants of the web app, each with its source. */

/** Route guard: wait for a running profile load up to 5 tries, 1 s apart (seed §2, §9). */
export const GUARD_WAIT_TRIES = 5;
export const GUARD_WAIT_INTERVAL_MS = 1000;

/** Stale-chunk reload: at most one reload per 10 s (seed §9). */
export const RELOAD_GUARD_MS = 10_000;

/** Toasts: shown 100 ms after the shared message changes, auto-close 2000 ms, collapse 300 ms (seed §4, §9). */
export const TOAST_DELAY_MS = 100;
export const TOAST_AUTO_CLOSE_MS = 2000;
export const TOAST_COLLAPSE_MS = 300;

/** Loading bar: appears after 200 ms of navigation, animates over 2000 ms, 3 px tall (seed §9). */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 2000;
export const LOADING_BAR_HEIGHT_PX = 3;

/** Service-worker update check interval (seed §9 leaves the value open): hourly. */
export const SW_UPDATE_INTERVAL_MS = 60 * 60 * 1000;

/** Product name shown in the auth card and the title. */
export const PRODUCT_NAME = 'Tandem';
