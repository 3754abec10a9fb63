import { DEFAULT_WORKING_HOURS, type AnswerValue, type ItemKind, type QuestionItem } from '@tandem/contract';
import { eq, sql } from 'drizzle-orm';
import { aiGenerations, contacts, questionAnswers, questionRequests } from '../../db/schema/index.js';
import type { TestApp } from '../../test/test-app.js';
import type { SentRequest } from '../../test/question-fixtures.js';
import type { SignedInMember } from '../../test/workspace-fixtures.js';

/** The AI routes of issue #11 (under /api). */
export const aiUrls = {
  status: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/ai`,
  generate: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/questions/generate`,
  draft: (workspaceId: string, briefId: string) => `/api/v1/workspaces/${workspaceId}/briefs/${briefId}/draft`,
};

/** How many AI generations the workspace has (all months). */
export async function countGenerations(t: TestApp, workspaceId: string): Promise<number> {
  const [row] = await t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(aiGenerations)
    .where(eq(aiGenerations.workspaceId, workspaceId));
  return row?.count ?? 0;
}

/** Writes `count` generations of this month for the workspace (a used-up FREE quota is 20). */
export async function insertGenerations(t: TestApp, workspaceId: string, count: number): Promise<void> {
  await t.db.insert(aiGenerations).values(Array.from({ length: count }, () => ({ workspaceId, kind: 'QUESTIONS' as const })));
}

/** A contact of `owner`'s workspace with a role (what the audience text is made of). */
export async function createContact(
  t: TestApp,
  owner: SignedInMember,
  input: { firstName: string; title?: string; company?: string; deleted?: boolean },
): Promise<string> {
  const [row] = await t.db
    .insert(contacts)
    .values({
      workspaceId: owner.workspaceId,
      firstName: input.firstName,
      title: input.title ?? '',
      company: input.company ?? '',
      timeZone: 'UTC',
      workingHours: DEFAULT_WORKING_HOURS,
      deletedAt: input.deleted ? new Date() : null,
    })
    .returning({ id: contacts.id });
  return row!.id;
}

/** Records an answer of the request's `recipientIndex`-th recipient to `item`; returns its id. */
export async function insertAnswer(
  t: TestApp,
  request: SentRequest,
  recipientIndex: number,
  item: QuestionItem,
  value: AnswerValue,
): Promise<string> {
  const [workspace] = await t.db
    .select({ id: questionRequests.workspaceId })
    .from(questionRequests)
    .where(eq(questionRequests.id, request.requestId));
  const [row] = await t.db
    .insert(questionAnswers)
    .values({
      workspaceId: workspace!.id,
      requestId: request.requestId,
      recipientId: request.recipients[recipientIndex]!.id,
      itemId: item.id,
      value,
      via: 'LINK',
    })
    .returning({ id: questionAnswers.id });
  return row!.id;
}

/** One open-text item. */
export const openItem = (prompt: string): QuestionItem => ({
  id: crypto.randomUUID(),
  prompt,
  kind: 'OPEN_TEXT' as ItemKind,
  options: [],
  required: true,
});
