import {
  CONTACT_TAGS_MAX,
  type CreateContactBody,
  type ImportContactsBody,
  type ImportResult,
  type ImportRow,
  type ImportRowOutcome,
} from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { assertAllowed, loadMembership, type MemberRow } from '../../permissions/membership.js';
import { readContactsCsv, validateRow, type CsvRow } from './contacts-csv.js';
import { findContactsByEmail, insertContacts, updateContactRow, type ContactRow, type ContactWrite } from './contacts-repository.js';
import { announceContact, contactFieldsOf, withEmailGuard } from './contacts-service.js';

/**
 * After an import, one `contact` event per created or merged contact when there are at most this
 * many; a larger import announces nothing (a flood of events helps no open screen: lists re-read
 * on their next fetch, and the importer's screen refreshes itself).
 */
export const IMPORT_EVENTS_MAX = 20;

/** Where a row's contact lives: an existing contact, or a creation of this file (its index in `creates`). */
type Target = { kind: 'existing'; row: ContactRow; write: ContactWrite } | { kind: 'new'; index: number };

interface Plan {
  rows: ImportRow[];
  /** The contacts to create, in row order, as they stand after every row merged into them. */
  creates: CreateContactBody[];
  /** The existing contacts to change, by id, with everything the rows merged into them. */
  merges: Map<string, { row: ContactRow; write: ContactWrite }>;
}

/** The fields a MERGE writes: the row's non-empty fields; tags added to those already there. */
function mergeInto(tags: string[], row: CreateContactBody): { write: ContactWrite; tags: string[] } {
  const { tags: added = [], ...fields } = row;
  return { write: fields, tags: [...new Set([...tags, ...added])] };
}

const tooManyTags = `A person can have at most ${CONTACT_TAGS_MAX} tags.`;

/**
 * Decides every row's outcome (issue #10 import): ERROR for a row that fails CreateContactBody
 * (errors per field) or would leave a person with too many tags; a row whose email belongs to a
 * current contact or to an earlier row of the file is a duplicate: SKIP leaves it, MERGE writes
 * its non-empty fields over the contact's and adds its tags; any other row is a CREATE.
 */
async function planImport(tx: Queryable, workspaceId: string, csvRows: CsvRow[], mode: ImportContactsBody['duplicates']): Promise<Plan> {
  const checked = csvRows.map((csvRow) => ({ csvRow, result: validateRow(csvRow.cells) }));
  const emails = checked.flatMap(({ result }) => ('body' in result && result.body.email ? [result.body.email] : []));
  const existing = await findContactsByEmail(tx, workspaceId, emails);
  const plan: Plan = { rows: [], creates: [], merges: new Map() };
  const targets = new Map<string, Target>();

  for (const { csvRow, result } of checked) {
    const cells = csvRow.cells;
    const base = {
      row: csvRow.row,
      firstName: cells.firstName ?? '',
      lastName: cells.lastName ?? '',
      email: cells.email ? cells.email.toLowerCase() : null,
      company: cells.company ?? '',
    };
    const settle = (outcome: ImportRowOutcome, errors: Record<string, string> = {}, contactId: string | null = null) =>
      plan.rows.push({ ...base, outcome, errors, contactId });

    if (csvRow.shapeError) {
      settle('ERROR', { row: csvRow.shapeError });
      continue;
    }
    if ('errors' in result) {
      settle('ERROR', result.errors);
      continue;
    }
    const body = result.body;
    const email = body.email ?? null;
    let target = email === null ? undefined : targets.get(email);
    if (email !== null && target === undefined) {
      const owner = existing.get(email);
      if (owner) {
        target = { kind: 'existing', row: owner, write: {} };
        targets.set(email, target);
      }
    }
    if (target === undefined) {
      plan.creates.push(body);
      if (email !== null) targets.set(email, { kind: 'new', index: plan.creates.length - 1 });
      settle('CREATE');
      continue;
    }
    const contactId = target.kind === 'existing' ? target.row.id : null;
    if (mode === 'SKIP') {
      settle('SKIP', {}, contactId);
      continue;
    }
    if (target.kind === 'existing') {
      const merged = mergeInto(target.write.tags ?? target.row.tags, body);
      if (merged.tags.length > CONTACT_TAGS_MAX) {
        settle('ERROR', { tags: tooManyTags });
        continue;
      }
      target.write = { ...target.write, ...merged.write, tags: merged.tags };
      plan.merges.set(target.row.id, { row: target.row, write: target.write });
    } else {
      const pending = plan.creates[target.index]!;
      const merged = mergeInto(pending.tags ?? [], body);
      if (merged.tags.length > CONTACT_TAGS_MAX) {
        settle('ERROR', { tags: tooManyTags });
        continue;
      }
      plan.creates[target.index] = { ...pending, ...merged.write, tags: merged.tags };
    }
    settle('MERGE', {}, contactId);
  }
  return plan;
}

function resultOf(dryRun: boolean, rows: ImportRow[]): ImportResult {
  const counts = { CREATE: 0, MERGE: 0, SKIP: 0, ERROR: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  return { dryRun, rows, counts };
}

/** 400 VALIDATION_FAILED naming every bad row: errorData `{ "row N": "field: message; …" }`. */
function badRows(rows: ImportRow[]): AppError {
  const bad = rows.filter((row) => row.outcome === 'ERROR');
  const errorData = Object.fromEntries(
    bad.map((row) => [
      `row ${row.row}`,
      Object.entries(row.errors)
        .map(([field, message]) => (field === 'row' ? message : `${field}: ${message}`))
        .join('; '),
    ]),
  );
  const message =
    bad.length === 1
      ? `Row ${bad[0]!.row} needs attention; nothing was imported.`
      : `${bad.length} rows need attention; nothing was imported.`;
  return new AppError('VALIDATION_FAILED', message, errorData);
}

async function writePlan(tx: Queryable, workspaceId: string, member: MemberRow, plan: Plan): Promise<string[]> {
  const created = await insertContacts(
    tx,
    plan.creates.map((body) => ({ ...contactFieldsOf(body), workspaceId, createdByMemberId: member.id })),
  );
  for (const [contactId, { write }] of plan.merges) await updateContactRow(tx, workspaceId, contactId, write);
  if (created.length + plan.merges.size <= IMPORT_EVENTS_MAX) {
    for (const contactId of created) await announceContact(tx, { workspaceId, contactId, action: 'created', actorMemberId: member.id });
    for (const contactId of plan.merges.keys())
      await announceContact(tx, { workspaceId, contactId, action: 'updated', actorMemberId: member.id });
  }
  return created;
}

/**
 * Imports contacts from CSV (issue #10; contract ImportContactsBody / ImportResult). `dryRun`
 * answers every row's outcome and writes nothing. A real import with any ERROR row answers 400
 * VALIDATION_FAILED with errorData `{ "row N": message }` and writes nothing; otherwise every row
 * is written in one transaction (CREATE rows answer the new contact's id as `contactId`), with
 * `contact` events per {@link IMPORT_EVENTS_MAX}.
 * @throws 403 for a USER or GUEST; 400 for the file itself (contacts-csv.ts readContactsCsv);
 * 409 EMAIL_TAKEN when a contact with a new row's email was added meanwhile.
 */
export async function importContacts(db: Database, personId: string, workspaceId: string, body: ImportContactsBody): Promise<ImportResult> {
  return withEmailGuard(
    db,
    () => {
      const message = 'Someone added a person with an email of this file meanwhile. Preview the file again.';
      return new AppError('EMAIL_TAKEN', message, { csv: message });
    },
    async (tx) => {
      const member = await loadMembership(tx, workspaceId, personId);
      assertAllowed(member, 'editQuestions');
      const csvRows = readContactsCsv(body.csv);
      const plan = await planImport(tx, workspaceId, csvRows, body.duplicates);
      if (body.dryRun) return resultOf(true, plan.rows);
      if (plan.rows.some((row) => row.outcome === 'ERROR')) throw badRows(plan.rows);
      const created = await writePlan(tx, workspaceId, member, plan);
      let next = 0;
      const rows = plan.rows.map((row) => {
        if (row.outcome !== 'CREATE') return row;
        const contactId = created[next];
        next += 1;
        return { ...row, contactId: contactId ?? null };
      });
      return resultOf(false, rows);
    },
  );
}
