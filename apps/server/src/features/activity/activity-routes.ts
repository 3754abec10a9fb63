import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ListActivityQuerySchema,
  ListActivityResponseSchema,
  MarkActivityReadBodySchema,
  MarkActivityReadResponseSchema,
  WorkspaceEventsQuerySchema,
  WorkspaceParamsSchema,
  canSeeTask,
  type ActivityItem,
  type TaskEvent,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { assertAllowed, loadMembership } from '../workspaces/permissions.js';
import { findActivity, findActivityAfter, getActivityItem, markActivityRead, type Reader } from './activity-repository.js';
import type { TaskEventNotice, WorkspaceEventNotice } from './activity-repository.js';

const tags = ['activity'];

/** A comment line every 25 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** What EventSource waits before reconnecting (the `retry:` field). */
export const RETRY_MS = 5_000;
/** At most this many missed items are replayed after Last-Event-ID. */
export const REPLAY_LIMIT = 100;

/** The caller's active membership (404 otherwise, PRODUCT §6) as a feed reader. */
async function loadReader(request: FastifyRequest, workspaceId: string): Promise<Reader> {
  const { personId } = requireAuth(request);
  const member = await loadMembership(request.server.db, workspaceId, personId);
  assertAllowed(member, 'viewActivity');
  return { workspaceId: member.workspaceId, memberId: member.id, workspaceMemberType: member.workspaceMemberType };
}

function formatEvent(item: ActivityItem): string {
  return `id: ${item.id}\nevent: activity\ndata: ${JSON.stringify(item)}\n\n`;
}

/** No `id:` line: Last-Event-ID keeps naming the last activity item, which is what replay needs. */
function formatTaskEvent(event: TaskEvent): string {
  return `event: task\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Whether the member behind `reader` may see the task of `notice` (PRODUCT §6), with their
 * membership re-read now: visible before or after the change (a task reassigned away still tells
 * its former assignee to drop it).
 */
async function mayKnowOfTask(request: FastifyRequest, reader: Reader, notice: TaskEventNotice): Promise<boolean> {
  const { personId } = requireAuth(request);
  const member = await loadMembership(request.server.db, reader.workspaceId, personId).catch(() => undefined);
  if (!member) return false;
  const candidates = notice.assigneeMemberIds.length > 0 ? notice.assigneeMemberIds : [null];
  return candidates.some((assigneeMemberId) =>
    canSeeTask(member.workspaceMemberType, member.id, { createdByMemberId: notice.createdByMemberId, assigneeMemberId }),
  );
}

/**
 * Streams the workspace's activity to one member until they leave, their session ends, their
 * access token expires, the LISTEN connection is re-established (they reconnect and catch up) or
 * the app closes.
 */
async function streamActivity(request: FastifyRequest, reply: FastifyReply, reader: Reader): Promise<void> {
  const app = request.server;
  const { personId, sessionId, expiresAtMs } = requireAuth(request);
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
  let tasks = Promise.resolve();
  // Items sent by the Last-Event-ID replay, so a live notice of the same item is not sent twice.
  const replayed = new Set<string>();
  const write = (item: ActivityItem) => {
    if (closed || replayed.has(item.id)) return;
    raw.write(formatEvent(item));
  };
  // One queue keeps events in the order their notices arrived.
  const enqueue = (task: () => Promise<void>) => {
    tasks = tasks.then(task).catch((error: unknown) => {
      request.log.warn({ err: error }, 'activity stream: event not sent');
    });
  };
  const onNotice = (notice: WorkspaceEventNotice) => {
    if (notice.audienceMemberId !== null && notice.audienceMemberId !== reader.memberId) return;
    enqueue(async () => {
      const item = closed ? undefined : await getActivityItem(app.db, reader, notice.itemId);
      if (item) write(item);
    });
  };
  const onTaskNotice = (notice: TaskEventNotice) => {
    enqueue(async () => {
      if (closed || !(await mayKnowOfTask(request, reader, notice))) return;
      if (!closed) raw.write(formatTaskEvent({ taskId: notice.taskId, action: notice.action, version: notice.version }));
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
  const unsubscribe = app.workspaceEvents.subscribe(reader.workspaceId, onNotice, end, onTaskNotice);
  // The stream lives no longer than the access token that opened it (PRODUCT §5: 15 minutes); the
  // client refreshes the session and reconnects, catching up with Last-Event-ID.
  const expiry = setTimeout(end, Math.max(0, expiresAtMs - Date.now()));
  const heartbeat = setInterval(() => {
    raw.write(': heartbeat\n\n');
    enqueue(async () => {
      const stillAllowed =
        (await app.sessions.isLive(app.db, sessionId)) &&
        (await loadMembership(app.db, reader.workspaceId, personId).then(
          () => true,
          () => false,
        ));
      if (!stillAllowed) end();
    });
  }, HEARTBEAT_MS);
  raw.on('close', end);

  if (typeof lastEventId === 'string' && lastEventId.length > 0) {
    enqueue(async () => {
      for (const item of await findActivityAfter(app.db, reader, lastEventId, REPLAY_LIMIT)) {
        write(item);
        replayed.add(item.id);
      }
    });
  }
}

/** Activity feed, read mark and live events of a workspace (prefix /api/v1/workspaces, protected). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/activity', {
    schema: {
      tags,
      summary: "The workspace's activity the caller may see, newest first (cursor pagination)",
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListActivityQuerySchema,
      response: { 200: ListActivityResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const reader = await loadReader(request, request.params.id);
      return { payload: await findActivity(app.db, reader, request.query) };
    },
  });

  app.post('/:id/activity/read', {
    schema: {
      tags,
      summary: "Move the caller's read mark: hasNewActivityItems becomes false until newer activity by others",
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: MarkActivityReadBodySchema,
      response: { 200: MarkActivityReadResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const reader = await loadReader(request, request.params.id);
      const readAt = await markActivityRead(app.db, reader.memberId, request.body?.until);
      return { payload: { readAt: readAt.toISOString() } };
    },
  });

  app.get('/:id/events', {
    config: { credentialsInQuery: true },
    schema: {
      tags,
      summary: 'Server-Sent Events of the workspace: `event: activity` (an ActivityItem) and `event: task` (a TaskEvent)',
      description:
        'text/event-stream. EventSource cannot send headers, so this route also takes `access_token` and `client_id` as ' +
        'query parameters. Each event has `id:` (the item id; send it back as Last-Event-ID to catch up on up to ' +
        `${REPLAY_LIMIT} missed items), a \`: heartbeat\` comment comes every ${HEARTBEAT_MS / 1000} s, and \`retry:\` is ${RETRY_MS} ms. ` +
        '`event: task` (no id, not replayed) has data {taskId, action: created|updated|deleted, version} and is sent only to ' +
        'members who may see that task: refetch it, or the list. ' +
        'The stream ends when the session or membership ends; reconnect with a fresh token.',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: WorkspaceEventsQuerySchema,
      produces: ['text/event-stream'],
      response: { 200: z.string().describe('A text/event-stream of `activity` events'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const reader = await loadReader(request, request.params.id);
      await streamActivity(request, reply, reader);
    },
  });
};
