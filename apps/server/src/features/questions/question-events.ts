import { z } from 'zod';
import { can } from '@tandem/contract';
import type { EventTypeDefinition } from '../../events/event-bus.js';

/** A `question` event needs no audience hint: who may see questions depends on the member type only. */
export const QuestionsAudienceSchema = z.object({});
export type QuestionsAudience = z.infer<typeof QuestionsAudienceSchema>;

declare module '../../events/event-bus.js' {
  interface EventAudiences {
    question: QuestionsAudience;
  }
}

/**
 * The `question` event type on the bus (contract questions.ts QuestionEvent): heard by members who
 * may see questions (PRODUCT §6 contacts/questions row: not GUESTs).
 */
export const questionEvents: EventTypeDefinition<'question'> = {
  type: 'question',
  audience: QuestionsAudienceSchema,
  mayReceive: async (_db, viewer) => can(viewer.workspaceMemberType, 'viewQuestions'),
};
