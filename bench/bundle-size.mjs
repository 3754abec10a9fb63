// Gzipped JavaScript needed to show /auth/login: the entry chunk, its static imports, and the
// login route's lazy chunk with its static imports (from Vite's manifest). Build first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
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

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find((key) => /routes\/auth\/login\.tsx$/.test(key));
if (!entryKey || !loginKey) throw new Error('entry or login route not found in the manifest');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const sum = (keys) => [...keys].reduce((total, key) => total + (manifest[key].file.endsWith('.js') ? gz(manifest[key].file) : 0), 0);
const login = closure([entryKey, loginKey]);
const all = new Set(Object.keys(manifest));
console.log(`/auth/login JavaScript: ${kb(sum(login))} gzipped in ${login.size} chunks`);
console.log(`whole app JavaScript:   ${kb(sum(all))} gzipped in ${all.size} chunks`);
