import {
  DEFAULT_CONTACT_TIME_ZONE,
  DEFAULT_WORKING_HOURS,
  type Contact,
  type ContactEvent,
  type ContactPage,
  type CreateContactBody,
  type ListContactsQuery,
  type UpdateContactBody,
} from '@tandem/contract';
import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../../db/client.js';
import { publishWorkspaceEvent } from '../../events/event-bus.js';
import { findUniqueViolation } from '../../lib/db-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { revokePublicLink } from '../../public/public-links.js';
import { recordAuditEvent } from '../audit/index.js';
import { contactsCsvStream } from './contacts-csv.js';
import {
  CONTACT_EMAIL_INDEX,
  findContactsByEmail,
  findContactRowsBatch,
  findContacts,
  findRecipientLinks,
  getContact,
  insertContacts,
  lockCurrentContactRow,
  softDeleteContactRow,
  updateContactRow,
  type ContactRow,
  type ContactWrite,
} from './contacts-repository.js';

export const contactNotFound = () => notFound('That person');

/** 409 EMAIL_TAKEN with errorData.email (PRODUCT §2 Contact: one current contact per email and workspace). */
export function emailTaken(email: string): AppError {
  const message = `Another person of this workspace already has the email ${email}.`;
  return new AppError('EMAIL_TAKEN', message, { email: message });
}

/**
 * Runs `work` in a transaction; a unique violation of the email index (two saves racing for the
 * same email, each past the check before its write) becomes `taken()`, a 409 EMAIL_TAKEN.
 */
export async function withEmailGuard<T>(db: Database, taken: () => AppError, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (findUniqueViolation(error) === CONTACT_EMAIL_INDEX) throw taken();
    throw error;
  }
}

/**
 * Publishes a `contact` event in `tx` (heard by members who may see questions: contact-events.ts).
 * `actorMemberId` null: the contact themself (a reply from their answer page).
 */
export async function announceContact(
  tx: Queryable,
  input: { workspaceId: string; contactId: string; action: ContactEvent['action']; actorMemberId: string | null; messageId?: string },
): Promise<void> {
  await publishWorkspaceEvent<'contact'>(
    tx,
    {
      type: 'contact',
      workspaceId: input.workspaceId,
      contactId: input.contactId,
      action: input.action,
      messageId: input.messageId ?? null,
      actorMemberId: input.actorMemberId,
    },
    {},
  );
}

/** 409 EMAIL_TAKEN when another current contact of the workspace has `email`. */
async function assertEmailFree(tx: Queryable, workspaceId: string, email: string | null | undefined, exceptId?: string): Promise<void> {
  if (!email) return;
  const owners = await findContactsByEmail(tx, workspaceId, [email], exceptId);
  if (owners.size > 0) throw emailTaken(email);
}

/** A stored contact as the API shows it (after a write in `tx`). */
async function contactOf(tx: Queryable, workspaceId: string, contactId: string): Promise<Contact> {
  return (await getContact(tx, workspaceId, contactId))!;
}

/**
 * The current contacts of the workspace (issue #10 list; PRODUCT §6: members who may view
 * questions). @throws 403 for a GUEST; 404 for another workspace; 400 errorData.cursor.
 */
export async function listContacts(db: Database, personId: string, workspaceId: string, query: ListContactsQuery): Promise<ContactPage> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewQuestions');
  return findContacts(db, workspaceId, query);
}

/**
 * One contact, a former one included (deletedAt set), so answers can link to their profile.
 * @throws 403 for a GUEST; 404 for a contact of another workspace or none.
 */
export async function readContact(db: Database, personId: string, workspaceId: string, contactId: string): Promise<Contact> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewQuestions');
  const contact = await getContact(db, workspaceId, contactId);
  if (!contact) throw contactNotFound();
  return contact;
}

/** A create body with the contract's defaults filled in (PRODUCT §2 Contact; issue #10). */
export function contactFieldsOf(body: CreateContactBody): Required<Omit<ContactWrite, 'slackUserName'>> {
  return {
    firstName: body.firstName,
    lastName: body.lastName ?? '',
    email: body.email ?? null,
    title: body.title ?? '',
    company: body.company ?? '',
    timeZone: body.timeZone ?? DEFAULT_CONTACT_TIME_ZONE,
    workingHours: body.workingHours ?? DEFAULT_WORKING_HOURS,
    slackUserId: body.slackUserId || null,
    notes: body.notes ?? '',
    tags: body.tags ?? [],
  };
}

/**
 * Creates a contact (editQuestions: OWNER, EXECUTIVE, EXECUTIVEASSISTANT) with a `contact`
 * created event, in one transaction.
 * @throws 403 for a USER or GUEST; 409 EMAIL_TAKEN errorData.email.
 */
export async function createContact(db: Database, personId: string, workspaceId: string, body: CreateContactBody): Promise<Contact> {
  return withEmailGuard(
    db,
    () => emailTaken(body.email ?? ''),
    async (tx) => {
      const member = await loadMembership(tx, workspaceId, personId);
      assertAllowed(member, 'editQuestions');
      await assertEmailFree(tx, workspaceId, body.email);
      const [id] = await insertContacts(tx, [{ ...contactFieldsOf(body), workspaceId, createdByMemberId: member.id }]);
      await announceContact(tx, { workspaceId, contactId: id!, action: 'created', actorMemberId: member.id });
      return contactOf(tx, workspaceId, id!);
    },
  );
}

/**
 * Changes the fields sent of a current contact (last write wins: contacts carry no version).
 * `email` or `slackUserId` null clears them.
 * @throws 403 for a USER or GUEST; 404 for a former contact or one of another workspace; 409 EMAIL_TAKEN.
 */
export async function updateContact(
  db: Database,
  personId: string,
  workspaceId: string,
  contactId: string,
  body: UpdateContactBody,
): Promise<Contact> {
  return withEmailGuard(
    db,
    () => emailTaken(body.email ?? ''),
    async (tx) => {
      const member = await loadMembership(tx, workspaceId, personId);
      assertAllowed(member, 'editQuestions');
      const row = await lockCurrentContactRow(tx, workspaceId, contactId);
      if (!row) throw contactNotFound();
      if (body.email !== undefined && body.email !== row.email) await assertEmailFree(tx, workspaceId, body.email, contactId);
      const write: ContactWrite = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
      if (body.slackUserId === '') write.slackUserId = null;
      // The Slack user's name belongs to the confirmed match (issue #12): another id drops it.
      if (write.slackUserId !== undefined && write.slackUserId !== row.slackUserId) write.slackUserName = null;
      await updateContactRow(tx, workspaceId, contactId, write);
      await announceContact(tx, { workspaceId, contactId, action: 'updated', actorMemberId: member.id });
      return contactOf(tx, workspaceId, contactId);
    },
  );
}

/**
 * Deletes a contact softly (issue #10 "with their answers kept and shown as former contact"): in
 * one transaction, deletedAt is set, every public link of their recipients is revoked (their answer
 * pages answer 410 and no reminder reaches them; decision 012) and a `contact` deleted event goes
 * out. Their recipients, answers and thread stay.
 * @throws 403 for a USER or GUEST; 404 for a former contact or one of another workspace.
 */
export async function deleteContact(db: Database, personId: string, workspaceId: string, contactId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editQuestions');
    const row = await lockCurrentContactRow(tx, workspaceId, contactId);
    if (!row) throw contactNotFound();
    await softDeleteContactRow(tx, workspaceId, contactId);
    for (const recipient of await findRecipientLinks(tx, workspaceId, contactId)) {
      await revokePublicLink(tx, {
        workspaceId,
        subjectType: 'RECIPIENT',
        subjectId: recipient.recipientId,
        linkId: recipient.linkId,
        memberId: member.id,
      });
    }
    await announceContact(tx, { workspaceId, contactId, action: 'deleted', actorMemberId: member.id });
  });
}

/** Who exports, for the audit trail (PRODUCT §5: both identities under impersonation). */
export interface ContactsActor {
  personId: string;
  impersonatorId: string | null;
  ip: string;
}

/** Contacts read per query while exporting. */
const EXPORT_BATCH = 500;

/**
 * The current contacts of the workspace as a CSV stream (issue #10 export; contacts-csv.ts), read
 * in batches of {@link EXPORT_BATCH} in list order. Former contacts are left out. The export is
 * audited as CONTACTS_EXPORTED before the file goes out.
 * @throws 403 for a GUEST; 404 for another workspace.
 */
export async function exportContacts(db: Database, actor: ContactsActor, workspaceId: string): Promise<Readable> {
  const member = await loadMembership(db, workspaceId, actor.personId);
  assertAllowed(member, 'viewQuestions');
  await recordAuditEvent(db, {
    action: 'CONTACTS_EXPORTED',
    actorPersonId: actor.personId,
    impersonatorPersonId: actor.impersonatorId,
    workspaceId,
    target: 'contacts.csv',
    ip: actor.ip,
  });
  return contactsCsvStream(
    (async function* () {
      let after: ContactRow | undefined;
      for (;;) {
        const batch = await findContactRowsBatch(db, workspaceId, after, EXPORT_BATCH);
        if (batch.length > 0) yield batch;
        if (batch.length < EXPORT_BATCH) return;
        after = batch.at(-1);
      }
    })(),
  );
}
