import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ChatMessage, ChatVia } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { chatMessages, people, workspaceMembers } from '../../db/schema/index.js';

/** The fields of a message to write (PRODUCT §2 ChatMessage). */
export interface NewChatMessage {
  workspaceId: string;
  contactId: string;
  /** null for the contact's own reply. */
  authorMemberId: string | null;
  body: string;
  via: ChatVia;
  requestId: string | null;
}

const messageColumns = {
  id: chatMessages.id,
  contactId: chatMessages.contactId,
  authorType: chatMessages.authorType,
  authorMemberId: chatMessages.authorMemberId,
  firstName: people.firstName,
  lastName: people.lastName,
  body: chatMessages.body,
  via: chatMessages.via,
  requestId: chatMessages.requestId,
  createdAt: chatMessages.createdAt,
};

type MessageRow = {
  id: string;
  contactId: string;
  authorType: 'MEMBER' | 'CONTACT';
  authorMemberId: string | null;
  firstName: string | null;
  lastName: string | null;
  body: string;
  via: ChatVia;
  requestId: string | null;
  createdAt: Date;
};

function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    contactId: row.contactId,
    authorType: row.authorType,
    member:
      row.authorMemberId && row.firstName !== null && row.lastName !== null
        ? { memberId: row.authorMemberId, firstName: row.firstName, lastName: row.lastName }
        : null,
    body: row.body,
    via: row.via,
    requestId: row.requestId,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectMessages(db: Queryable) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(workspaceMembers, eq(workspaceMembers.id, chatMessages.authorMemberId))
    .leftJoin(people, eq(people.id, workspaceMembers.personId));
}

/**
 * Writes one message of a contact's thread (inside the caller's transaction) and returns it as the
 * API shows it. The caller has checked the contact belongs to `workspaceId`.
 */
export async function insertChatMessage(tx: Queryable, input: NewChatMessage): Promise<ChatMessage> {
  const [inserted] = await tx
    .insert(chatMessages)
    .values({
      workspaceId: input.workspaceId,
      contactId: input.contactId,
      authorType: input.authorMemberId === null ? 'CONTACT' : 'MEMBER',
      authorMemberId: input.authorMemberId,
      body: input.body,
      via: input.via,
      requestId: input.requestId,
    })
    .returning({ id: chatMessages.id });
  const [row] = await selectMessages(tx).where(eq(chatMessages.id, inserted!.id));
  return toChatMessage(row!);
}

/**
 * {@link findContactThread}'s read: a contact's `limit` newest messages, newest first (the public
 * answer page's; issue #13: built once, db/prepared.ts).
 */
const contactThreadStatement = preparedQuery((db) =>
  selectMessages(db)
    .where(and(eq(chatMessages.workspaceId, sql.placeholder('workspaceId')), eq(chatMessages.contactId, sql.placeholder('contactId'))))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .prepare('contact_thread'),
);

/**
 * A contact's whole thread, oldest first (the public answer page shows it below the questions;
 * at most `limit` newest messages).
 */
export async function findContactThread(db: Queryable, workspaceId: string, contactId: string, limit = 200): Promise<ChatMessage[]> {
  const rows = await contactThreadStatement(db).execute({ workspaceId, contactId, limit });
  return rows.reverse().map(toChatMessage);
}

/** Messages of `workspaceId` by id (a timeline page's), in no order. */
export async function findChatMessagesByIds(db: Queryable, workspaceId: string, ids: string[]): Promise<ChatMessage[]> {
  if (ids.length === 0) return [];
  const rows = await selectMessages(db).where(and(eq(chatMessages.workspaceId, workspaceId), inArray(chatMessages.id, ids)));
  return rows.map(toChatMessage);
}
