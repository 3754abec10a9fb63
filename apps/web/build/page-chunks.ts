/**
 * Chunk groups by page (issue #13, docs/decisions/048-chunks-by-page.md): a `codeSplitting` group
 * whose `name` function puts the modules that the same pages load into one chunk.
 *
 * Rolldown's automatic splitting makes one chunk per set of lazy modules that import a module
 * statically. A route's layout and the route itself count as two such modules, though a page always
 * loads both. The entry's own modules were cut by which routes reuse them, though every page runs
 * the entry first. A first visit of /auth/login fetched 74 chunks and one of /q 84, most of a few
 * hundred bytes, found level by level. On Lighthouse's simulated slow 4G each costs a round trip,
 * and that was the first visit's score (74–81).
 *
 * Here a page is a lazy module with the layout it always loads after. A route's layout is the
 * signed-in shell, the auth layout or the public layout with its error page. A lazy part (a dialog,
 * the editor, a chart) takes the layout of every page that imports it, when they share one. The
 * chunks:
 * - `entry-core`: the modules the entry imports statically. Every page runs them first. zod and
 *   date-fns stay automatic there (decision 031 keeps zod out of the first render; the entry reaches
 *   them only through modules the first render does not run).
 * - `contract-<module>`: each module of @tandem/contract on its own, as the automatic splitting
 *   placed them; left to it, one landed in a route's chunk that another route then loaded.
 * - Any other module by the set of pages that load it, where the pages of a layout that load it
 *   through that layout count once, as the layout:
 *   - the layout's name (`shell`, `auth`, `public`) when only its pages load it, through it;
 *   - the page's name (`auth-login`, …) when one page alone loads it;
 *   - `shared-` and a hash of the set otherwise.
 *
 * So a page loads no module it does not import: a chunk loads with any of its modules, and all of
 * them have the same pages. bench/bundle-size.mjs checks every page of the build.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

/** What the name function needs of rolldown's module info. */
interface ModuleGraph {
  getModuleInfo(moduleId: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** A layout route whose modules load with each route under it (apps/web/src/app/router.tsx). */
export interface Layout {
  /** Its chunk name. */
  name: string;
  /** The modules its `lazy` imports (absolute paths). */
  roots: readonly string[];
  /** The lazy route modules under it. */
  routes: RegExp;
}

/** The app's entry module and layouts, by absolute path. */
export interface PageOptions {
  /** The entry module (src/main.tsx). */
  entry: string;
  /** The folder page names are relative to (src/app/routes gives `auth-login`). */
  routesDirectory: string;
  layouts: readonly Layout[];
}

/** A page: its name and the modules a first visit imports dynamically for it. */
export interface Page {
  name: string;
  /** The layout whose modules are loaded whenever this page is. */
  layout: Layout | undefined;
  roots: readonly string[];
}

/** A module of @tandem/contract, with its name. */
const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]([\w-]+)\.ts$/;

/** Left to the automatic splitting in the entry's static imports (see the module's comment). */
const AUTOMATIC = /[\\/]node_modules[\\/](?:zod|date-fns|@date-fns)[\\/]/;

/**
 * The graph with each module's info read once. Rolldown builds a new info object on every call
 * (in a plugin context with the module's code), and a plan asks for each module thousands of
 * times: uncached, the build's page list took 46 s of a 58 s web build.
 */
function cachedGraph(graph: ModuleGraph): ModuleGraph {
  const infos = new Map<string, ReturnType<ModuleGraph['getModuleInfo']>>();
  return {
    getModuleInfo(moduleId) {
      if (!infos.has(moduleId)) infos.set(moduleId, graph.getModuleInfo(moduleId));
      return infos.get(moduleId) ?? null;
    },
  };
}

/** Module ids reachable from `roots` through static imports, roots included. */
function staticClosure(graph: ModuleGraph, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Every module a dynamic import anywhere in the app reaches (the lazy routes and their lazy parts). */
function dynamicRoots(graph: ModuleGraph, entry: string): Set<string> {
  const roots = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    for (const target of info.dynamicallyImportedIds) roots.add(target);
    pending.push(...info.importedIds, ...info.dynamicallyImportedIds);
  }
  return roots;
}

/** A page's name: its module's path from the routes folder, `/` as `-`, without `..` and the extension. */
function pageName(root: string, options: PageOptions): string {
  const relative = path.relative(options.routesDirectory, root).replace(/\.[jt]sx?$/, '');
  return relative
    .split(path.sep)
    .filter((part) => part !== '..')
    .join('-');
}

/** Whether a module is a route's (under the routes folder) rather than a lazy part of a page. */
const isRoute = (root: string, options: PageOptions) => !path.relative(options.routesDirectory, root).startsWith('..');

/**
 * The app's pages, each with the layout it always loads after: the routes by their layout's
 * `routes` pattern; a lazy part (a dialog, the editor) the layout that every page importing it
 * has, if they share one — it loads only while such a page is shown. Roots: the layout's, then
 * the page's own module.
 */
export function pagesOf(moduleGraph: ModuleGraph, options: PageOptions): Page[] {
  const graph = cachedGraph(moduleGraph);
  const layoutRoots = new Set(options.layouts.flatMap((layout) => layout.roots));
  const lazy = [...dynamicRoots(graph, options.entry)].filter((root) => !layoutRoots.has(root)).sort();
  const entry = staticClosure(graph, [options.entry]);
  const routeLayout = (root: string) => options.layouts.find((layout) => layout.routes.test(root));
  const layoutOf = new Map(lazy.filter((root) => isRoute(root, options)).map((root) => [root, routeLayout(root)]));
  const loads = new Map(lazy.map((root) => [root, staticClosure(graph, [root])]));
  const layoutLoads = options.layouts.map((layout) => [layout, staticClosure(graph, layout.roots)] as const);
  const importsLazily = (modules: Iterable<string>, part: string) =>
    [...modules].some((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds.includes(part));
  /** The layout of a lazy part: the one every page and layout that imports it has, if they share one. */
  const partLayout = (part: string): Layout | undefined => {
    if (importsLazily(entry, part)) return undefined;
    const hostLayouts = new Set<Layout | undefined>();
    for (const [layout, load] of layoutLoads) if (importsLazily(load, part)) hostLayouts.add(layout);
    for (const host of lazy) if (host !== part && importsLazily(loads.get(host) ?? [], part)) hostLayouts.add(layoutOf.get(host));
    return hostLayouts.size === 1 ? [...hostLayouts][0] : undefined;
  };
  // A part imported by another part takes that part's layout: settle them over a few rounds.
  for (let round = 0; round < 3; round++) {
    for (const root of lazy) if (!isRoute(root, options)) layoutOf.set(root, partLayout(root));
  }
  return lazy.map((root) => {
    const layout = layoutOf.get(root);
    return { name: pageName(root, options), layout, roots: [...(layout?.roots ?? []), root] };
  });
}

/**
 * The chunk name of each module the groups place (module id → name); the modules left automatic
 * are absent. A module's key is the set of pages that load it, where the pages of one layout that
 * load it through the layout count as the layout.
 */
function planGroups(moduleGraph: ModuleGraph, options: PageOptions): Map<string, string> {
  const graph = cachedGraph(moduleGraph);
  const entry = staticClosure(graph, [options.entry]);
  const pages = pagesOf(graph, options);
  const loads = pages.map((page) => staticClosure(graph, page.roots));
  const layoutLoads = new Map(options.layouts.map((layout) => [layout, staticClosure(graph, layout.roots)]));
  const keyOf = (id: string) => {
    const members = new Set<string>();
    pages.forEach((page, index) => {
      if (!loads[index]?.has(id)) return;
      members.add(page.layout && layoutLoads.get(page.layout)?.has(id) ? page.layout.name : page.name);
    });
    return [...members].sort();
  };
  const plan = new Map<string, string>();
  for (const id of new Set([...entry, ...loads.flatMap((load) => [...load])])) {
    const contract = CONTRACT.exec(id);
    if (contract) plan.set(id, `contract-${contract[1]}`);
    else if (entry.has(id)) {
      if (!AUTOMATIC.test(id)) plan.set(id, 'entry-core');
    } else {
      const key = keyOf(id);
      plan.set(id, key.length === 1 ? (key[0] ?? '') : `shared-${createHash('sha256').update(key.join()).digest('hex').slice(0, 8)}`);
    }
  }
  return plan;
}

/**
 * A `codeSplitting` group's `name` function for the app's pages: the chunk name of a module, or
 * null for the automatic splitting. The plan is made once per chunking pass, at its first call (the
 * graph is complete by then).
 */
export function pageChunkNames(options: PageOptions): (moduleId: string, graph: ModuleGraph) => string | null {
  const plans = new WeakMap<ModuleGraph, Map<string, string>>();
  return (moduleId, graph) => {
    let plan = plans.get(graph);
    if (!plan) plans.set(graph, (plan = planGroups(graph, options)));
    return plan.get(moduleId) ?? null;
  };
}
