// `npm start`: builds what is missing or stale, then runs the server (which migrates the
// database, seeds the demo workspace on an empty embedded database and serves the web app).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './lib.mjs';

if (!(await buildIfNeeded())) process.exit(1);
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
