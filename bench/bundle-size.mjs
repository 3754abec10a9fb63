// Gzipped JavaScript needed to show /auth/login: the chunks holding the entry, the auth layout and
// the login route, with their static chunk imports. Build first. Exits 1 when that is over the
// budget (npm test runs it after the web build: a size, not a time). `--budget-kib <n>` overrides
// the budget for one run.
// Also exits 1 when the signed-in shell, the dashboard, /tasks, one brief or the answer page (/q) would load zod before
// their first render (decision 031: constructing the contract's schemas was 200–230 ms of a dashboard load's
// long tasks at Lighthouse's 4× slowdown), and when any page of the build loads a module it does
// not import (decision 048: the chunks are grouped by the pages that load them, and a chunk must
// hold only what every page that loads it imports).
// Reads the build's dist/.vite/chunk-modules.json (apps/web/vite.config.ts). WEB_DIST_DIR measures
// another build (e.g. `npx vite build --outDir /tmp/dist-x` in apps/web), as bench/lighthouse.mjs
// and the server do.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/**
 * Budget of the login route's JavaScript, KiB gzipped. The target is 150; the libraries this page
 * renders and fills its form with — React DOM 62, React Router's data router 30, MUI with Emotion
 * 52, react-hook-form 13 — make about 157 before TanStack Query and any app code, so the budget
 * holds what the route needs today and fails on growth: 197.9 after issue #7, 201.1 after issue #8
 * put the sign-in errors in the form (with the lock's end), the return to a deep link, the
 * activation notice and the "Match system" theme on this page; rounded up to the next 5. Issue #10
 * added no code to the login route, but its ten lazy routes' chunk names join the entry's preload
 * map (Vite's __vite__mapDeps): 207.2; rounded up to the next 5. See bench/README.md "Login route
 * bundle".
 */
const BUDGET_KIB = 210;

/** The app's entry module (index.html, which imports src/main.tsx), relative to apps/web as in chunk-modules.json. */
const ENTRY = 'index.html';
const SHELL = 'src/app/routes/app/root.tsx';
/**
 * The pages measured, by the modules a first visit imports dynamically after the entry (the route
 * and its layouts, apps/web/src/app/router.tsx). `zodFree`: its first render needs no schema
 * (decision 031).
 */
const PAGES = [
  { name: '/auth/login', roots: ['src/app/routes/auth/layout.tsx', 'src/app/routes/auth/login.tsx'], zodFree: false },
  { name: 'the signed-in shell', roots: [SHELL], zodFree: true },
  { name: '/dashboard/home', roots: [SHELL, 'src/app/routes/dashboard/home.tsx'], zodFree: true },
  { name: '/tasks', roots: [SHELL, 'src/app/routes/tasks/tasks.tsx'], zodFree: true },
  { name: '/executive-briefs/{id}', roots: [SHELL, 'src/app/routes/briefs/brief.tsx'], zodFree: true },
  {
    name: '/q/{shortUrl}',
    roots: [
      'src/components/layouts/public-layout.tsx',
      'src/components/errors/public-route-error-page.tsx',
      'src/app/routes/public/question.tsx',
    ],
    zodFree: true,
  },
];

const dist = process.env.WEB_DIST_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
/** @type {{ chunks: Record<string, { modules: string[], imports: string[] }>, staticImports: Record<string, string[]>, pages: { name: string, roots: string[] }[] }} */
const { chunks, staticImports, pages } = JSON.parse(readFileSync(path.join(dist, '.vite/chunk-modules.json'), 'utf8'));
/** Gzipped bytes of each file, read and compressed once: the pages share most of their chunks. */
const gzipped = new Map();
const gz = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipped.get(file);
};
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const budgetArgument = process.argv.indexOf('--budget-kib');
const budgetKib = budgetArgument === -1 ? BUDGET_KIB : Number(process.argv[budgetArgument + 1]);
if (!Number.isFinite(budgetKib) || budgetKib <= 0) throw new Error('--budget-kib needs a positive number');

/** The chunk holding each module. */
const chunkOf = new Map(Object.entries(chunks).flatMap(([file, chunk]) => chunk.modules.map((id) => [id, file])));

/** What `next` reaches from `starts`, the starts included. */
function reach(starts, next) {
  const seen = new Set();
  const pending = [...starts];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (seen.has(item)) continue;
    seen.add(item);
    pending.push(...next(item));
  }
  return seen;
}

/** A page's chunks, the modules they hold and the modules it imports (the entry's and its roots' static imports). */
function load(page) {
  const roots = [ENTRY, ...page.roots];
  const missing = roots.filter((id) => !chunkOf.has(id));
  if (missing.length > 0) throw new Error(`${page.name}: ${missing.join(', ')} in no chunk of the build`);
  const files = reach(
    roots.map((id) => chunkOf.get(id)),
    (file) => chunks[file].imports,
  );
  const modules = new Set([...files].flatMap((file) => chunks[file].modules));
  const imported = reach(roots, (id) => staticImports[id] ?? []);
  return { files, modules, imported };
}

/** zod's core names its base class so; minified builds keep the string. */
const holdsZod = (file) => readFileSync(path.join(dist, file), 'utf8').includes('$ZodType');
/** Modules the bundler adds itself (its runtime, Vite's preload helper): not the app's to import. */
const isBundlerModule = (id) => id.startsWith('\0') || id.startsWith('rolldown:') || id.startsWith('vite/');

/** The modules a page's chunks hold that it does not import. */
const unneededOf = ({ modules, imported }) => [...modules].filter((id) => !imported.has(id) && !isBundlerModule(id));

const failures = [];
for (const page of PAGES) {
  const { files } = load(page);
  const bytes = [...files].reduce((total, file) => total + gz(file), 0);
  const budget = page.name === '/auth/login' ? ` (budget ${budgetKib} KiB)` : '';
  console.log(`${page.name}: ${kib(bytes)} gzipped in ${files.size} chunks${budget}`);
  if (budget && bytes > budgetKib * 1024) {
    failures.push(`/auth/login is over its budget by ${kib(bytes - budgetKib * 1024)}: see bench/README.md "Login route bundle".`);
  }
  const zodChunks = page.zodFree ? [...files].filter(holdsZod) : [];
  if (zodChunks.length > 0) {
    failures.push(
      `${page.name} loads zod before its first render (${zodChunks.join(', ')}): keep labels and rules in the contract vocabulary (decision 031).`,
    );
  }
}
// Every page of the build (each lazy module with the layout it loads after), and the pages above.
const overloaded = [...PAGES, ...pages].flatMap((page) => {
  const unneeded = unneededOf(load(page));
  return unneeded.length === 0
    ? []
    : [`${page.name} loads ${unneeded.length} modules it does not import, e.g. ${unneeded.slice(0, 5).join(', ')}`];
});
console.log(`pages that load a module they do not import: ${overloaded.length} of ${PAGES.length + pages.length}`);
for (const page of overloaded) failures.push(`${page}: a chunk holds modules that different pages load (decision 048).`);
const all = Object.keys(chunks);
console.log(`whole app JavaScript: ${kib(all.reduce((total, file) => total + gz(file), 0))} gzipped in ${all.length} chunks`);

for (const failure of failures) console.error(failure);
if (failures.length > 0) process.exit(1);
