import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { workspaceEventsChannel, type TaskEventNotice, type WorkspaceEventNotice } from './activity-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Activity notices of every server process, fanned out per workspace in this one. */
    workspaceEvents: WorkspaceEvents;
  }
}

/** Told when a stream must end: the app is closing, or notices may have been missed. */
export type EndListener = (reason: 'closing' | 'resync') => void;

function parseNotice(payload: string): WorkspaceEventNotice | TaskEventNotice | undefined {
  try {
    const value = JSON.parse(payload) as Partial<WorkspaceEventNotice> & Partial<TaskEventNotice>;
    if (typeof value.workspaceId !== 'string') return undefined;
    if (value.type === 'task') return parseTaskNotice(value);
    if (typeof value.itemId !== 'string') return undefined;
    return { workspaceId: value.workspaceId, itemId: value.itemId, audienceMemberId: value.audienceMemberId ?? null };
  } catch {
    return undefined;
  }
}

const taskActions: readonly string[] = ['created', 'updated', 'deleted'] satisfies TaskEventNotice['action'][];

function parseTaskNotice(value: Partial<TaskEventNotice>): TaskEventNotice | undefined {
  if (
    typeof value.workspaceId !== 'string' ||
    typeof value.taskId !== 'string' ||
    typeof value.action !== 'string' ||
    !taskActions.includes(value.action) ||
    typeof value.version !== 'number' ||
    !Array.isArray(value.assigneeMemberIds)
  ) {
    return undefined;
  }
  return {
    type: 'task',
    workspaceId: value.workspaceId,
    taskId: value.taskId,
    action: value.action,
    version: value.version,
    createdByMemberId: typeof value.createdByMemberId === 'string' ? value.createdByMemberId : null,
    assigneeMemberIds: value.assigneeMemberIds.filter((id): id is string => typeof id === 'string'),
  };
}

/**
 * The in-process side of the fan-out (ARCHITECTURE "scale-out"): one LISTEN per process feeds
 * an EventEmitter keyed by workspace id, which each open event stream subscribes to.
 */
export class WorkspaceEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open stream; the count is bounded by connections, not by a leak.
    this.emitter.setMaxListeners(0);
  }

  /** Delivers one NOTIFY payload to the streams of its workspace; ignores malformed ones. */
  handlePayload(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice) return;
    if ('type' in notice) this.emitter.emit(`tasks:${notice.workspaceId}`, notice);
    else this.emitter.emit(`workspace:${notice.workspaceId}`, notice);
  }

  /**
   * Calls `onNotice` for each item recorded in `workspaceId`, `onTaskNotice` (when given) for each
   * task change there, and `onEnd` once; returns unsubscribe.
   */
  subscribe(
    workspaceId: string,
    onNotice: (notice: WorkspaceEventNotice) => void,
    onEnd: EndListener,
    onTaskNotice?: (notice: TaskEventNotice) => void,
  ): () => void {
    const event = `workspace:${workspaceId}`;
    const taskEvent = `tasks:${workspaceId}`;
    this.emitter.on(event, onNotice);
    if (onTaskNotice) this.emitter.on(taskEvent, onTaskNotice);
    this.emitter.on('end', onEnd);
    return () => {
      this.emitter.off(event, onNotice);
      if (onTaskNotice) this.emitter.off(taskEvent, onTaskNotice);
      this.emitter.off('end', onEnd);
    };
  }

  /** Ends every stream (they unsubscribe in their end handlers). */
  endAll(reason: 'closing' | 'resync'): void {
    this.emitter.emit('end', reason);
  }

  /** Open subscriptions, for tests and diagnostics. */
  get subscriberCount(): number {
    return this.emitter.listenerCount('end');
  }
}

/**
 * Decorates `app.workspaceEvents` and LISTENs on `tandem_workspace_events` through the database
 * handle. After a lost LISTEN connection comes back, open streams are ended so browsers reconnect
 * with Last-Event-ID and catch up on what was missed. Streams end before the server closes
 * (preClose), else app.close() would wait for them.
 */
async function workspaceEventsPlugin(app: FastifyInstance) {
  const events = new WorkspaceEvents();
  const unlisten = await app.database.listen(workspaceEventsChannel, (payload) => events.handlePayload(payload), {
    onError: (error) => app.log.warn({ err: error }, 'workspace events: LISTEN connection failed'),
    onReconnect: () => {
      app.log.info('workspace events: LISTEN connection restored');
      events.endAll('resync');
    },
  });
  app.decorate('workspaceEvents', events);
  app.addHook('preClose', async () => events.endAll('closing'));
  app.addHook('onClose', async () => unlisten());
}

export default fp(workspaceEventsPlugin, { name: 'workspace-events' });
