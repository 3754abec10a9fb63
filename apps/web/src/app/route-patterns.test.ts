import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/config/route-patterns';
import { routes } from './router';

/** Every `path` of a route tree (nested routes' paths are absolute in this app). */
function routerPaths(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.path ? [route.path] : []), ...routerPaths(route.children ?? [])]);
}

describe('routePatterns (issue #8: the server 404s what no route matches)', () => {
  it('lists every path the router serves, so the server never 404s a real page', () => {
    const patterns = routePatterns();
    expect(routerPaths(routes).length).toBeGreaterThan(5);
    for (const path of routerPaths(routes)) expect(patterns, path).toContain(path);
  });

  it('collects nested patterns, params included, once each', () => {
    const tree = { a: { path: '/a' }, b: { list: { path: '/b/:id?' }, again: { path: '/a' } }, c: { getHref: () => '/c' } };
    expect(routePatterns(tree)).toEqual(['/a', '/b/:id?']);
  });
});
