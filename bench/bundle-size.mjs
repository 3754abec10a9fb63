// Gzipped JavaScript needed to show /auth/login: the entry chunk, its static imports, and the
// lazy chunks of the auth layout and the login route with their static imports (from Vite's
// manifest). Build first. Exits 1 when that is over the budget (npm test runs it after the web
// build: a size, not a time). `--budget-kib <n>` overrides the budget for one run.
// Also exits 1 when the signed-in shell, the dashboard, /tasks, one brief or the answer page (/q) would load zod before
// their first render (decision 031: constructing the contract's schemas was 200–230 ms of a dashboard load's
// long tasks at Lighthouse's 4× slowdown).
// WEB_DIST_DIR measures another build (e.g. `npx vite build --outDir /tmp/dist-x` in apps/web), as
// bench/lighthouse.mjs and the server do.
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

const dist = process.env.WEB_DIST_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const budgetArgument = process.argv.indexOf('--budget-kib');
const budgetKib = budgetArgument === -1 ? BUDGET_KIB : Number(process.argv[budgetArgument + 1]);
if (!Number.isFinite(budgetKib) || budgetKib <= 0) throw new Error('--budget-kib needs a positive number');

const find = (pattern) => Object.keys(manifest).find((key) => pattern.test(key));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const layoutKey = find(/routes\/auth\/layout\.tsx$/);
const loginKey = find(/routes\/auth\/login\.tsx$/);
if (!entryKey || !layoutKey || !loginKey) throw new Error('entry, auth layout or login route not found in the manifest');
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const sum = (keys) => [...keys].reduce((total, key) => total + (manifest[key].file.endsWith('.js') ? gz(manifest[key].file) : 0), 0);
const login = closure([entryKey, layoutKey, loginKey]);
const all = new Set(Object.keys(manifest));
const loginBytes = sum(login);
const isWithinBudget = loginBytes <= budgetKib * 1024;
console.log(`/auth/login JavaScript: ${kib(loginBytes)} gzipped in ${login.size} chunks (budget ${budgetKib} KiB)`);
console.log(`whole app JavaScript:   ${kib(sum(all))} gzipped in ${all.size} chunks`);

/** Routes whose first render needs no schema: their static chunks must not hold zod (decision 031). */
const ZOD_FREE_ROUTES = [
  /routes\/app\/root\.tsx$/,
  /routes\/dashboard\/home\.tsx$/,
  /routes\/tasks\/tasks\.tsx$/,
  /routes\/briefs\/brief\.tsx$/,
  /routes\/public\/question\.tsx$/,
];
/** zod's core names its base class so; minified builds keep the string. */
const holdsZod = (file) => file.endsWith('.js') && readFileSync(path.join(dist, file), 'utf8').includes('$ZodType');
const withZod = ZOD_FREE_ROUTES.flatMap((pattern) => {
  const key = find(pattern);
  if (!key) throw new Error(`${pattern} not found in the manifest`);
  return [...closure([entryKey, key])].filter((chunk) => holdsZod(manifest[chunk].file)).map((chunk) => `${key} → ${manifest[chunk].file}`);
});
console.log(
  `zod before the first render of the shell, the dashboard, /tasks, one brief and the answer page: ${withZod.length === 0 ? 'none' : withZod.join(', ')}`,
);

if (!isWithinBudget) {
  console.error(`Over budget by ${kib(loginBytes - budgetKib * 1024)}: see bench/README.md "Login route bundle".`);
  process.exit(1);
}
if (withZod.length > 0) {
  console.error('A route that must render without zod loads it: keep labels and rules in the contract vocabulary (decision 031).');
  process.exit(1);
}
