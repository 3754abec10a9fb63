import { z } from 'zod';
import { can } from '@tandem/contract';
import type { EventTypeDefinition } from '../../events/event-bus.js';

/** A `contact` event needs no audience hint: who may see contacts depends on the member type only. */
const ContactAudienceSchema = z.object({});
export type ContactAudience = z.infer<typeof ContactAudienceSchema>;

declare module '../../events/event-bus.js' {
  interface EventAudiences {
    contact: ContactAudience;
  }
}

/**
 * The `contact` event type on the bus (contract contacts.ts ContactEvent): heard by members who may
 * see contacts (PRODUCT §6 contacts/questions row: not GUESTs).
 */
export const contactEvents: EventTypeDefinition<'contact'> = {
  type: 'contact',
  audience: ContactAudienceSchema,
  mayReceive: async (_db, viewer) => can(viewer.workspaceMemberType, 'viewQuestions'),
};
