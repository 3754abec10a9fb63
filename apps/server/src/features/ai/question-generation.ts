import { QuestionItemInputSchema, type GeneratedQuestions, type GenerateQuestionsBody } from '@tandem/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import type { GenerationOptions, ProposedQuestion } from './ai-provider.js';
import type { AiService } from './ai-service.js';
import { findRepeats, promptWords } from './question-repeats.js';

/**
 * The proposals as valid composer items (contract QuestionItemInputSchema): invalid ones dropped
 * (a choice kind without 2–20 distinct options, an empty or too long prompt…), prompts trimmed,
 * the same prompt twice kept once, at most `count`.
 */
export function usableQuestions(proposed: ProposedQuestion[], count: number): ProposedQuestion[] {
  const seen = new Set<string>();
  const usable: ProposedQuestion[] = [];
  for (const question of proposed) {
    const parsed = QuestionItemInputSchema.safeParse(question);
    if (!parsed.success) continue;
    const key = promptWords(parsed.data.prompt).join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    const { prompt, kind, options, required } = parsed.data;
    usable.push({ prompt, kind, options, required, reason: question.reason.trim() });
    if (usable.length === count) break;
  }
  return usable;
}

/**
 * POST v1/workspaces/{id}/questions/generate (issue #11): proposes `count` questions for the goal
 * and audience. The audience the provider reads is the description plus the chosen contacts'
 * titles and companies (never their names or addresses); with contacts chosen, each proposal
 * that repeats a question one of them got within REPEAT_QUESTION_DAYS carries `repeatOf`.
 * @throws 404 (not a member), 403 (USER, GUEST: editQuestions), 400 errorData.contactIds (a contact
 *   not of this workspace or deleted), 402 PLAN_LIMIT.
 */
export async function generateQuestions(
  deps: { db: Database; ai: AiService },
  personId: string,
  workspaceId: string,
  body: GenerateQuestionsBody,
  options: GenerationOptions,
): Promise<GeneratedQuestions> {
  const member = await loadMembership(deps.db, workspaceId, personId);
  assertAllowed(member, 'editQuestions');
  const contactIds = [...new Set(body.contactIds)];
  const chosen =
    contactIds.length === 0
      ? []
      : await deps.db
          .select({ id: contacts.id, title: contacts.title, company: contacts.company })
          .from(contacts)
          .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, contactIds), isNull(contacts.deletedAt)));
  if (chosen.length !== contactIds.length) {
    const message = 'Choose people from this workspace’s contacts.';
    throw new AppError('VALIDATION_FAILED', message, { contactIds: message });
  }
  const roles = [...new Set(chosen.map((contact) => [contact.title, contact.company].filter(Boolean).join(' at ')).filter(Boolean))];
  const audience = [body.audienceDescription, ...roles].filter(Boolean).join('; ');
  const { output, provider } = await deps.ai.generate(
    {
      kind: 'QUESTIONS',
      workspaceId,
      memberId: member.id,
      run: (ai, runOptions) => ai.generateQuestions({ goal: body.goal, audience, count: body.count }, runOptions),
      check: (proposed) => (usableQuestions(proposed, body.count).length === 0 ? 'it proposed no usable question.' : null),
    },
    options,
  );
  const items = usableQuestions(output, body.count);
  const repeats = await findRepeats(deps.db, { workspaceId, contactIds, prompts: items.map((item) => item.prompt) });
  return { items: items.map((item, index) => ({ ...item, repeatOf: repeats[index] ?? null })), provider };
}
