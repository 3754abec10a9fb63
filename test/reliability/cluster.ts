import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from '../../apps/server/src/test/server-process.js';

const run = promisify(execFile);
/** PostgreSQL's own binaries (the system's PostgreSQL 15, linked into /usr/local/bin). */
const INITDB = '/usr/local/bin/initdb';
const PG_CTL = '/usr/local/bin/pg_ctl';

/**
 * A throw-away PostgreSQL cluster for the fault tests (issue #14, "faults survived"): initdb in a
 * temporary directory, listening on 127.0.0.1 on a free port (never the machine's own 5432), so
 * restarting or killing it harms nothing else. PostgreSQL refuses to run as root: when the tests
 * run as root, every command runs as the `postgres` user (runuser) in a directory it owns.
 *
 * `fsync = off` keeps the tests fast and loses nothing they check: every fault here kills
 * processes, never the machine, and the operating system keeps what PostgreSQL wrote.
 */
export interface Cluster {
  port: number;
  /** The URL of `database` (default `postgres`) as the `postgres` superuser. */
  url(database?: string): string;
  /** Creates `name` and returns its URL. */
  createDatabase(name: string): Promise<string>;
  start(): Promise<void>;
  /** `pg_ctl stop -m immediate`: every backend ends at once, no shutdown checkpoint (a crash, in effect). */
  stopImmediate(): Promise<void>;
  /** kill -9 of the postmaster and every backend; resolves once they are gone. */
  killHard(): Promise<void>;
  /**
   * `pg_terminate_backend` of every connection to `database` but the caller's own.
   * @returns how many were terminated.
   */
  terminateConnections(database: string): Promise<number>;
  /** Stops the cluster (if running) and removes its directory. */
  remove(): Promise<void>;
}

/** Runs a PostgreSQL binary, as `postgres` when this process is root. */
function runAsOwner(binary: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const asRoot = process.getuid?.() === 0;
  return asRoot ? run('runuser', ['-u', 'postgres', '--', binary, ...args]) : run(binary, args);
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Creates and starts a new cluster. */
export async function startCluster(): Promise<Cluster> {
  const port = await findFreePort();
  if (port === 5432) throw new Error('the throw-away cluster must never use 5432');
  const dir = mkdtempSync(path.join(tmpdir(), 'tandem-reliability-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (process.getuid?.() === 0) {
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
  }
  await runAsOwner(INITDB, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'max_connections = 100',
      'fsync = off',
      'full_page_writes = off',
      'shared_buffers = 32MB',
      '',
    ].join('\n'),
  );
  const url = (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`;

  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url(), connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  const postmasterPid = (): number | undefined => {
    const file = path.join(dataDir, 'postmaster.pid');
    if (!existsSync(file)) return undefined;
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  };

  const cluster: Cluster = {
    port,
    url,
    async createDatabase(name) {
      await query(`create database ${pg.escapeIdentifier(name)}`);
      return url(name);
    },
    async start() {
      await runAsOwner(PG_CTL, ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
    },
    async stopImmediate() {
      await runAsOwner(PG_CTL, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    },
    async killHard() {
      const pid = postmasterPid();
      if (pid === undefined) throw new Error('the cluster is not running');
      const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({ stdout: '' }));
      const pids = [
        pid,
        ...stdout
          .split('\n')
          .map(Number)
          .filter((child) => child > 0),
      ];
      for (const target of pids) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      const deadline = Date.now() + 10_000;
      while (pids.some(isRunning)) {
        if (Date.now() > deadline) throw new Error('PostgreSQL did not die after kill -9');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async terminateConnections(database) {
      const rows = await query<{ terminated: boolean }>(
        'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      return rows.filter((row) => row.terminated).length;
    },
    async remove() {
      const pid = postmasterPid();
      if (pid !== undefined && isRunning(pid)) await cluster.stopImmediate().catch(() => cluster.killHard().catch(() => undefined));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the throw-away PostgreSQL cluster did not start: ${String(error)}\n${log}`);
  }
  return cluster;
}
