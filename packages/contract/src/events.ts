import { z } from 'zod';
import { ActivityEventSchema } from './activity.js';
import { BriefEventSchema } from './briefs.js';
import { ContactEventSchema } from './contacts.js';
import { QuestionEventSchema } from './questions.js';
import { SlackEventSchema } from './slack.js';
import { SummaryEventSchema } from './summaries.js';
import { TaskEventSchema } from './tasks.js';

/**
 * Every event a workspace's live stream carries (PRODUCT §4 `events`, ARCHITECTURE "events"): one
 * discriminated union on `type`. Each member carries `workspaceId`, the subject's ids and, where
 * the subject has one, its `version`. A feature adds its event schema here; the server publishes
 * and the web parses with this union, so nothing on the wire is parsed by hand.
 *
 * On the wire (GET v1/workspaces/{id}/events, text/event-stream) every event is one SSE message
 * whose `event:` field is the `type` and whose `data:` is the JSON of the event.
 */
export const WorkspaceEventSchema = z
  .discriminatedUnion('type', [
    ActivityEventSchema,
    TaskEventSchema,
    BriefEventSchema,
    QuestionEventSchema,
    ContactEventSchema,
    SummaryEventSchema,
    SlackEventSchema,
  ])
  .meta({ id: 'WorkspaceEvent' });
export type WorkspaceEvent = z.infer<typeof WorkspaceEventSchema>;
export type WorkspaceEventType = WorkspaceEvent['type'];
/** The event of one `type`, e.g. `WorkspaceEventOf<'task'>`. */
export type WorkspaceEventOf<T extends WorkspaceEventType> = Extract<WorkspaceEvent, { type: T }>;
/** Every `type` of the union, in the order the schemas are listed. */
export const workspaceEventTypes = WorkspaceEventSchema.options.map((option) => option.shape.type.value) as WorkspaceEventType[];

/**
 * Parses one event (an SSE `data:` line or a NOTIFY payload's event), or undefined when it is not a
 * valid event — e.g. a newer server's type this client does not know yet.
 */
export function parseWorkspaceEvent(data: unknown): WorkspaceEvent | undefined {
  const text = typeof data === 'string' ? safeJson(data) : data;
  const result = WorkspaceEventSchema.safeParse(text);
  return result.success ? result.data : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
