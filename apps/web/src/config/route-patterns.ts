import { paths } from './paths.ts';

/**
 * Every router pattern of {@link paths} ('/', '/auth/login', '/tasks/:id?'…), in declaration
 * order: the one list of the app's URLs. The web build writes it to dist/routes.json
 * (vite.config.ts, `routesManifest`), so the server answers a path that matches none of them
 * with HTTP 404 (issue #8) without keeping a list of its own. Pure.
 */
export function routePatterns(tree: object = paths): string[] {
  const patterns: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    if (key === 'path' && typeof value === 'string') patterns.push(value);
    else if (value !== null && typeof value === 'object') patterns.push(...routePatterns(value));
  }
  return [...new Set(patterns)];
}

/** The file the web build writes into dist with {@link routePatterns}: `{ "patterns": [...] }`. */
export const ROUTES_MANIFEST_FILE = 'routes.json';
