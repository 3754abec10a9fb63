import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.js';
import type { EventTypeDefinition } from '../../events/event-bus.js';
import { taskVisibleTo } from '../../permissions/visibility.js';

/**
 * The audience hint of a `task` event: the task's creator and its assignees before and after the
 * change, so each stream can decide whether its member may see the task (PRODUCT §6) even once the
 * task is deleted or reassigned away.
 */
const TaskAudienceSchema = z.object({ createdByMemberId: z.uuid().nullable(), assigneeMemberIds: z.array(z.uuid()) });
export type TaskAudience = z.infer<typeof TaskAudienceSchema>;

declare module '../../events/event-bus.js' {
  interface EventAudiences {
    task: TaskAudience;
  }
}

/**
 * The `task` event type on the bus (contract tasks.ts TaskEvent). Its audience rule is the task
 * list's own SQL predicate (permissions/visibility.ts taskVisibleTo) over the parties the event
 * names: a member hears of a task they may see before or after the change.
 */
export const taskEvents: EventTypeDefinition<'task'> = {
  type: 'task',
  audience: TaskAudienceSchema,
  async mayReceive(db: Queryable, viewer, _event, audience) {
    const assignees = audience.assigneeMemberIds.length > 0 ? audience.assigneeMemberIds : [null];
    const visible = sql.join(
      assignees.map((assigneeMemberId) => taskVisibleTo(viewer, { createdByMemberId: audience.createdByMemberId, assigneeMemberId })),
      sql` or `,
    );
    const { rows } = await db.execute<{ visible: boolean }>(sql`select (${visible}) as visible`);
    return rows[0]?.visible === true;
  },
};
