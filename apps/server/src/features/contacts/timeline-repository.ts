import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { answerText, type TimelineEntry, type TimelinePage } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import {
  chatMessages,
  people,
  publicLinks,
  questionAnswers,
  questionRecipients,
  questionRequests,
  workspaceMembers,
  workspaces,
} from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { isActiveSql } from '../../public/public-links.js';
import { findChatMessagesByIds } from './chat-repository.js';

// Reading the question_* tables from the contacts feature is accepted for now (issue #10): the
// timeline and the chat's answer link are views of a contact's recipients.

/** A recipient's answer page that opens now, with what a follow-up mail names. */
export interface AnswerLink {
  linkId: string;
  requestId: string;
  requestTitle: string;
  workspaceName: string;
  isActive: boolean;
}

/**
 * The answer link of `contactId` a follow-up points to (issue #10 chat): that of `requestId`
 * when given (undefined when they are not its recipient; `isActive` tells whether it opens),
 * else their newest link that opens now (decision 012's isActive rule), or undefined.
 */
export async function findAnswerLink(
  db: Queryable,
  workspaceId: string,
  contactId: string,
  requestId: string | undefined,
): Promise<AnswerLink | undefined> {
  const [row] = await db
    .select({
      linkId: questionRecipients.linkId,
      requestId: questionRecipients.requestId,
      requestTitle: questionRequests.title,
      workspaceName: workspaces.name,
      isActive: isActiveSql,
    })
    .from(questionRecipients)
    .innerJoin(questionRequests, eq(questionRequests.id, questionRecipients.requestId))
    .innerJoin(publicLinks, eq(publicLinks.id, questionRecipients.linkId))
    .innerJoin(workspaces, eq(workspaces.id, publicLinks.workspaceId))
    .where(
      and(
        eq(questionRecipients.workspaceId, workspaceId),
        eq(questionRecipients.contactId, contactId),
        requestId === undefined ? isActiveSql : eq(questionRecipients.requestId, requestId),
      ),
    )
    .orderBy(desc(questionRecipients.sentAt), desc(questionRecipients.id))
    .limit(1);
  return row;
}

const TimelineCursorSchema = (contactId: string) =>
  z.tuple([z.literal(contactId), z.iso.datetime(), z.string().regex(/^(sent|answers|message):[0-9a-f-]{36}$/)]);

interface EntryKey {
  kind: TimelineEntry['kind'];
  id: string;
  at: Date;
  refId: string;
}

/**
 * One page of a contact's timeline, newest first (issue #10 "one timeline per contact merging
 * requests sent, answers and free messages"): one REQUEST_SENT per recipient row (at = sentAt),
 * one ANSWERS per recipient with at least one answer (at = lastAnsweredAt) and one MESSAGE per
 * chat message. The page's keys come from one UNION ALL ordered by (at, id) desc with a keyset
 * cursor; its details from at most three bounded queries (recipients, answers, messages of the
 * page only).
 * @throws 400 errorData.cursor for a cursor of another list or contact.
 */
export async function findTimeline(
  db: Queryable,
  workspaceId: string,
  contactId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<TimelinePage> {
  const cursor = page.cursor === undefined ? undefined : decodeCursor(page.cursor, 'timeline', TimelineCursorSchema(contactId));
  const before = cursor ? sql`where (entry.at, entry.id collate "C") < (${cursor[1]}::timestamptz, ${cursor[2]} collate "C")` : sql``;
  const result = await db.execute<{ kind: TimelineEntry['kind']; id: string; at: string; ref_id: string }>(sql`
    select entry.kind, entry.id, to_char(entry.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, entry.ref_id from (
      select 'REQUEST_SENT' as kind, 'sent:' || r.id::text as id, r.sent_at as at, r.id as ref_id
        from ${questionRecipients} r
        where r.workspace_id = ${workspaceId} and r.contact_id = ${contactId}
      union all
      select 'ANSWERS', 'answers:' || r.id::text, r.last_answered_at, r.id
        from ${questionRecipients} r
        where r.workspace_id = ${workspaceId} and r.contact_id = ${contactId} and r.last_answered_at is not null
          and exists (select 1 from ${questionAnswers} a where a.workspace_id = r.workspace_id and a.recipient_id = r.id)
      union all
      select 'MESSAGE', 'message:' || m.id::text, m.created_at, m.id
        from ${chatMessages} m
        where m.workspace_id = ${workspaceId} and m.contact_id = ${contactId}
    ) as entry
    ${before}
    order by entry.at desc, entry.id collate "C" desc
    limit ${page.limit + 1}`);
  const keys: EntryKey[] = result.rows.map((row) => ({ kind: row.kind, id: row.id, at: new Date(row.at), refId: row.ref_id }));
  const shown = keys.slice(0, page.limit);
  const items = await hydrate(db, workspaceId, shown);
  const last = shown.at(-1);
  return {
    items,
    nextCursor: keys.length > page.limit && last ? encodeCursor('timeline', [contactId, last.at.toISOString(), last.id]) : null,
  };
}

/** The entries of `keys` with their details, in the keys' order. */
async function hydrate(db: Queryable, workspaceId: string, keys: EntryKey[]): Promise<TimelineEntry[]> {
  const recipientIds = [...new Set(keys.filter((key) => key.kind !== 'MESSAGE').map((key) => key.refId))];
  const answerRecipientIds = [...new Set(keys.filter((key) => key.kind === 'ANSWERS').map((key) => key.refId))];
  const messageIds = keys.filter((key) => key.kind === 'MESSAGE').map((key) => key.refId);

  const recipients =
    recipientIds.length === 0
      ? []
      : await db
          .select({
            id: questionRecipients.id,
            requestId: questionRecipients.requestId,
            title: questionRequests.title,
            items: questionRequests.items,
            sentByMemberId: workspaceMembers.id,
            firstName: people.firstName,
            lastName: people.lastName,
          })
          .from(questionRecipients)
          .innerJoin(questionRequests, eq(questionRequests.id, questionRecipients.requestId))
          .leftJoin(workspaceMembers, eq(workspaceMembers.id, questionRecipients.sentByMemberId))
          .leftJoin(people, eq(people.id, workspaceMembers.personId))
          .where(and(eq(questionRecipients.workspaceId, workspaceId), inArray(questionRecipients.id, recipientIds)));
  const recipientById = new Map(recipients.map((row) => [row.id, row]));

  const answers =
    answerRecipientIds.length === 0
      ? []
      : await db
          .select({
            recipientId: questionAnswers.recipientId,
            itemId: questionAnswers.itemId,
            value: questionAnswers.value,
            late: questionAnswers.late,
          })
          .from(questionAnswers)
          .where(and(eq(questionAnswers.workspaceId, workspaceId), inArray(questionAnswers.recipientId, answerRecipientIds)));
  const messages = new Map((await findChatMessagesByIds(db, workspaceId, messageIds)).map((message) => [message.id, message]));

  return keys.flatMap((key): TimelineEntry[] => {
    const at = key.at.toISOString();
    if (key.kind === 'MESSAGE') {
      const message = messages.get(key.refId);
      return message ? [{ kind: 'MESSAGE', id: key.id, at, message }] : [];
    }
    const recipient = recipientById.get(key.refId);
    if (!recipient) return [];
    if (key.kind === 'REQUEST_SENT') {
      return [
        {
          kind: 'REQUEST_SENT',
          id: key.id,
          at,
          requestId: recipient.requestId,
          requestTitle: recipient.title,
          recipientId: recipient.id,
          sentBy:
            recipient.sentByMemberId && recipient.firstName !== null && recipient.lastName !== null
              ? { memberId: recipient.sentByMemberId, firstName: recipient.firstName, lastName: recipient.lastName }
              : null,
        },
      ];
    }
    // Answers in the request's item order; an answer to an item no longer in the request is left out.
    const mine = answers.filter((answer) => answer.recipientId === recipient.id);
    return [
      {
        kind: 'ANSWERS',
        id: key.id,
        at,
        requestId: recipient.requestId,
        requestTitle: recipient.title,
        recipientId: recipient.id,
        answers: recipient.items.flatMap((item) => {
          const answer = mine.find((candidate) => candidate.itemId === item.id);
          return answer ? [{ itemId: item.id, prompt: item.prompt, text: answerText(item, answer.value), late: answer.late }] : [];
        }),
      },
    ];
  });
}
