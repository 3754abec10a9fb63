import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Contact, ContactPage, ListContactsQuery, WorkingHours } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { contacts, questionRecipients } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { toPrefixQuery } from '../../lib/text-search.js';

/** A stored contact row (without the generated search vector). */
export type ContactRow = Omit<typeof contacts.$inferSelect, 'search'>;

const rowColumns = {
  id: contacts.id,
  workspaceId: contacts.workspaceId,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  title: contacts.title,
  company: contacts.company,
  timeZone: contacts.timeZone,
  workingHours: contacts.workingHours,
  slackUserId: contacts.slackUserId,
  slackUserName: contacts.slackUserName,
  notes: contacts.notes,
  tags: contacts.tags,
  deletedAt: contacts.deletedAt,
  createdByMemberId: contacts.createdByMemberId,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

// Reading the question_* tables from the contacts feature is accepted for now (issue #10 lead's
// call): the two figures of a contact come from their recipients, in the same statement as the
// contacts themselves (correlated subqueries over question_recipients_workspace_contact_idx).
// Written with explicit aliases: Drizzle leaves columns unqualified in a one-table select list.
const openRequestsSql = sql<number>`(select count(*)::int from question_recipients qr
  inner join question_requests qq on qq.id = qr.request_id and qq.workspace_id = qr.workspace_id
  where qr.workspace_id = "contacts"."workspace_id" and qr.contact_id = "contacts"."id"
    and qr.state <> 'ANSWERED' and qq.status = 'SENT')`;

const lastAnsweredAtSql = sql<Date | null>`(select max(qr.last_answered_at) from question_recipients qr
  where qr.workspace_id = "contacts"."workspace_id" and qr.contact_id = "contacts"."id")`.mapWith(questionRecipients.lastAnsweredAt);

const contactColumns = { ...rowColumns, openRequests: openRequestsSql, lastAnsweredAt: lastAnsweredAtSql };

type ContactWithFigures = ContactRow & { openRequests: number; lastAnsweredAt: Date | null };

function toContact(row: ContactWithFigures): Contact {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    title: row.title,
    company: row.company,
    timeZone: row.timeZone,
    workingHours: row.workingHours,
    slackUserId: row.slackUserId,
    slackUserName: row.slackUserName,
    notes: row.notes,
    tags: row.tags,
    openRequests: Number(row.openRequests),
    lastAnsweredAt: row.lastAnsweredAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ofWorkspace = (workspaceId: string) => eq(contacts.workspaceId, workspaceId);
const notDeleted = isNull(contacts.deletedAt);

/** One contact of `workspaceId` as the API shows it, former contacts included; undefined when absent. */
export async function getContact(db: Queryable, workspaceId: string, contactId: string): Promise<Contact | undefined> {
  const [row] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(ofWorkspace(workspaceId), eq(contacts.id, contactId)));
  return row ? toContact(row) : undefined;
}

/**
 * The stored row of a current (not deleted) contact of `workspaceId`, locked FOR UPDATE until the
 * transaction ends; undefined for an absent or former contact.
 */
export async function lockCurrentContactRow(tx: Queryable, workspaceId: string, contactId: string): Promise<ContactRow | undefined> {
  const [row] = await tx
    .select(rowColumns)
    .from(contacts)
    .where(and(ofWorkspace(workspaceId), eq(contacts.id, contactId), notDeleted))
    .for('update');
  return row;
}

/** The stored row of a contact of `workspaceId` (former ones included), locked FOR SHARE; undefined when absent. */
export async function shareLockContactRow(tx: Queryable, workspaceId: string, contactId: string): Promise<ContactRow | undefined> {
  const [row] = await tx
    .select(rowColumns)
    .from(contacts)
    .where(and(ofWorkspace(workspaceId), eq(contacts.id, contactId)))
    .for('share');
  return row;
}

/**
 * The current contacts of `workspaceId` owning one of `emails` (lower-case), by email. With
 * `exceptId`, that contact is left out (its own email is no clash).
 */
export async function findContactsByEmail(
  db: Queryable,
  workspaceId: string,
  emails: string[],
  exceptId?: string,
): Promise<Map<string, ContactRow>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select(rowColumns)
    .from(contacts)
    .where(
      and(
        ofWorkspace(workspaceId),
        notDeleted,
        inArray(contacts.email, [...new Set(emails)]),
        exceptId === undefined ? undefined : sql`${contacts.id} <> ${exceptId}::uuid`,
      ),
    );
  return new Map(rows.map((row) => [row.email!, row]));
}

/** The columns a create or an update writes. */
export interface ContactWrite {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  title?: string;
  company?: string;
  timeZone?: string;
  workingHours?: WorkingHours;
  slackUserId?: string | null;
  /** The matched Slack user's name (issue #12), written with the match. */
  slackUserName?: string | null;
  notes?: string;
  tags?: string[];
}

export type NewContact = Required<Omit<ContactWrite, 'slackUserName'>> & { workspaceId: string; createdByMemberId: string };

/** The unique index that keeps an email to one current contact per workspace (PRODUCT §2 Contact). */
export const CONTACT_EMAIL_INDEX = 'contacts_workspace_email_key';

/** Inserts contacts in one statement; returns their ids in the order given. */
export async function insertContacts(tx: Queryable, rows: NewContact[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(contacts).values(rows).returning({ id: contacts.id });
  return inserted.map((row) => row.id);
}

/** Applies `write` to a contact of `workspaceId` (updatedAt now). */
export async function updateContactRow(tx: Queryable, workspaceId: string, contactId: string, write: ContactWrite): Promise<void> {
  await tx
    .update(contacts)
    .set({ ...write, updatedAt: sql`now()` })
    .where(and(ofWorkspace(workspaceId), eq(contacts.id, contactId)));
}

/** Marks a contact former (deletedAt now); their recipients, answers and thread stay. */
export async function softDeleteContactRow(tx: Queryable, workspaceId: string, contactId: string): Promise<void> {
  await tx
    .update(contacts)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(ofWorkspace(workspaceId), eq(contacts.id, contactId)));
}

/** The recipients of a contact with their public link ids (every request sent to them). */
export async function findRecipientLinks(db: Queryable, workspaceId: string, contactId: string) {
  return db
    .select({ recipientId: questionRecipients.id, linkId: questionRecipients.linkId })
    .from(questionRecipients)
    .where(and(eq(questionRecipients.workspaceId, workspaceId), eq(questionRecipients.contactId, contactId)));
}

// ---------------------------------------------------------------------------------------------
// The list (GET …/contacts)

/**
 * `q` as SQL: every word must start a word of the name, email or company (the `search` vector)
 * or start one of the tags (tags are not in the vector: see db/schema/questions.ts). Words come
 * from toPrefixQuery, so they hold letters and digits only (no LIKE wildcards).
 */
function matchesWords(q: string): SQL | undefined {
  const query = toPrefixQuery(q);
  if (query === null) return undefined;
  const words = query.split(' & ').map((term) => term.replace(/:\*$/, ''));
  return and(
    ...words.map(
      (word) =>
        sql`(${contacts.search} @@ to_tsquery('simple'::regconfig, ${`${word}:*`})
          or exists (select 1 from unnest(${contacts.tags}) as t(tag) where lower(tag) like ${`${word}%`}))`,
    ),
  );
}

/** A digest of the filters: a cursor continues only the list it came from. */
function listFingerprint(workspaceId: string, query: ListContactsQuery): string {
  const shape = JSON.stringify([workspaceId, query.q ?? '', query.tag ?? '']);
  return createHash('sha256').update(shape).digest('base64url').slice(0, 12);
}

const ListCursorSchema = (fingerprint: string) => z.tuple([z.literal(fingerprint), z.string(), z.string(), z.uuid()]);

/**
 * One page of the current contacts of `workspaceId` (issue #10): `q` word prefixes, `tag` exact,
 * sorted by last name, first name, id, keyset cursor on the three. Each with openRequests and
 * lastAnsweredAt, computed in the same statement.
 * @throws 400 errorData.cursor for a malformed cursor or one of other filters.
 */
export async function findContacts(db: Queryable, workspaceId: string, query: ListContactsQuery): Promise<ContactPage> {
  const fingerprint = listFingerprint(workspaceId, query);
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'contacts', ListCursorSchema(fingerprint));
  const rows = await db
    .select(contactColumns)
    .from(contacts)
    .where(
      and(
        ofWorkspace(workspaceId),
        notDeleted,
        query.q ? matchesWords(query.q) : undefined,
        query.tag ? sql`${query.tag} = any(${contacts.tags})` : undefined,
        cursor
          ? sql`(${contacts.lastName}, ${contacts.firstName}, ${contacts.id}) > (${cursor[1]}, ${cursor[2]}, ${cursor[3]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
    .limit(query.limit + 1);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toContact),
    nextCursor: rows.length > query.limit && last ? encodeCursor('contacts', [fingerprint, last.lastName, last.firstName, last.id]) : null,
  };
}

/**
 * Up to `limit` current contacts of `workspaceId` after (lastName, firstName, id) `after`, in
 * list order: the export reads the workspace in such batches.
 */
export async function findContactRowsBatch(
  db: Queryable,
  workspaceId: string,
  after: { lastName: string; firstName: string; id: string } | undefined,
  limit: number,
): Promise<ContactRow[]> {
  return db
    .select(rowColumns)
    .from(contacts)
    .where(
      and(
        ofWorkspace(workspaceId),
        notDeleted,
        after
          ? sql`(${contacts.lastName}, ${contacts.firstName}, ${contacts.id}) > (${after.lastName}, ${after.firstName}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
    .limit(limit);
}
