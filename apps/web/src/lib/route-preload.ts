import { matchRoutes, type RouteObject } from 'react-router';
import { onIntent } from './lazy-with-preload';

let registered: RouteObject[] = [];

/** Registers the app's route tree (app/router.tsx) so links can load a route's code ahead. */
export function registerPreloadRoutes(routes: RouteObject[]): void {
  registered = routes;
}

const started = new Set<string>();

/**
 * Starts loading the code of every route `href` matches (their `lazy` modules), once per
 * pathname, so a click on a link the pointer rests on or the keyboard focused finds its route
 * chunk already loaded (issue #13: route chunks preloaded on intent). The module cache makes the
 * router's own later `lazy()` call resolve at once. A failed load is ignored here: the navigation
 * retries it and shows its error (lib/chunk-reload.ts).
 */
export function preloadRoute(href: string): void {
  const pathname = href.split(/[?#]/)[0] ?? href;
  if (started.has(pathname)) return;
  started.add(pathname);
  for (const { route } of matchRoutes(registered, pathname) ?? []) {
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => started.delete(pathname));
  }
}

/**
 * Props for a link that preloads its route on intent: pointer over it, keyboard focus or the
 * start of a touch ({@link preloadRoute}).
 */
export function preloadOnIntent(href: string) {
  return onIntent(() => preloadRoute(href));
}
