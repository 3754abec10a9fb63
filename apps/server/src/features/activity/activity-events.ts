import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import { activityItems } from '../../db/schema/index.js';
import type { EventTypeDefinition } from '../../events/event-bus.js';
import { activityOfWorkspace } from '../../permissions/visibility.js';
import { findActivityAfter } from './activity-repository.js';

/** The audience hint of an `activity` event: null = every member, else that member alone. */
const ActivityAudienceSchema = z.object({ audienceMemberId: z.uuid().nullable() });
export type ActivityAudience = z.infer<typeof ActivityAudienceSchema>;

declare module '../../events/event-bus.js' {
  interface EventAudiences {
    activity: ActivityAudience;
  }
}

/**
 * The `activity` event type on the bus (contract activity.ts ActivityEvent): its audience is the
 * feed's own visibility rule (permissions/visibility.ts activityVisibleTo), checked in SQL, and a
 * stream resumes from the last item id it delivered (Last-Event-ID).
 */
export const activityEvents: EventTypeDefinition<'activity'> = {
  type: 'activity',
  audience: ActivityAudienceSchema,
  async mayReceive(db: Queryable, viewer, event, audience) {
    if (audience.audienceMemberId !== null && audience.audienceMemberId !== viewer.memberId) return false;
    const [row] = await db
      .select({ id: activityItems.id })
      .from(activityItems)
      .where(and(activityOfWorkspace(viewer), eq(activityItems.id, event.itemId)));
    return row !== undefined;
  },
  resume: {
    eventId: (event) => event.itemId,
    async replay(db, viewer, lastEventId, limit) {
      const items = await findActivityAfter(db, viewer, lastEventId, limit);
      return items.map((item) => ({
        type: 'activity' as const,
        workspaceId: viewer.workspaceId,
        itemId: item.id,
        kind: item.kind,
        actorMemberId: item.actor?.memberId ?? null,
      }));
    },
  },
};
