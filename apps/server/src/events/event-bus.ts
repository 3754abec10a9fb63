import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { WorkspaceEventSchema, type WorkspaceEvent, type WorkspaceEventOf, type WorkspaceEventType } from '@tandem/contract';
import type { Queryable } from '../db/client.js';
import type { Viewer } from '../permissions/visibility.js';

/** The PostgreSQL NOTIFY channel every server process LISTENs on (ARCHITECTURE "scale-out"). */
export const workspaceEventsChannel = 'tandem_workspace_events';

/**
 * The audience hint each event type carries next to the event in its NOTIFY payload: what the
 * feature's audience rule needs to decide who may see the event (e.g. the task's creator and
 * assignees, which a deleted task no longer has in the database). A feature adds its entry by
 * declaration merging, next to its {@link EventTypeDefinition}:
 *
 *     declare module '../../events/event-bus.js' {
 *       interface EventAudiences { task: TaskAudience }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by features through declaration merging
export interface EventAudiences {}

/** The audience hint of `T`: its EventAudiences entry once a feature declared one. */
export type AudienceOf<T extends WorkspaceEventType> = T extends keyof EventAudiences ? EventAudiences[T] : never;

/**
 * How a feature plugs one event type of the contract's WorkspaceEvent union into the bus
 * (ARCHITECTURE "events": a feature registers, the bus never names features).
 */
export interface EventTypeDefinition<T extends WorkspaceEventType> {
  type: T;
  /** Parses the audience hint of a NOTIFY payload. */
  audience: z.ZodType<AudienceOf<T>>;
  /**
   * The feature's audience rule: whether `viewer` (membership re-read for this event) may see
   * `event`. Must use the feature's one visibility rule (permissions/visibility.ts).
   */
  mayReceive(db: Queryable, viewer: Viewer, event: WorkspaceEventOf<T>, audience: AudienceOf<T>): Promise<boolean>;
  /**
   * For events a stream can resume after a reconnection: `eventId` is sent as the SSE `id:` line,
   * and a browser reconnecting with `Last-Event-ID` gets what `replay` returns (oldest first, at
   * most `limit`, only what `viewer` may see; empty when the id is not one of this type's).
   */
  resume?: {
    eventId(event: WorkspaceEventOf<T>): string;
    replay(db: Queryable, viewer: Viewer, lastEventId: string, limit: number): Promise<WorkspaceEventOf<T>[]>;
  };
}

/** One event as the bus delivers it to a workspace's streams, with the definition that judges it. */
export interface BusMessage {
  event: WorkspaceEvent;
  audience: unknown;
  definition: EventTypeDefinition<WorkspaceEventType>;
}

/** Told when a stream must end: the app is closing, or events may have been missed. */
export type EndListener = (reason: 'closing' | 'resync') => void;

const NoticeSchema = z.object({ event: WorkspaceEventSchema, audience: z.unknown() });

/**
 * Publishes `event` to the live streams of its workspace, inside the transaction of the change it
 * describes: PostgreSQL (and PGlite) deliver a NOTIFY only when its transaction commits, so a
 * rolled-back change is never announced. The payload (event + audience hint, ids only) stays far
 * below NOTIFY's 8000-byte limit.
 */
export async function publishWorkspaceEvent<T extends WorkspaceEventType>(
  tx: Queryable,
  event: WorkspaceEventOf<T>,
  audience: AudienceOf<T>,
): Promise<void> {
  await tx.execute(sql`select pg_notify(${workspaceEventsChannel}, ${JSON.stringify({ event, audience })})`);
}

/**
 * The in-process side of the fan-out (ARCHITECTURE "events", "scale-out"): one LISTEN per process
 * feeds this bus, which parses each NOTIFY payload with the contract's union and the registered
 * type's audience schema, and hands it to the streams of its workspace.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  private readonly definitions = new Map<WorkspaceEventType, EventTypeDefinition<WorkspaceEventType>>();

  constructor(private readonly onInvalid: (payload: string) => void = () => undefined) {
    // One listener per open stream; the count is bounded by connections, not by a leak.
    this.emitter.setMaxListeners(0);
  }

  /**
   * Registers one event type (once, before the server listens).
   * @throws when the type is registered twice.
   */
  register<T extends WorkspaceEventType>(definition: EventTypeDefinition<T>): void {
    if (this.definitions.has(definition.type)) throw new Error(`event type ${definition.type} is registered twice`);
    this.definitions.set(definition.type, definition as unknown as EventTypeDefinition<WorkspaceEventType>);
  }

  /** The registered types that can resume after a reconnection. */
  resumableDefinitions(): EventTypeDefinition<WorkspaceEventType>[] {
    return [...this.definitions.values()].filter((definition) => definition.resume !== undefined);
  }

  /** Delivers one NOTIFY payload to the streams of its workspace; reports and drops invalid or unregistered ones. */
  handlePayload(payload: string): void {
    const notice = NoticeSchema.safeParse(safeJson(payload));
    const definition = notice.success ? this.definitions.get(notice.data.event.type) : undefined;
    const audience = definition?.audience.safeParse(notice.data?.audience);
    if (!notice.success || !definition || !audience?.success) {
      this.onInvalid(payload);
      return;
    }
    const message: BusMessage = { event: notice.data.event, audience: audience.data, definition };
    this.emitter.emit(`workspace:${notice.data.event.workspaceId}`, message);
  }

  /** Calls `onMessage` for each event of `workspaceId` and `onEnd` once; returns unsubscribe. */
  subscribe(workspaceId: string, onMessage: (message: BusMessage) => void, onEnd: EndListener): () => void {
    const name = `workspace:${workspaceId}`;
    this.emitter.on(name, onMessage);
    this.emitter.on('end', onEnd);
    return () => {
      this.emitter.off(name, onMessage);
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
