import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, where `src/server.ts` runs from. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port free on 127.0.0.1 at the time of the call. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves when the process exits. */
  exited: Promise<unknown>;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
}

/**
 * Starts the real server (`src/server.ts` with tsx) with `env` added to this process's
 * environment; resolves once it prints that it is running, rejects when it exits before.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Tandem is running at')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the server exited before it was running:\n${output}`)));
  });
  await running;
  return { child, exited, output: () => output };
}
