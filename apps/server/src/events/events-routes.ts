import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WorkspaceParamsSchema, type WorkspaceEvent } from '@tandem/contract';
import { AppError } from '../lib/errors.js';
import { bearerSecurity, errorResponses } from '../lib/route-schemas.js';
import { requireAuth } from '../plugins/authenticate.js';
import { assertAllowed, loadMembership, viewerOf } from '../permissions/membership.js';
import type { Viewer } from '../permissions/visibility.js';
import type { BusMessage, EventTypeDefinition } from './event-bus.js';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** What the client waits before reconnecting (the `retry:` field). */
export const RETRY_MS = 5_000;
/** At most this many missed events are replayed after Last-Event-ID. */
export const REPLAY_LIMIT = 100;

/**
 * The caller's current membership as a viewer, or undefined once it ended (404 semantics).
 * @throws what the query throws (the database unreachable): the stream then ends (see `enqueue`).
 */
async function findViewer(request: FastifyRequest, workspaceId: string): Promise<Viewer | undefined> {
  const { personId } = requireAuth(request);
  const member = await loadMembership(request.server.db, workspaceId, personId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  });
  return member && viewerOf(member);
}

/** One SSE message: `event:` is the type, `data:` the contract's JSON, `id:` for resumable types. */
function formatMessage(event: WorkspaceEvent, definition: EventTypeDefinition<WorkspaceEvent['type']>): string {
  const id = definition.resume ? `id: ${definition.resume.eventId(event)}\n` : '';
  return `${id}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Streams the workspace's events to one member until they leave, their session ends, their access
 * token expires, the LISTEN connection is re-established (they reconnect and catch up) or the app
 * closes. Each event goes through its type's audience rule with the membership as it is now.
 */
async function streamEvents(request: FastifyRequest, reply: FastifyReply, workspaceId: string): Promise<void> {
  const app = request.server;
  const { sessionId, expiresAtMs } = requireAuth(request);
  const lastEventId = request.headers['last-event-id'];
  reply.hijack();
  const raw = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);

  let closed = false;
  let queue = Promise.resolve();
  // Resumable events sent by the Last-Event-ID replay, so a live copy is not sent twice.
  const replayed = new Set<string>();
  const write = (event: WorkspaceEvent, definition: EventTypeDefinition<WorkspaceEvent['type']>) => {
    if (closed) return;
    if (definition.resume && replayed.has(definition.resume.eventId(event))) return;
    raw.write(formatMessage(event, definition));
  };
  // One queue keeps events in the order their notices arrived. A task that fails (the database
  // unreachable while an event's audience is checked, or while replaying) ends the stream instead
  // of skipping the event: the client reconnects with the last id it received and catches up, so
  // no activity item is lost behind a later one (issue #14).
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((error: unknown) => {
      request.log.warn({ err: error }, 'event stream: ended to resynchronise after a failed delivery');
      end();
    });
  };
  const onMessage = ({ event, audience, definition }: BusMessage) => {
    enqueue(async () => {
      if (closed) return;
      const viewer = await findViewer(request, workspaceId);
      if (!viewer) return end();
      if (await definition.mayReceive(app.db, viewer, event, audience as never)) write(event, definition);
    });
  };
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unsubscribe();
    raw.end();
  };
  const unsubscribe = app.events.subscribe(workspaceId, onMessage, end);
  // The stream lives no longer than the access token that opened it (PRODUCT §5: 15 minutes); the
  // client refreshes the session and reconnects, catching up with Last-Event-ID.
  const expiry = setTimeout(end, Math.max(0, expiresAtMs - Date.now()));
  const heartbeat = setInterval(() => {
    raw.write(': heartbeat\n\n');
    enqueue(async () => {
      const stillAllowed = (await app.sessions.isLive(app.db, sessionId)) && (await findViewer(request, workspaceId)) !== undefined;
      if (!stillAllowed) end();
    });
  }, HEARTBEAT_MS);
  raw.on('close', end);

  if (typeof lastEventId === 'string' && lastEventId.length > 0) {
    enqueue(async () => {
      const viewer = await findViewer(request, workspaceId);
      if (!viewer) return end();
      for (const definition of app.events.resumableDefinitions()) {
        for (const event of await definition.resume!.replay(app.db, viewer, lastEventId, REPLAY_LIMIT)) {
          write(event, definition);
          replayed.add(definition.resume!.eventId(event));
        }
      }
    });
  }
}

/** GET v1/workspaces/{id}/events (prefix /api/v1/workspaces, protected): the live stream of PRODUCT §4. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/events', {
    schema: {
      tags: ['events'],
      summary: "Server-Sent Events of the workspace: the contract's WorkspaceEvent union, each as `event: {type}`",
      description:
        'text/event-stream, authenticated by the `Authorization: Bearer` and `X-Client-Id` headers like every call ' +
        '(a fetch-based event source sends them; tokens never go in the URL). Each message is `event: {type}` and ' +
        '`data: {WorkspaceEvent JSON}` (see the WorkspaceEvent schema), sent only to members who may see it. Resumable ' +
        'types (`activity`) carry `id:`; send the last one back as Last-Event-ID to catch up on up to ' +
        `${REPLAY_LIMIT} missed events. A \`: heartbeat\` comment comes every ${HEARTBEAT_MS / 1000} s, and \`retry:\` is ` +
        `${RETRY_MS} ms. The stream ends when the access token that opened it expires, or the session or membership ` +
        'ends: refresh and reconnect.',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      produces: ['text/event-stream'],
      response: { 200: z.string().describe('A text/event-stream of WorkspaceEvent messages'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const member = await loadMembership(app.db, request.params.id, requireAuth(request).personId);
      assertAllowed(member, 'viewActivity');
      await streamEvents(request, reply, member.workspaceId);
    },
  });
};
