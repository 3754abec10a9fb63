import { z } from 'zod';
import { can, type SummaryEvent } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { publishWorkspaceEvent, type EventTypeDefinition } from '../../events/event-bus.js';

/** A `summary` event needs no audience hint: who may see summaries depends on the member type only. */
export const SummariesAudienceSchema = z.object({});
export type SummariesAudience = z.infer<typeof SummariesAudienceSchema>;

declare module '../../events/event-bus.js' {
  interface EventAudiences {
    summary: SummariesAudience;
  }
}

/**
 * The `summary` event type on the bus (contract summaries.ts SummaryEvent): heard by members who
 * may see questions and summaries (PRODUCT §6: not GUESTs), as the `question` events.
 */
export const summaryEvents: EventTypeDefinition<'summary'> = {
  type: 'summary',
  audience: SummariesAudienceSchema,
  mayReceive: async (_db, viewer) => can(viewer.workspaceMemberType, 'viewQuestions'),
};

/** Publishes a `summary` event in `tx` (delivered on commit). */
export async function announceSummary(
  tx: Queryable,
  summary: { id: string; workspaceId: string; version: number },
  action: SummaryEvent['action'],
  actorMemberId: string,
): Promise<void> {
  await publishWorkspaceEvent<'summary'>(
    tx,
    { type: 'summary', workspaceId: summary.workspaceId, summaryId: summary.id, action, version: summary.version, actorMemberId },
    {},
  );
}
