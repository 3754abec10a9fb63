import { z } from 'zod';
import { invalidField } from './errors.js';

/**
 * The one cursor encoding of every list (PRODUCT §4 cursor pagination; opaque to clients):
 * base64url of the JSON array `[list, ...parts]`. `list` names the list ('activity', 'tasks',
 * 'members', …) so a cursor only ever continues the kind of list it came from; `parts` are the
 * keyset of the last row shown (its id, a sort key, a fingerprint of the filters…).
 */
export function encodeCursor(list: string, parts: readonly unknown[]): string {
  return Buffer.from(JSON.stringify([list, ...parts])).toString('base64url');
}

const badCursor = () => invalidField('cursor', 'This cursor is not valid. Start again from the first page.');

/**
 * The parts of a cursor made by {@link encodeCursor} for `list`, checked against `parts` (a zod
 * tuple, e.g. `z.tuple([z.uuid()])`).
 * @throws AppError 400 VALIDATION_FAILED with errorData.cursor for anything else: a cursor this
 * server did not issue, one of another list, or one whose parts do not fit.
 */
export function decodeCursor<T extends z.ZodTuple>(cursor: string, list: string, parts: T): z.infer<T> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value[0] !== list) throw badCursor();
  const parsed = parts.safeParse(value.slice(1));
  if (!parsed.success) throw badCursor();
  return parsed.data;
}

/** A cursor whose only part is the last row's id (a UUIDv7, so ids order like creation). */
export const IdCursorSchema = z.tuple([z.uuid()]);

/**
 * `{ items, nextCursor }` (PRODUCT §4) from `limit + 1` fetched rows: the extra row only tells that
 * another page exists; the cursor names the last row shown by `idOf` (default its id).
 */
export function toPage<T>(rows: T[], limit: number, list: string, idOf: (row: T) => string = (row) => (row as { id: string }).id) {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeCursor(list, [idOf(items.at(-1)!)]) : null };
}

/** The last-row id of an id cursor of `list`, or undefined for the first page. @throws 400 like decodeCursor. */
export function decodeIdCursor(cursor: string | undefined, list: string): string | undefined {
  return cursor === undefined ? undefined : decodeCursor(cursor, list, IdCursorSchema)[0];
}
