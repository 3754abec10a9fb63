import { z } from 'zod';
import { invalidField } from '../../lib/errors.js';

const CursorSchema = z.uuid();

/**
 * The id a page cursor stands for (PRODUCT §4: opaque to clients; here the last row's UUIDv7).
 * @throws 400 VALIDATION_FAILED with errorData.cursor for a cursor this server did not issue.
 */
export function parseCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const parsed = CursorSchema.safeParse(cursor);
  if (!parsed.success) throw invalidField('cursor', 'This cursor is not valid. Start again from the first page.');
  return parsed.data;
}

/**
 * `{ items, nextCursor }` (PRODUCT §4) from `limit + 1` fetched rows: the extra row only tells
 * that another page exists.
 */
export function toPage<T extends { id: string }>(rows: T[], limit: number, cursorOf: (row: T) => string = (row) => row.id) {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? cursorOf(items.at(-1)!) : null };
}
