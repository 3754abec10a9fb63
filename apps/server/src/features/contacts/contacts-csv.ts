import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import {
  CONTACT_IMPORT_BYTES_MAX,
  CONTACT_IMPORT_ROWS_MAX,
  CreateContactBodySchema,
  contactCsvColumns,
  type CreateContactBody,
} from '@tandem/contract';
import { AppError } from '../../lib/errors.js';
import type { ContactRow } from './contacts-repository.js';

export type ContactCsvColumn = (typeof contactCsvColumns)[number];

/** A header as matched: lower-case, without spaces, '_' and '-' ("First name" = "first_name" = firstName). */
const normalizeHeader = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');

/** Header names accepted besides the columns themselves ("E-mail" already normalizes to email). */
const headerAliases: Record<string, ContactCsvColumn> = {
  emailaddress: 'email',
  jobtitle: 'title',
  timezone: 'timeZone',
  organization: 'company',
};

const columnByHeader = new Map<string, ContactCsvColumn>([
  ...contactCsvColumns.map((column): [string, ContactCsvColumn] => [normalizeHeader(column), column]),
  ...Object.entries(headerAliases),
]);

/** 400 VALIDATION_FAILED about the file as a whole: errorData "row 0" (the header) or "csv". */
const fileError = (key: 'row 0' | 'csv', message: string) => new AppError('VALIDATION_FAILED', message, { [key]: message });

/** One data row of a file: its 1-based number, its cells by column, and any cell-count problem. */
export interface CsvRow {
  row: number;
  cells: Partial<Record<ContactCsvColumn, string>>;
  /** The row has another number of cells than the header. */
  shapeError: string | null;
}

/**
 * Reads a contacts CSV (RFC 4180 through csv-parse: quoted fields, separators and line breaks
 * inside quotes, "" escapes, a UTF-8 BOM, CRLF or LF). The header names columns of
 * `contactCsvColumns` (matched case-insensitively, ignoring spaces, '_' and '-'); blank lines are
 * skipped; cells are trimmed.
 * @throws 400 VALIDATION_FAILED: errorData "row 0" for unknown, repeated or missing-firstName
 * headers; errorData.csv for a file that is not CSV, too large (CONTACT_IMPORT_BYTES_MAX bytes)
 * or too long (CONTACT_IMPORT_ROWS_MAX data rows), or without data rows.
 */
export function readContactsCsv(csv: string): CsvRow[] {
  if (Buffer.byteLength(csv, 'utf8') > CONTACT_IMPORT_BYTES_MAX) {
    throw fileError('csv', `A file can be at most ${CONTACT_IMPORT_BYTES_MAX / 1024} KB.`);
  }
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw fileError('csv', `This file is not valid CSV (${error.message}).`);
    throw error;
  }
  const [header, ...data] = records.filter((record) => record.some((cell) => cell !== ''));
  if (!header) throw fileError('csv', 'The file is empty.');
  const columns = header.map((name) => columnByHeader.get(normalizeHeader(name)));
  const unknown = header.filter((_name, index) => columns[index] === undefined);
  if (unknown.length > 0) {
    throw fileError(
      'row 0',
      `Unknown ${unknown.length === 1 ? 'column' : 'columns'}: ${unknown.map((name) => `"${name}"`).join(', ')}. Use ${contactCsvColumns.join(', ')}.`,
    );
  }
  const repeated = columns.filter((column, index) => columns.indexOf(column) !== index);
  if (repeated.length > 0) throw fileError('row 0', `The column ${repeated[0]} appears more than once.`);
  if (!columns.includes('firstName')) throw fileError('row 0', 'The file needs a firstName column.');
  if (data.length === 0) throw fileError('csv', 'The file has a header but no people.');
  if (data.length > CONTACT_IMPORT_ROWS_MAX) {
    throw fileError('csv', `A file can hold at most ${CONTACT_IMPORT_ROWS_MAX.toLocaleString('en-US')} people.`);
  }
  return data.map((record, index) => ({
    row: index + 1,
    cells: Object.fromEntries(columns.map((column, at) => [column!, record[at] ?? ''])),
    shapeError: record.length === header.length ? null : `This row has ${record.length} cells; the header has ${header.length}.`,
  }));
}

/** The fields a row gives: empty cells are left out (a MERGE overwrites non-empty fields only). */
export function rowInput(cells: CsvRow['cells']): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(cells) as [ContactCsvColumn, string][]) {
    if (value === '') continue;
    input[column] =
      column === 'tags'
        ? value
            .split(';')
            .map((tag) => tag.trim())
            .filter((tag) => tag !== '')
        : value;
  }
  return input;
}

/**
 * A row checked with the contract's CreateContactBodySchema (the same rules as POST …/contacts).
 * @returns the body, or the first message per field.
 */
export function validateRow(cells: CsvRow['cells']): { body: CreateContactBody } | { errors: Record<string, string> } {
  const parsed = CreateContactBodySchema.safeParse(rowInput(cells));
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'row');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * A cell made safe for spreadsheets (OWASP CSV injection): text starting with = + - @, a tab or
 * a carriage return gets a leading apostrophe, so it is shown as text, never run as a formula.
 */
export function guardCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A contact as one export record, in `contactCsvColumns` order; tags joined with ';'. */
function recordOf(row: ContactRow): string[] {
  const values: Record<ContactCsvColumn, string> = {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? '',
    title: row.title,
    company: row.company,
    timeZone: row.timeZone,
    tags: row.tags.join(';'),
    notes: row.notes,
  };
  return contactCsvColumns.map((column) => guardCell(values[column]));
}

/**
 * The export file as a stream (RFC 4180 through csv-stringify: CRLF, quotes where needed, a UTF-8
 * BOM so spreadsheets read accents): the header row `contactCsvColumns`, then every contact that
 * `batches` yields, read batch by batch (never the whole workspace in memory).
 */
export function contactsCsvStream(batches: AsyncIterable<ContactRow[]>): Readable {
  const stringifier = stringify({ header: true, columns: [...contactCsvColumns], bom: true, record_delimiter: 'windows' });
  const records = Readable.from(
    (async function* () {
      for await (const batch of batches) for (const row of batch) yield recordOf(row);
    })(),
  );
  records.on('error', (error) => stringifier.destroy(error));
  return records.pipe(stringifier);
}
