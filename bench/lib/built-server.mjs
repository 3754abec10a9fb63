// The built server with the demo workspace, for the browser benchmarks (bench/page-timings.mjs,
// bench/lighthouse.mjs): NODE_ENV=production on a fresh embedded database, and its API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const headers = { 'content-type': 'application/json', 'x-client-id': 'tandem-web' };

/**
 * Starts apps/server/dist/server.js on `port` with the demo workspace in `dataDir` (build first);
 * `stop()` sends SIGTERM and waits for the exit.
 */
export function startBuiltServer(port, dataDir) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'production',
      // Nothing here sends mail (password sign-in); production only insists on a mail server.
      MAIL_URL: 'smtp://127.0.0.1:9',
      TANDEM_DEMO: '1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { stop: async () => (child.kill('SIGTERM'), await exited) };
}

/** The system Chromium the browser benchmarks drive (`CHROMIUM` overrides the path). */
export const BROWSER_EXECUTABLE = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Chromium 150 and later draw the address bar's suggestion popup as WebUI pages
 * (chrome://omnibox-popup.top-chrome), loaded into a renderer of their own for every new tab,
 * headless too: about 400 requests and 1–3 s of a core beside the page being measured, on a host of
 * two cores. A phone's Chrome has no such popup (measured 2026-12-01, bench/README.md "Pages in
 * Lighthouse").
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * Command-line switches of every browser benchmark: the omnibox popup's features off, so a benchmark
 * measures the page and not the browser's hidden popup. `CHROMIUM_DISABLE_FEATURES`
 * (comma-separated feature names) turns more features off, to compare.
 */
const disabledFeatures = [...OMNIBOX_POPUP_FEATURES, ...(process.env.CHROMIUM_DISABLE_FEATURES ?? '').split(',').filter(Boolean)];
export const BROWSER_ARGS = ['--no-sandbox', `--disable-features=${disabledFeatures.join(',')}`];

/** `api(method, url, token?, body?)` against `base`/api: the answer's payload; throws on a non-2xx. */
export function apiOf(base) {
  return async (method, url, token, body) => {
    const response = await fetch(`${base}/api/${url}`, {
      method,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()).payload;
  };
}

/** The demo workspace's people (TANDEM_DEMO seed) a benchmark signs in as. */
export const DEMO_EXECUTIVE = { email: 'executive@tandem.local', password: 'demo tandem executive 2026' };
export const DEMO_ASSISTANT = { email: 'assistant@tandem.local', password: 'demo tandem assistant 2026' };

/** Signs `who` in through `api` (from {@link apiOf}) with the password grant: the token response. */
export function signInAs(api, who) {
  return api('POST', 'auth/password', undefined, {
    loginIdentifier: who.email,
    password: who.password,
    grant_type: 'password',
    client_id: 'tandem-web',
  });
}

/** What the web app keeps in local storage for a person signed in with `tokens` on `workspaceId`. */
export function webSessionOf(tokens, workspaceId) {
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    userId: tokens.user_id,
    currentOrganization: workspaceId,
  };
}

/**
 * Paths of the demo's pages that carry an id: `brief` the executive's first brief
 * (/executive-briefs/{id}) and `answer` the first recipient's answer page of the first sent
 * request (/q/{shortUrl}). `tokens` are the demo executive's.
 */
export async function demoPagePaths(api, tokens, workspaceId) {
  const briefs = await api('GET', `v1/workspaces/${workspaceId}/briefs?limit=1`, tokens.access_token);
  const assistantTokens = await signInAs(api, DEMO_ASSISTANT);
  const requests = await api('GET', `v1/workspaces/${workspaceId}/question-requests?status=SENT&limit=1`, assistantTokens.access_token);
  const request = await api('GET', `v1/workspaces/${workspaceId}/question-requests/${requests.items[0].id}`, assistantTokens.access_token);
  return { brief: `/executive-briefs/${briefs.items[0].id}`, answer: `/q/${request.recipients[0].link.shortUrl}` };
}
