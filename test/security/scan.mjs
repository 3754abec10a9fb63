// Injection and scanning (issue #14, "Attacks"): sqlmap and wapiti (Debian packages) against the
// built server on loopback, signed in as the demo assistant, bounded in time. Every parameter an
// attacker controls on the chosen calls is a target: list filters and search words, path ids, JSON
// bodies of a task, a brief, a sign-in and a public answer. Reports each tool's findings; exits 1 on
// any finding (or when a tool could not run).
// Usage: node test/security/scan.mjs [--minutes 12]   (after `npm run build`; apt-get install sqlmap wapiti)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, root } from '../../scripts/lib.mjs';

const minutes = Number(process.argv[process.argv.indexOf('--minutes') + 1] || 12);
const port = 3990;
const base = `http://127.0.0.1:${port}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'tandem-scan-'));
const log = (line) => console.error(`[scan] ${line}`);

/** Runs `command` with `args`, its output into `log`; resolves with the exit code and the output. */
function run(command, args, { timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 124 : 0), output });
    });
    child.on('error', () => resolve({ code: 127, output: `${command} is not installed` }));
  });
}

async function api(method, url, token, body) {
  const response = await fetch(`${base}/api/${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-client-id': 'tandem-web', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
  return (await response.json()).payload;
}

async function main() {
  if (!(await buildIfNeeded())) throw new Error('the build failed');
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: path.join(work, 'data'),
      TANDEM_DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let failed = false;
  try {
    for (let i = 0; ; i += 1) {
      if (i > 300) throw new Error('the server did not start');
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const tokens = await api('POST', 'auth/password', undefined, {
      loginIdentifier: 'assistant@tandem.local',
      password: 'demo tandem assistant 2026',
      grant_type: 'password',
      client_id: 'tandem-web',
    });
    const token = tokens.access_token;
    const [workspace] = (await api('GET', 'v1/workspaces', token)).items ?? (await api('GET', 'v1/workspaces', token));
    const w = `${base}/api/v1/workspaces/${workspace.workspaceId ?? workspace.id}`;
    const headers = `Authorization: Bearer ${token}\nX-Client-Id: tandem-web`;
    // `*` marks where sqlmap injects; query parameters are all tested.
    const targets = [
      { url: `${w}/tasks?q=board&sort=dueDate&order=asc&limit=25&status=TODO` },
      { url: `${w}/briefs?q=board&limit=25` },
      { url: `${w}/contacts?q=vera&limit=25` },
      { url: `${w}/question-requests?limit=25&sort=updatedAt` },
      { url: `${w}/tasks/00000000-0000-4000-8000-000000000000*` },
      { url: `${w}/tasks`, data: '{"title":"Scan*","notes":"n*","priority":"HIGH"}' },
      { url: `${w}/briefs`, data: '{"title":"Scan brief*"}' },
      { url: `${base}/api/v1/public/questions/AAAAAAAAAAAAAAAAAAAAAA*`, anonymous: true },
      {
        url: `${base}/api/auth/password`,
        data: '{"loginIdentifier":"x@example.test*","password":"p*","grant_type":"password","client_id":"tandem-web"}',
        anonymous: true,
      },
    ];
    const perTarget = Math.max(30_000, Math.floor((minutes * 60_000 * 0.6) / targets.length));
    let sqlmapFindings = 0;
    for (const target of targets) {
      const args = [
        '-u',
        target.url,
        '--headers',
        headers,
        '--batch',
        '--level',
        '2',
        '--risk',
        '1',
        '--threads',
        '2',
        '--output-dir',
        work,
      ];
      if (target.data)
        args.push(
          '--data',
          target.data,
          '--method',
          target.url.endsWith('/tasks') || target.url.endsWith('/briefs') || target.url.endsWith('password') ? 'POST' : 'GET',
        );
      const result = await run('sqlmap', args, { timeoutMs: perTarget });
      const vulnerable = /is vulnerable|sqlmap identified the following injection point/i.test(result.output);
      if (result.code === 127) throw new Error('sqlmap is not installed (apt-get install sqlmap)');
      if (vulnerable) sqlmapFindings += 1;
      // A scan that was refused at the door tested nothing.
      if (!target.anonymous && /401 \(Unauthorized\)|403 \(Forbidden\)/.test(result.output))
        throw new Error(`sqlmap was not signed in for ${target.url}`);
      log(
        `sqlmap ${target.data ? 'POST' : 'GET'} ${target.url.replace(base, '')}: ${vulnerable ? 'VULNERABLE' : 'no injection found'}${result.code === 124 ? ' (time bound reached)' : ''}`,
      );
    }
    const report = path.join(work, 'wapiti.json');
    const wapitiArgs = [
      '-u',
      `${base}/`,
      '--scope',
      'domain',
      '-m',
      'sql,blindsql,xss,permanentxss,exec,file,crlf,redirect',
      '-H',
      `Authorization: Bearer ${token}`,
      '-H',
      'X-Client-Id: tandem-web',
      '--max-scan-time',
      String(Math.floor(minutes * 60 * 0.4)),
      '--flush-session',
      '-f',
      'json',
      '-o',
      report,
      ...targets.filter((target) => !target.data).flatMap((target) => ['-s', target.url.replace('*', '')]),
    ];
    const wapiti = await run('wapiti', wapitiArgs, { timeoutMs: minutes * 60_000 * 0.5 });
    if (wapiti.code === 127) throw new Error('wapiti is not installed (apt-get install wapiti)');
    const findings = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).vulnerabilities : null;
    const wapitiFindings = findings ? Object.values(findings).reduce((sum, list) => sum + list.length, 0) : NaN;
    if (findings) for (const [kind, list] of Object.entries(findings)) if (list.length > 0) log(`wapiti ${kind}: ${JSON.stringify(list)}`);
    console.log(
      `sqlmap: ${targets.length} targets, ${sqlmapFindings} findings; wapiti: ${Number.isNaN(wapitiFindings) ? 'no report' : `${wapitiFindings} findings`}`,
    );
    failed = sqlmapFindings > 0 || !(wapitiFindings === 0);
  } finally {
    server.kill('SIGTERM');
    await exited;
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
