import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * The shared buffer pool of every embedded PGlite (issue #13, cold start). initdb writes 128 MB
 * into postgresql.conf, and PGlite zeroes the whole pool in WebAssembly at every start: 0.35–0.4 s
 * of a 0.9 s open on the 2-core host, and 0.5–0.6 s of each test file's in-memory database. An
 * embedded database serves one office; pages beyond the pool come from the operating system's
 * file cache. bench/tasks.mjs at 100,000 tasks and the API floor's PGlite calls read the same with
 * 16 MB as with 128 MB.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * `options` for PGlite.create with Tandem's start parameters: PGlite's defaults (single-user mode,
 * no parallel workers, …) and {@link PGLITE_SHARED_BUFFERS}. Every PGlite the server, its tests and
 * the benchmarks' floors open goes through here, so all run with the same settings.
 */
export function withPgliteSettings(options: PGliteOptions = {}): PGliteOptions {
  return { ...options, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
}
