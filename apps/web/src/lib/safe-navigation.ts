/** Protocols that are never navigated to (seed §8: dangerous protocols are refused). */
const DANGEROUS_PROTOCOLS = new Set(['javascript:', 'data:', 'vbscript:']);

/** Options of {@link resolveNavigation}. */
export interface NavigationOptions {
  /** Must be true to leave the app's origin (seed §8). */
  external?: boolean;
}

/** Where a navigation goes: inside the app (`path` for the router) or to another origin. */
export type NavigationTarget = { kind: 'internal'; path: string } | { kind: 'external'; href: string };

/**
 * Decides how to navigate to `to` from a page at `currentOrigin`. Throws when the URL uses
 * javascript:, data: or vbscript:, or when it leaves the origin without `external: true`
 * (seed §2 "an external redirect leaves the app", §8). Pure.
 */
export function resolveNavigation(to: string, currentOrigin: string, options: NavigationOptions = {}): NavigationTarget {
  // Browsers ignore tabs and newlines inside a URL's scheme ("java\nscript:"); so does this check.
  const cleaned = to.trim().replace(/[\t\n\r]/g, '');
  let url: URL;
  try {
    url = new URL(cleaned, currentOrigin);
  } catch {
    throw new Error(`Refused to navigate to an invalid URL: ${to}`);
  }
  if (DANGEROUS_PROTOCOLS.has(url.protocol.toLowerCase())) {
    throw new Error(`Refused to navigate to a ${url.protocol} URL.`);
  }
  if (url.origin === currentOrigin) {
    return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
  }
  if (!options.external) {
    throw new Error(`Navigating to another origin (${url.origin}) needs { external: true }.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:' && url.protocol !== 'mailto:') {
    throw new Error(`Refused to navigate to a ${url.protocol} URL.`);
  }
  return { kind: 'external', href: url.href };
}

/**
 * Navigates to `to`: in-app paths through `navigateInternal` (the router), other origins by
 * replacing the page when `external: true` is given. Throws as {@link resolveNavigation} does.
 */
export function navigateTo(to: string, navigateInternal: (path: string) => void, options: NavigationOptions = {}): void {
  const target = resolveNavigation(to, window.location.origin, options);
  if (target.kind === 'internal') navigateInternal(target.path);
  else window.location.assign(target.href);
}

/**
 * The in-app path to return to after signing in, from an untrusted `value` (a query parameter):
 * only a same-origin path that starts with one "/" (never "//host", "/\\host", a scheme or
 * another origin: seed §8, issue #8), and never an /auth/ page (which would loop). Returns the
 * path with its query and hash, or null when `value` is missing or refused. Pure.
 */
export function safeReturnPath(value: string | null | undefined, currentOrigin: string): string | null {
  if (!value) return null;
  const cleaned = value.trim().replace(/[\t\n\r]/g, '');
  if (!cleaned.startsWith('/') || cleaned.startsWith('//') || cleaned.startsWith('/\\')) return null;
  let target: NavigationTarget;
  try {
    target = resolveNavigation(cleaned, currentOrigin);
  } catch {
    return null;
  }
  if (target.kind !== 'internal') return null;
  const { pathname } = new URL(target.path, currentOrigin);
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return null;
  return target.path;
}
