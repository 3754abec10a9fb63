import { and, count, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_IMPORT_BYTES_MAX,
  CONTACT_IMPORT_ROWS_MAX,
  contactCsvColumns,
  type Contact,
  type ContactPage,
  type ImportResult,
} from '@tandem/contract';
import { auditEvents, contacts } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { del, joinAs, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';

const t = useTestApp();

const contactsUrl = (member: SignedInMember) => `/api/v1/workspaces/${member.workspaceId}/contacts`;

const importCsv = (member: SignedInMember, body: { csv: string; dryRun?: boolean; duplicates?: 'SKIP' | 'MERGE' }) =>
  t.post(`${contactsUrl(member)}/import`, body, { token: member.token });

async function importOk(
  member: SignedInMember,
  body: { csv: string; dryRun?: boolean; duplicates?: 'SKIP' | 'MERGE' },
): Promise<ImportResult> {
  const response = await importCsv(member, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ payload: ImportResult }>().payload;
}

async function createContactAs(member: SignedInMember, body: Record<string, unknown>): Promise<Contact> {
  const response = await t.post(contactsUrl(member), body, { token: member.token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ payload: Contact }>().payload;
}

/** How many contact rows the workspace holds, former ones included (straight from the database). */
async function contactRowCount(member: SignedInMember): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(contacts).where(eq(contacts.workspaceId, member.workspaceId));
  return Number(row!.n);
}

async function listAll(member: SignedInMember): Promise<Contact[]> {
  const response = await t.get(`${contactsUrl(member)}?limit=100`, { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<{ payload: ContactPage }>().payload.items;
}

const outcomes = (result: ImportResult) => result.rows.map((row) => row.outcome);

describe('POST v1/workspaces/{id}/contacts/import', () => {
  let owner: SignedInMember;
  beforeAll(async () => {
    owner = await signUpOwner(t, { firstName: 'Imogen' });
  });

  it('previews then imports a file with a BOM, CRLF, quoted commas, line breaks and "" escapes', async () => {
    const csv =
      '\uFEFFFirst name,last_name,E-mail,Company,Tags,Notes,time zone\r\n' +
      'Ada,Byron,ADA@Analytical.test,"Engines, Ltd.",vip; board,"Likes ""precise"" numbers\r\nCall mornings",Europe/London\r\n' +
      '\r\n' +
      'Grace,Hopper,grace@navy.test,US Navy,,,\r\n' +
      'Linus,,,,,,\r\n';
    const before = await contactRowCount(owner);
    const preview = await importOk(owner, { csv });
    expect(preview.dryRun).toBe(true);
    expect(preview.counts).toEqual({ CREATE: 3, MERGE: 0, SKIP: 0, ERROR: 0 });
    expect(preview.rows[0]).toEqual({
      row: 1,
      outcome: 'CREATE',
      firstName: 'Ada',
      lastName: 'Byron',
      email: 'ada@analytical.test',
      company: 'Engines, Ltd.',
      errors: {},
      contactId: null,
    });
    expect(preview.rows.map((row) => row.row)).toEqual([1, 2, 3]);
    expect(await contactRowCount(owner)).toBe(before);

    const done = await importOk(owner, { csv, dryRun: false });
    expect(done.dryRun).toBe(false);
    expect(done.counts.CREATE).toBe(3);
    expect(done.rows.every((row) => row.contactId !== null)).toBe(true);
    expect(await contactRowCount(owner)).toBe(before + 3);
    const ada = (await listAll(owner)).find((contact) => contact.email === 'ada@analytical.test')!;
    expect(ada).toMatchObject({
      company: 'Engines, Ltd.',
      tags: ['vip', 'board'],
      notes: 'Likes "precise" numbers\r\nCall mornings',
      timeZone: 'Europe/London',
    });
    expect(ada.id).toBe(done.rows[0]!.contactId);
  });

  it('writes nothing when one row is bad: 400 VALIDATION_FAILED naming the row and field', async () => {
    const csv = 'firstName,email,timeZone\nGood,good@example.test,UTC\nBad,not-an-email,Nowhere/Land\n,blank@example.test,\n';
    const preview = await importOk(owner, { csv });
    expect(outcomes(preview)).toEqual(['CREATE', 'ERROR', 'ERROR']);
    expect(preview.rows[1]!.errors).toEqual({
      email: 'Enter an email address such as dana@example.com.',
      timeZone: 'Choose a time zone such as America/New_York.',
    });
    expect(preview.rows[2]!.errors).toEqual({ firstName: 'Enter a first name.' });
    expect(preview.counts.ERROR).toBe(2);

    const before = await contactRowCount(owner);
    const response = await importCsv(owner, { csv, dryRun: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      errorData: {
        'row 2': expect.stringContaining('email: Enter an email address'),
        'row 3': 'firstName: Enter a first name.',
      },
    });
    expect(Object.keys(response.json().errorData)).toEqual(['row 2', 'row 3']);
    expect(await contactRowCount(owner)).toBe(before);
  });

  it('marks a row with the wrong number of cells as an error', async () => {
    const preview = await importOk(owner, { csv: 'firstName,lastName\nOne,Two,Three\nFour,Five\n' });
    expect(outcomes(preview)).toEqual(['ERROR', 'CREATE']);
    expect(preview.rows[0]!.errors.row).toMatch(/3 cells; the header has 2/);
  });

  it('skips or merges duplicates by email, against existing people and within the file', async () => {
    const member = await signUpOwner(t, { firstName: 'Dupe' });
    const existing = await createContactAs(member, {
      firstName: 'Kim',
      lastName: 'Old',
      email: 'kim@example.test',
      company: 'Old Co',
      title: 'CTO',
      tags: ['a'],
    });
    const csv = [
      'firstName,lastName,email,company,title,tags',
      'Kim,New,KIM@example.test,New Co,,b',
      'Lou,First,lou@example.test,Lou Co,Boss,x',
      'Lou,,lou@example.test,,Chief,y',
      'Kim,,kim@example.test,,,c',
    ].join('\n');

    const skip = await importOk(member, { csv });
    expect(outcomes(skip)).toEqual(['SKIP', 'CREATE', 'SKIP', 'SKIP']);
    expect(skip.rows[0]!.contactId).toBe(existing.id);
    expect(skip.rows[2]!.contactId).toBeNull();

    const merge = await importOk(member, { csv, duplicates: 'MERGE' });
    expect(outcomes(merge)).toEqual(['MERGE', 'CREATE', 'MERGE', 'MERGE']);
    expect(merge.rows[0]!.contactId).toBe(existing.id);

    const before = await contactRowCount(member);
    const done = await importOk(member, { csv, duplicates: 'MERGE', dryRun: false });
    expect(done.counts).toEqual({ CREATE: 1, MERGE: 3, SKIP: 0, ERROR: 0 });
    expect(await contactRowCount(member)).toBe(before + 1);
    const people = await listAll(member);
    // Non-empty cells overwrite, empty ones leave the field as it was; tags are added.
    expect(people.find((contact) => contact.id === existing.id)).toMatchObject({
      firstName: 'Kim',
      lastName: 'New',
      company: 'New Co',
      title: 'CTO',
      tags: ['a', 'b', 'c'],
    });
    expect(people.find((contact) => contact.email === 'lou@example.test')).toMatchObject({
      lastName: 'First',
      company: 'Lou Co',
      title: 'Chief',
      tags: ['x', 'y'],
    });

    const again = await importOk(member, { csv, dryRun: false });
    expect(again.counts).toEqual({ CREATE: 0, MERGE: 0, SKIP: 4, ERROR: 0 });
    expect(await contactRowCount(member)).toBe(before + 1);
  });

  it('marks a merge that would give a person more than 20 tags as an error', async () => {
    const member = await signUpOwner(t, { firstName: 'Tagger' });
    const tags = Array.from({ length: 19 }, (_, index) => `t${index}`);
    await createContactAs(member, { firstName: 'Full', email: 'full@example.test', tags });
    const preview = await importOk(member, {
      csv: 'firstName,email,tags\nFull,full@example.test,t0;new1\nFull,full@example.test,new2;new3\n',
      duplicates: 'MERGE',
    });
    expect(outcomes(preview)).toEqual(['MERGE', 'ERROR']);
    expect(preview.rows[1]!.errors).toEqual({ tags: 'A person can have at most 20 tags.' });
  });

  it('refuses unknown columns, a missing firstName column and files beyond the limits (400)', async () => {
    const unknown = await importCsv(owner, { csv: 'firstName,Shoe size,Favourite\nA,42,blue\n' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorData['row 0']).toMatch(/"Shoe size", "Favourite"/);

    const noFirstName = await importCsv(owner, { csv: 'lastName,email\nB,b@example.test\n' });
    expect(noFirstName.statusCode).toBe(400);
    expect(noFirstName.json().errorData['row 0']).toMatch(/firstName column/);

    const tooLong = await importCsv(owner, { csv: `firstName\n${'A\n'.repeat(CONTACT_IMPORT_ROWS_MAX + 1)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errorData.csv).toMatch(/at most 1,000 people/);

    // Under the character limit, over the byte limit: multi-byte text counts by its UTF-8 bytes.
    const heavyRow = `Zoë,"${'é'.repeat(4_000)}"\n`;
    const heavy = `firstName,notes\n${heavyRow.repeat(Math.ceil(CONTACT_IMPORT_BYTES_MAX / Buffer.byteLength(heavyRow)))}`;
    expect(heavy.length).toBeLessThan(CONTACT_IMPORT_BYTES_MAX);
    const tooBig = await importCsv(owner, { csv: heavy });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errorData.csv).toMatch(/at most 512 KB/);

    const notCsv = await importCsv(owner, { csv: 'firstName,notes\nA,"never closed\n' });
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().errorData.csv).toMatch(/not valid CSV/);

    const empty = await importCsv(owner, { csv: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorData).toHaveProperty('csv');
  });
});

describe('GET v1/workspaces/{id}/contacts/export.csv', () => {
  it('exports current people as CSV with the header, quoting and the formula-injection guard; audited', async () => {
    const owner = await signUpOwner(t, { firstName: 'Exa' });
    await createContactAs(owner, {
      firstName: 'Ann',
      lastName: 'Quote',
      email: 'ann@example.test',
      company: 'Commas, Inc.',
      notes: 'Says "hi"\ntwice',
      tags: ['one', 'two'],
    });
    await createContactAs(owner, {
      firstName: '=HYPERLINK("http://evil.test")',
      lastName: 'Formula',
      company: '+1 555',
      title: '@admin',
      notes: '-2+3',
    });
    const former = await createContactAs(owner, { firstName: 'Gone', lastName: 'Former' });
    expect((await del(t, `${contactsUrl(owner)}/${former.id}`, owner.token)).statusCode).toBe(200);

    const response = await t.get(`${contactsUrl(owner)}/export.csv`, { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    const text = response.body;
    expect(text.startsWith('\uFEFFfirstName,lastName,email,title,company,timeZone,tags,notes\r\n')).toBe(true);
    expect(text).toContain('"Commas, Inc."');
    expect(text).toContain('"Says ""hi""\ntwice"');
    const records = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([...contactCsvColumns]);
    expect(records.map((record) => record.lastName)).toEqual(['Formula', 'Quote']);
    expect(records[0]).toMatchObject({
      firstName: `'=HYPERLINK("http://evil.test")`,
      company: "'+1 555",
      title: "'@admin",
      notes: "'-2+3",
    });
    expect(records[1]).toMatchObject({ email: 'ann@example.test', tags: 'one;two', notes: 'Says "hi"\ntwice', timeZone: 'UTC' });

    // A USER may read people, so may export them.
    const user = await joinAs(t, owner, 'USER');
    expect((await t.get(`${contactsUrl(owner)}/export.csv`, { token: user.token })).statusCode).toBe(200);

    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'CONTACTS_EXPORTED')))
      .orderBy(auditEvents.id);
    expect(audited.map((event) => event.actorPersonId)).toEqual([owner.personId, user.personId]);
  });

  it('exports what it imports: the export file imports back as duplicates only', async () => {
    const owner = await signUpOwner(t, { firstName: 'Round' });
    await createContactAs(owner, { firstName: 'Trip', email: 'trip@example.test', tags: ['t1', 't2'], notes: 'a, b\nc' });
    const exported = (await t.get(`${contactsUrl(owner)}/export.csv`, { token: owner.token })).body;
    const preview = await importOk(owner, { csv: exported });
    expect(outcomes(preview)).toEqual(['SKIP']);
  });
});
