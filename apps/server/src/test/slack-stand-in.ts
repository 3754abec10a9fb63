import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Slack (issue #12: "mock only what is unreachable", speaking Slack's real
 * protocol). One HTTP server on 127.0.0.1 serving:
 * - GET /oauth/v2/authorize — Slack's consent page: "Allow" returns the browser to `redirect_uri`
 *   with `?code=…&state=…`, "Cancel" with `?error=access_denied&state=…` (as Slack does);
 * - POST /api/{method} — the Web API methods Tandem calls, form-encoded with a Bearer token as
 *   @slack/web-api sends them, answering Slack's JSON shapes (`{ ok: true, … }` or
 *   `{ ok: false, error }`): oauth.v2.access, auth.test, auth.revoke, users.lookupByEmail,
 *   users.info, users.conversations, conversations.open, conversations.history,
 *   conversations.replies, chat.postMessage (with message metadata), chat.getPermalink;
 *   an unknown method answers `unknown_method`;
 * - /_control/* — JSON endpoints for a browser test driving it from another process (see
 *   {@link controlRoutes}).
 *
 * It also plays Slack's side of events: {@link SlackStandIn.sendEvent} posts a signed event to the
 * app's events URL exactly as Slack does (v0 signature, X-Slack-Request-Timestamp).
 *
 * Usage (API tests):
 * ```ts
 * const slack = await startSlackStandIn();                 // beforeAll
 * const t = useTestApp({ slack: slack.config() });           // apiUrl = slack.url + '/api/'
 * slack.addUser({ id: 'U1', email: 'ana@example.com', tz: 'Europe/Paris' });
 * slack.failNext('chat.postMessage', 'messages_tab_disabled');
 * slack.calls('chat.postMessage')[0].args.channel;          // what the app sent
 * await slack.close();                                       // afterAll
 * ```
 */
export interface SlackStandIn {
  /** http://127.0.0.1:{port} */
  readonly url: string;
  readonly team: { id: string; name: string };
  readonly botUserId: string;
  /** Every Web API call received, oldest first. */
  readonly received: SlackCall[];
  /** The calls of one method. */
  calls(method: string): SlackCall[];
  /** Resolves once `count` calls of `method` have arrived (a signal to await, never a sleep). */
  waitForCalls(method: string, count: number): Promise<SlackCall[]>;
  /** A person in the Slack team (users.lookupByEmail / users.info find them). */
  addUser(user: StandInUserInput): StandInUser;
  /** A channel; `botIsMember` true = the bot was invited (users.conversations lists it). */
  addChannel(channel: { id: string; name: string; isPrivate?: boolean; botIsMember?: boolean }): void;
  /** The next `times` (default 1) calls of `method` answer `{ ok: false, error }` (or HTTP `status` when given). */
  failNext(method: string, error: string, options?: { times?: number; status?: number }): void;
  /**
   * The next `times` (default 1) calls of `method` are carried out (a chat.postMessage is posted)
   * but the connection is then dropped before the answer: the answer is lost on the way back.
   */
  dropAnswerNext(method: string, options?: { times?: number }): void;
  /** Issues an authorization code for the next oauth.v2.access without the consent page (API tests). */
  issueCode(): string;
  /** Bot tokens issued by oauth.v2.access and not revoked. */
  readonly liveTokens: ReadonlySet<string>;
  /** Marks a token revoked, as when the app is uninstalled in Slack: later calls answer token_revoked. */
  revokeToken(token: string): void;
  /** Messages posted with chat.postMessage, oldest first. */
  readonly messages: PostedMessage[];
  /** The DM channel id of the bot with `userId` (what conversations.open and chat.postMessage answer). */
  dmChannelOf(userId: string): string;
  /**
   * Posts an event to `eventsUrl` as Slack does: an `event_callback` envelope (event id, team,
   * time) around `event`, signed with `signingSecret`. `timestamp` (seconds) and `signature` can be
   * forced for replay and forgery tests. Returns the HTTP status and body the app answered.
   */
  sendEvent(
    eventsUrl: string,
    signingSecret: string,
    event: Record<string, unknown>,
    options?: { eventId?: string; timestamp?: number; signature?: string; envelope?: Record<string, unknown> },
  ): Promise<{ status: number; body: string; eventId: string }>;
  /** The app's Slack configuration pointing at this stand-in. */
  config(overrides?: { signingSecret?: string }): {
    clientId: string;
    clientSecret: string;
    signingSecret: string;
    apiUrl: string;
    authorizeUrl: string;
  };
  /** Forgets users, channels, failures, dropped answers, calls and messages (tokens stay valid). */
  reset(): void;
  close(): Promise<void>;
}

export interface SlackCall {
  method: string;
  /** The form fields as sent (JSON-encoded fields such as `blocks` parsed back). */
  args: Record<string, unknown>;
  /** The Bearer token, or null. */
  token: string | null;
}

export interface StandInUserInput {
  id: string;
  email: string;
  name?: string;
  realName?: string;
  tz?: string;
  /** true = the person turned off DMs from apps: chat.postMessage to them answers messages_tab_disabled. */
  dmClosed?: boolean;
}
export type StandInUser = Required<StandInUserInput>;

export interface PostedMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: unknown[] | null;
  threadTs: string | null;
  /** The message metadata (`{ event_type, event_payload }`) it was posted with, or null. */
  metadata: Record<string, unknown> | null;
}

export const STAND_IN_CLIENT_ID = '1111.2222';
export const STAND_IN_CLIENT_SECRET = 'stand-in-client-secret';
export const STAND_IN_SIGNING_SECRET = 'stand-in-signing-secret-0123456789';

/**
 * Slack's request signature (https://api.slack.com/authentication/verifying-requests-from-slack):
 * `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the signing secret.
 */
export function slackSignature(signingSecret: string, timestamp: number, rawBody: string): string {
  return `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${rawBody}`).digest('hex')}`;
}

/** Headers Slack sends with an event: content type, timestamp and signature. */
export function signedEventHeaders(signingSecret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)) {
  return {
    'content-type': 'application/json',
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature': slackSignature(signingSecret, timestamp, rawBody),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Starts the stand-in on a free port (or `port`). */
export async function startSlackStandIn(options: { port?: number; team?: { id: string; name: string } } = {}): Promise<SlackStandIn> {
  const team = options.team ?? { id: 'T0STANDIN', name: 'Acme Office' };
  const botUserId = 'U0BOT';
  const received: SlackCall[] = [];
  const messages: PostedMessage[] = [];
  const users = new Map<string, StandInUser>();
  const channels = new Map<string, { id: string; name: string; isPrivate: boolean; botIsMember: boolean }>();
  const failures = new Map<string, { error: string; times: number; status?: number }[]>();
  const drops = new Map<string, number>();
  const codes = new Set<string>();
  const liveTokens = new Set<string>();
  const revokedTokens = new Set<string>();
  const waiters: { method: string; count: number; resolve: (calls: SlackCall[]) => void }[] = [];
  let tsCounter = 0;

  const calls = (method: string) => received.filter((call) => call.method === method);
  const dmChannelOf = (userId: string) => `D${userId.replace(/^[UW]/, '')}`;
  const nextTs = () => {
    tsCounter += 1;
    return `${Math.floor(Date.now() / 1000)}.${String(tsCounter).padStart(6, '0')}`;
  };
  const issueCode = () => {
    const code = `code-${randomBytes(8).toString('hex')}`;
    codes.add(code);
    return code;
  };
  const userJson = (user: StandInUser) => ({
    id: user.id,
    team_id: team.id,
    name: user.name,
    real_name: user.realName,
    tz: user.tz,
    is_bot: false,
    deleted: false,
    profile: { email: user.email, real_name: user.realName, display_name: user.name },
  });

  /** The answer to one Web API call (Slack's JSON shapes). */
  function answer(method: string, args: Record<string, unknown>, token: string | null): Record<string, unknown> {
    if (method === 'oauth.v2.access') {
      const code = String(args.code ?? '');
      if (args.client_id !== STAND_IN_CLIENT_ID || args.client_secret !== STAND_IN_CLIENT_SECRET)
        return { ok: false, error: 'invalid_client_id' };
      if (!codes.delete(code)) return { ok: false, error: 'invalid_code' };
      const accessToken = `xoxb-${randomBytes(12).toString('hex')}`;
      liveTokens.add(accessToken);
      return {
        ok: true,
        app_id: 'A0STANDIN',
        authed_user: { id: 'U0INSTALLER' },
        scope: String(args.scope ?? 'chat:write,im:write,im:history,users:read,users:read.email,channels:read,groups:read'),
        token_type: 'bot',
        access_token: accessToken,
        bot_user_id: botUserId,
        team,
        enterprise: null,
        is_enterprise_install: false,
      };
    }
    if (!token) return { ok: false, error: 'not_authed' };
    if (revokedTokens.has(token)) return { ok: false, error: 'token_revoked' };
    if (!liveTokens.has(token)) return { ok: false, error: 'invalid_auth' };
    switch (method) {
      case 'auth.test':
        return {
          ok: true,
          url: `https://${team.name.toLowerCase().replace(/\W+/g, '')}.slack.com/`,
          team: team.name,
          team_id: team.id,
          user_id: botUserId,
          bot_id: 'B0BOT',
        };
      case 'auth.revoke':
        liveTokens.delete(token);
        revokedTokens.add(token);
        return { ok: true, revoked: true };
      case 'users.lookupByEmail': {
        const email = String(args.email ?? '').toLowerCase();
        const user = [...users.values()].find((candidate) => candidate.email.toLowerCase() === email);
        return user ? { ok: true, user: userJson(user) } : { ok: false, error: 'users_not_found' };
      }
      case 'users.info': {
        const user = users.get(String(args.user ?? ''));
        return user ? { ok: true, user: userJson(user) } : { ok: false, error: 'user_not_found' };
      }
      case 'users.conversations': {
        const list = [...channels.values()].filter((channel) => channel.botIsMember);
        return {
          ok: true,
          channels: list.map((channel) => ({
            id: channel.id,
            name: channel.name,
            is_channel: !channel.isPrivate,
            is_group: channel.isPrivate,
            is_private: channel.isPrivate,
            is_member: true,
            is_archived: false,
          })),
          response_metadata: { next_cursor: '' },
        };
      }
      case 'conversations.open': {
        const userId = String(args.users ?? '').split(',')[0] ?? '';
        if (!users.has(userId)) return { ok: false, error: 'user_not_found' };
        return { ok: true, channel: { id: dmChannelOf(userId) } };
      }
      case 'chat.postMessage': {
        let channel = String(args.channel ?? '');
        const user = users.get(channel) ?? [...users.values()].find((candidate) => dmChannelOf(candidate.id) === channel);
        if (/^[UW]/.test(channel) && !user) return { ok: false, error: 'channel_not_found' };
        if (user) {
          if (user.dmClosed) return { ok: false, error: 'messages_tab_disabled' };
          channel = dmChannelOf(user.id);
        } else {
          const known = channels.get(channel);
          if (!known) return { ok: false, error: 'channel_not_found' };
          if (!known.botIsMember) return { ok: false, error: 'not_in_channel' };
        }
        if (!args.text && !args.blocks) return { ok: false, error: 'no_text' };
        const message: PostedMessage = {
          channel,
          ts: nextTs(),
          text: String(args.text ?? ''),
          blocks: Array.isArray(args.blocks) ? args.blocks : null,
          threadTs: typeof args.thread_ts === 'string' ? args.thread_ts : null,
          metadata: isRecord(args.metadata) ? args.metadata : null,
        };
        messages.push(message);
        return {
          ok: true,
          channel,
          ts: message.ts,
          message: {
            type: 'message',
            user: botUserId,
            bot_id: 'B0BOT',
            text: message.text,
            ts: message.ts,
            ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
          },
        };
      }
      case 'conversations.history':
      case 'conversations.replies': {
        // As Slack: history newest first, replies (the parent and its thread) oldest first; the
        // metadata only with include_all_metadata.
        const channel = String(args.channel ?? '');
        const known = channels.has(channel) || [...users.values()].some((user) => dmChannelOf(user.id) === channel);
        if (!known) return { ok: false, error: 'channel_not_found' };
        const limit = Math.max(1, Math.min(999, Number(args.limit ?? 100) || 100));
        const withMetadata = args.include_all_metadata === true || args.include_all_metadata === 'true';
        const inChannel = messages.filter((message) => message.channel === channel);
        const listed =
          method === 'conversations.history'
            ? inChannel.filter((message) => message.threadTs === null).reverse()
            : inChannel.filter((message) => message.ts === args.ts || message.threadTs === args.ts);
        if (method === 'conversations.replies' && listed.length === 0) return { ok: false, error: 'thread_not_found' };
        return {
          ok: true,
          messages: listed.slice(0, limit).map((message) => ({
            type: 'message',
            user: botUserId,
            bot_id: 'B0BOT',
            text: message.text,
            ts: message.ts,
            ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
            ...(withMetadata && message.metadata ? { metadata: message.metadata } : {}),
          })),
          has_more: listed.length > limit,
          response_metadata: { next_cursor: '' },
        };
      }
      case 'chat.getPermalink':
        return {
          ok: true,
          channel: args.channel,
          permalink: `https://acme.slack.com/archives/${String(args.channel)}/p${String(args.message_ts).replace('.', '')}`,
        };
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  /** Form fields as @slack/web-api sends them; JSON-encoded values (blocks) parsed back. */
  function parseForm(raw: string, contentType: string | undefined): Record<string, unknown> {
    if (contentType?.includes('application/json')) return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const args: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(raw)) {
      args[key] = (value.startsWith('[') || value.startsWith('{')) && safeJson(value) !== undefined ? safeJson(value) : value;
    }
    return args;
  }

  function authorizePage(url: URL): string {
    const redirect = url.searchParams.get('redirect_uri') ?? '';
    const state = url.searchParams.get('state') ?? '';
    const allow = new URL(redirect);
    allow.searchParams.set('code', issueCode());
    allow.searchParams.set('state', state);
    const cancel = new URL(redirect);
    cancel.searchParams.set('error', 'access_denied');
    cancel.searchParams.set('state', state);
    const scopes = (url.searchParams.get('scope') ?? '').split(',').filter(Boolean);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slack stand-in: authorize</title></head>
<body><main><h1>Tandem is requesting permission to access the ${escapeHtml(team.name)} Slack workspace</h1>
<p>Client ${escapeHtml(url.searchParams.get('client_id') ?? '')}</p>
<ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
<a href="${escapeHtml(allow.href)}">Allow</a> <a href="${escapeHtml(cancel.href)}">Cancel</a></main></body></html>`;
  }

  /**
   * Control endpoints for a test in another process (the browser tests): POST /_control/users
   * (a StandInUserInput), POST /_control/channels, POST /_control/fail {method, error, times},
   * GET /_control/messages, GET /_control/calls?method=…, POST /_control/reset, and
   * POST /_control/events {eventsUrl, signingSecret, event} (= sendEvent).
   */
  async function controlRoutes(request: IncomingMessage, url: URL, raw: string): Promise<{ status: number; json: unknown }> {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = url.pathname.slice('/_control'.length);
    if (request.method === 'POST' && path === '/users') return { status: 200, json: standIn.addUser(body as unknown as StandInUserInput) };
    if (request.method === 'POST' && path === '/channels') {
      standIn.addChannel(body as unknown as Parameters<SlackStandIn['addChannel']>[0]);
      return { status: 200, json: { ok: true } };
    }
    if (request.method === 'POST' && path === '/fail') {
      standIn.failNext(String(body.method), String(body.error), { times: typeof body.times === 'number' ? body.times : 1 });
      return { status: 200, json: { ok: true } };
    }
    if (request.method === 'GET' && path === '/messages') return { status: 200, json: messages };
    if (request.method === 'GET' && path === '/calls') return { status: 200, json: calls(url.searchParams.get('method') ?? '') };
    if (request.method === 'POST' && path === '/reset') {
      standIn.reset();
      return { status: 200, json: { ok: true } };
    }
    if (request.method === 'POST' && path === '/events') {
      const sent = await standIn.sendEvent(String(body.eventsUrl), String(body.signingSecret), body.event as Record<string, unknown>);
      return { status: 200, json: sent };
    }
    return { status: 404, json: { error: 'unknown control route' } };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (request.method === 'GET' && url.pathname === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    if (request.method === 'GET' && url.pathname === '/oauth/v2/authorize') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(authorizePage(url));
      return;
    }
    if (url.pathname.startsWith('/_control/')) {
      const { status, json } = await controlRoutes(request, url, raw);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      return;
    }
    const match = /^\/api\/([\w.]+)$/.exec(url.pathname);
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end();
      return;
    }
    const method = match[1]!;
    const args = parseForm(raw, request.headers['content-type']);
    const authorization = request.headers.authorization;
    const token = authorization?.startsWith('Bearer ')
      ? authorization.slice('Bearer '.length)
      : typeof args.token === 'string'
        ? args.token
        : null;
    const call: SlackCall = { method, args, token };
    received.push(call);
    for (const waiter of [...waiters]) {
      const sofar = calls(waiter.method);
      if (sofar.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(sofar);
      }
    }
    const queued = failures.get(method)?.[0];
    if (queued) {
      queued.times -= 1;
      if (queued.times <= 0) failures.get(method)!.shift();
      if (queued.status) {
        response.writeHead(queued.status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error: queued.error }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error: queued.error }));
      return;
    }
    const answered = answer(method, args, token);
    const dropsLeft = drops.get(method) ?? 0;
    if (dropsLeft > 0) {
      if (dropsLeft === 1) drops.delete(method);
      else drops.set(method, dropsLeft - 1);
      // Carried out, answer lost: the connection closes before any byte of the response.
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answered));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error: String(error) }));
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: SlackStandIn = {
    url,
    team,
    botUserId,
    received,
    calls,
    waitForCalls(method, count) {
      const sofar = calls(method);
      if (sofar.length >= count) return Promise.resolve(sofar);
      return new Promise((resolve) => waiters.push({ method, count, resolve }));
    },
    addUser(input) {
      const user: StandInUser = {
        name: input.email.split('@')[0]!,
        realName: input.email.split('@')[0]!,
        tz: 'America/New_York',
        dmClosed: false,
        ...input,
      };
      users.set(user.id, user);
      return user;
    },
    addChannel(channel) {
      channels.set(channel.id, { isPrivate: false, botIsMember: true, ...channel });
    },
    failNext(method, error, failOptions = {}) {
      const list = failures.get(method) ?? [];
      list.push({ error, times: failOptions.times ?? 1, ...(failOptions.status ? { status: failOptions.status } : {}) });
      failures.set(method, list);
    },
    dropAnswerNext(method, dropOptions = {}) {
      drops.set(method, (drops.get(method) ?? 0) + (dropOptions.times ?? 1));
    },
    issueCode,
    liveTokens,
    revokeToken(token) {
      liveTokens.delete(token);
      revokedTokens.add(token);
    },
    messages,
    dmChannelOf,
    async sendEvent(eventsUrl, signingSecret, event, sendOptions = {}) {
      const eventId = sendOptions.eventId ?? `Ev${randomBytes(6).toString('hex').toUpperCase()}`;
      const timestamp = sendOptions.timestamp ?? Math.floor(Date.now() / 1000);
      const body = JSON.stringify(
        sendOptions.envelope ?? {
          token: 'legacy-verification-token',
          team_id: team.id,
          api_app_id: 'A0STANDIN',
          event: { event_ts: nextTs(), ...event },
          type: 'event_callback',
          event_id: eventId,
          event_time: timestamp,
          authorizations: [{ team_id: team.id, user_id: botUserId, is_bot: true }],
        },
      );
      const headers = signedEventHeaders(signingSecret, body, timestamp);
      if (sendOptions.signature) headers['x-slack-signature'] = sendOptions.signature;
      const response = await fetch(eventsUrl, { method: 'POST', headers, body });
      return { status: response.status, body: await response.text(), eventId };
    },
    config(overrides = {}) {
      return {
        clientId: STAND_IN_CLIENT_ID,
        clientSecret: STAND_IN_CLIENT_SECRET,
        signingSecret: overrides.signingSecret ?? STAND_IN_SIGNING_SECRET,
        apiUrl: `${url}/api/`,
        authorizeUrl: `${url}/oauth/v2/authorize`,
      };
    },
    reset() {
      users.clear();
      channels.clear();
      failures.clear();
      drops.clear();
      received.length = 0;
      messages.length = 0;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  return standIn;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
