import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BriefStatusSchema } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import type { EventTypeDefinition } from '../../events/event-bus.js';
import { briefVisibleTo } from '../../permissions/visibility.js';

/**
 * The audience hint of a `brief` event: the brief's statuses before and after the change, so each
 * stream can tell whether its member may see the brief (PRODUCT §6) on either side of it — a GUEST
 * hears of a brief going back to DRAFT (to drop it) and of one deleted while READY.
 */
const BriefAudienceSchema = z.object({ statuses: z.array(BriefStatusSchema).min(1) });
export type BriefAudience = z.infer<typeof BriefAudienceSchema>;

declare module '../../events/event-bus.js' {
  interface EventAudiences {
    brief: BriefAudience;
  }
}

/**
 * The `brief` event type on the bus (contract briefs.ts BriefEvent). Its audience rule is the brief
 * list's own SQL predicate (permissions/visibility.ts briefVisibleTo) over the statuses the event
 * names: a member hears of a brief they may see before or after the change.
 */
export const briefEvents: EventTypeDefinition<'brief'> = {
  type: 'brief',
  audience: BriefAudienceSchema,
  async mayReceive(db: Queryable, viewer, _event, audience) {
    const visible = sql.join(
      audience.statuses.map((status) => briefVisibleTo(viewer, status)),
      sql` or `,
    );
    const { rows } = await db.execute<{ visible: boolean }>(sql`select (${visible}) as visible`);
    return rows[0]?.visible === true;
  },
};
