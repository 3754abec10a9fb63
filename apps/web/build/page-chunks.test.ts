import { describe, expect, it } from 'vitest';
import { pageChunkNames, pagesOf, type PageOptions } from './page-chunks';

/** A module graph from `{ id: [static imports, dynamic imports] }`, as rolldown's chunking context gives it. */
function graphOf(modules: Record<string, [string[], string[]?]>) {
  return {
    getModuleInfo: (id: string) => {
      const module = modules[id];
      return module ? { importedIds: module[0], dynamicallyImportedIds: module[1] ?? [] } : null;
    },
  };
}

const routes = '/web/src/app/routes';
const options: PageOptions = {
  entry: '/web/src/main.tsx',
  routesDirectory: routes,
  layouts: [
    { name: 'shell', roots: [`${routes}/app/root.tsx`], routes: /routes\/(?:app|tasks)\// },
    { name: 'auth', roots: [`${routes}/auth/layout.tsx`], routes: /routes\/auth\// },
    { name: 'public', roots: ['/web/src/public-layout.tsx'], routes: /routes\/public\// },
  ],
};

/**
 * The entry imports React and zod, and the routes lazily. The login and passwordless routes share
 * a form; the login route and /tasks a text field; the shell, the answer page and a dialog (which
 * the shell's account menu imports lazily) a button. Markdown loads lazily on the answer page and
 * on /tasks.
 */
const graph = graphOf({
  '/web/src/main.tsx': [
    ['/web/node_modules/react/index.js', '/web/node_modules/zod/index.js'],
    [
      `${routes}/auth/layout.tsx`,
      `${routes}/auth/login.tsx`,
      `${routes}/auth/passwordless.tsx`,
      `${routes}/app/root.tsx`,
      `${routes}/tasks/tasks.tsx`,
      '/web/src/public-layout.tsx',
      `${routes}/public/question.tsx`,
    ],
  ],
  '/web/node_modules/react/index.js': [[]],
  '/web/node_modules/zod/index.js': [[]],
  [`${routes}/auth/layout.tsx`]: [['/web/src/auth-card.tsx']],
  '/web/src/auth-card.tsx': [[]],
  [`${routes}/auth/login.tsx`]: [['/web/src/form.tsx', '/web/src/text-field.tsx', '/web/src/login-errors.tsx']],
  [`${routes}/auth/passwordless.tsx`]: [['/web/src/form.tsx']],
  '/web/src/form.tsx': [[]],
  '/web/src/text-field.tsx': [[]],
  '/web/src/login-errors.tsx': [[]],
  [`${routes}/app/root.tsx`]: [
    ['/web/src/account-menu.tsx', '/web/src/button.tsx', '/web/src/nav.tsx', '/web/packages/contract/src/paths.ts'],
  ],
  '/web/src/account-menu.tsx': [[], ['/web/src/features/dialog.tsx']],
  '/web/src/features/dialog.tsx': [['/web/src/button.tsx', '/web/src/dialog-body.tsx']],
  '/web/src/dialog-body.tsx': [[]],
  '/web/src/button.tsx': [[]],
  '/web/src/nav.tsx': [[]],
  '/web/packages/contract/src/paths.ts': [[]],
  [`${routes}/tasks/tasks.tsx`]: [['/web/src/text-field.tsx', '/web/src/task-row.tsx', '/web/src/button.tsx'], ['/web/src/markdown.tsx']],
  '/web/src/task-row.tsx': [[]],
  '/web/src/public-layout.tsx': [['/web/src/logo.tsx']],
  '/web/src/logo.tsx': [[]],
  [`${routes}/public/question.tsx`]: [['/web/src/button.tsx'], ['/web/src/markdown.tsx']],
  '/web/src/markdown.tsx': [[]],
});

const namesOf = (ids: string[]) => {
  const name = pageChunkNames(options);
  return Object.fromEntries(ids.map((id) => [id, name(id, graph)]));
};

describe('pagesOf', () => {
  it('gives each route its layout, and a lazy part the layout of every page that imports it, if they share one', () => {
    expect(pagesOf(graph, options).map((page) => [page.name, page.layout?.name, page.roots])).toEqual([
      ['auth-login', 'auth', [`${routes}/auth/layout.tsx`, `${routes}/auth/login.tsx`]],
      ['auth-passwordless', 'auth', [`${routes}/auth/layout.tsx`, `${routes}/auth/passwordless.tsx`]],
      ['public-question', 'public', ['/web/src/public-layout.tsx', `${routes}/public/question.tsx`]],
      ['tasks-tasks', 'shell', [`${routes}/app/root.tsx`, `${routes}/tasks/tasks.tsx`]],
      ['features-dialog', 'shell', [`${routes}/app/root.tsx`, '/web/src/features/dialog.tsx']],
      ['markdown', undefined, ['/web/src/markdown.tsx']],
    ]);
  });

  it("reads each module's info from the graph once (rolldown builds it anew on every call)", () => {
    const reads = new Map<string, number>();
    const counted = {
      getModuleInfo: (id: string) => {
        reads.set(id, (reads.get(id) ?? 0) + 1);
        return graph.getModuleInfo(id);
      },
    };
    expect(pagesOf(counted, options)).toHaveLength(6);
    expect(reads.size).toBeGreaterThan(20);
    expect([...reads].filter(([, count]) => count > 1)).toEqual([]);
  });
});

describe('pageChunkNames', () => {
  it("puts the entry's static imports in entry-core, except zod, and each contract module in a chunk of its own", () => {
    expect(
      namesOf([
        '/web/src/main.tsx',
        '/web/node_modules/react/index.js',
        '/web/node_modules/zod/index.js',
        '/web/packages/contract/src/paths.ts',
      ]),
    ).toEqual({
      '/web/src/main.tsx': 'entry-core',
      '/web/node_modules/react/index.js': 'entry-core',
      '/web/node_modules/zod/index.js': null,
      '/web/packages/contract/src/paths.ts': 'contract-paths',
    });
  });

  it("names a layout's modules by the layout, a page's own by the page", () => {
    expect(
      namesOf([
        `${routes}/auth/layout.tsx`,
        '/web/src/auth-card.tsx',
        `${routes}/app/root.tsx`,
        '/web/src/nav.tsx',
        '/web/src/account-menu.tsx',
        `${routes}/auth/login.tsx`,
        '/web/src/login-errors.tsx',
        '/web/src/task-row.tsx',
        '/web/src/dialog-body.tsx',
        '/web/src/markdown.tsx',
      ]),
    ).toEqual({
      [`${routes}/auth/layout.tsx`]: 'auth',
      '/web/src/auth-card.tsx': 'auth',
      [`${routes}/app/root.tsx`]: 'shell',
      '/web/src/nav.tsx': 'shell',
      '/web/src/account-menu.tsx': 'shell',
      [`${routes}/auth/login.tsx`]: 'auth-login',
      '/web/src/login-errors.tsx': 'auth-login',
      '/web/src/task-row.tsx': 'tasks-tasks',
      '/web/src/dialog-body.tsx': 'features-dialog',
      '/web/src/markdown.tsx': 'markdown',
    });
  });

  it('gives modules that different sets of pages load different shared chunks', () => {
    const names = namesOf(['/web/src/form.tsx', '/web/src/text-field.tsx', '/web/src/button.tsx']);
    // form: both sign-in routes; text field: sign-in and /tasks; button: the shell (with /tasks and
    // the dialog, which load it through the shell) and the answer page.
    expect(Object.values(names).every((name) => name?.startsWith('shared-'))).toBe(true);
    expect(new Set(Object.values(names)).size).toBe(3);
  });
});
