// `npm start`: builds what is missing or stale, then runs the server (which migrates the
// database, seeds the demo workspace on an empty embedded database and serves the web app) in
// this same process: a second Node process cost a start about 0.1 s and its memory for as long as
// the server ran (issue #13, bench/README "Cold start"). The server handles SIGINT and SIGTERM and
// sets the exit code itself.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root } from './lib.mjs';

if (!(await buildIfNeeded())) process.exit(1);
// Stack traces name the server's source files (the bundle's source map); the switch applies to
// the modules loaded after it, as `node --enable-source-maps` would to all.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/server/dist/server.js')).href);
