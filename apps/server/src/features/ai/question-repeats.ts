import { REPEAT_QUESTION_DAYS, type RepeatOf } from '@tandem/contract';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { questionRecipients, questionRequests } from '../../db/schema/index.js';

const DAY_MS = 24 * 60 * 60_000;
/** Two prompts sharing at least this share of their words (Jaccard) ask the same thing. */
const SAME_QUESTION_OVERLAP = 0.8;

/** A prompt as compared: lower case, accents and punctuation gone, words split on spaces. */
export function promptWords(prompt: string): string[] {
  return prompt
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/**
 * Whether two prompts ask the same question (issue #11 repeats): equal once normalised
 * ({@link promptWords}), or sharing at least 80% of their distinct words.
 */
export function isSameQuestion(a: string, b: string): boolean {
  const wordsA = promptWords(a);
  const wordsB = promptWords(b);
  if (wordsA.length === 0 || wordsB.length === 0) return false;
  if (wordsA.join(' ') === wordsB.join(' ')) return true;
  const setA = new Set(wordsA);
  const setB = new Set(wordsB);
  const shared = [...setA].filter((word) => setB.has(word)).length;
  return shared / (setA.size + setB.size - shared) >= SAME_QUESTION_OVERLAP;
}

interface SentQuestion {
  requestId: string;
  requestTitle: string;
  itemId: string;
  prompt: string;
  /** Per chosen contact who got it, when it was sent to them. */
  sentTo: Map<string, Date>;
}

/**
 * For each prompt, the most recent question of a SENT or CLOSED request of this workspace that was
 * sent to any of `contactIds` within {@link REPEAT_QUESTION_DAYS} days before `now` and asks the
 * same thing ({@link isSameQuestion}), with the chosen contacts who got it; null when none
 * (issue #11 "flag repeats"). `sentAt` is when the newest of them got it.
 */
export async function findRepeats(
  db: Queryable,
  input: { workspaceId: string; contactIds: string[]; prompts: string[]; now?: Date },
): Promise<(RepeatOf | null)[]> {
  if (input.contactIds.length === 0) return input.prompts.map(() => null);
  const since = new Date((input.now ?? new Date()).getTime() - REPEAT_QUESTION_DAYS * DAY_MS);
  const rows = await db
    .select({
      requestId: questionRequests.id,
      title: questionRequests.title,
      items: questionRequests.items,
      contactId: questionRecipients.contactId,
      sentAt: questionRecipients.sentAt,
    })
    .from(questionRecipients)
    .innerJoin(questionRequests, eq(questionRequests.id, questionRecipients.requestId))
    .where(
      and(
        eq(questionRecipients.workspaceId, input.workspaceId),
        eq(questionRequests.workspaceId, input.workspaceId),
        inArray(questionRequests.status, ['SENT', 'CLOSED']),
        inArray(questionRecipients.contactId, input.contactIds),
        gte(questionRecipients.sentAt, since),
      ),
    );
  const sent = new Map<string, SentQuestion>();
  for (const row of rows) {
    for (const item of row.items) {
      const key = `${row.requestId}:${item.id}`;
      const question = sent.get(key) ?? {
        requestId: row.requestId,
        requestTitle: row.title,
        itemId: item.id,
        prompt: item.prompt,
        sentTo: new Map(),
      };
      const previous = question.sentTo.get(row.contactId);
      if (!previous || previous < row.sentAt) question.sentTo.set(row.contactId, row.sentAt);
      sent.set(key, question);
    }
  }
  const latest = (question: SentQuestion) => Math.max(...[...question.sentTo.values()].map((date) => date.getTime()));
  return input.prompts.map((prompt) => {
    const [match] = [...sent.values()].filter((question) => isSameQuestion(prompt, question.prompt)).sort((a, b) => latest(b) - latest(a));
    if (!match) return null;
    return {
      requestId: match.requestId,
      requestTitle: match.requestTitle,
      itemId: match.itemId,
      prompt: match.prompt,
      sentAt: new Date(latest(match)).toISOString(),
      contactIds: input.contactIds.filter((id) => match.sentTo.has(id)),
    };
  });
}
