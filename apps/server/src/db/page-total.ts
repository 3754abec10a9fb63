import { sql, type SQL } from 'drizzle-orm';

/**
 * A selected field holding the number of rows the query matched before its LIMIT (a window
 * `count(*) over ()`, int): a first page and its total in one statement instead of two, as the
 * dashboard's lists read them (issue #13). Every row of a page carries the same number.
 */
export function matchedBeforeLimit(): SQL<number> {
  return sql<number>`(count(*) over ())::int`;
}

/**
 * The total a page selected with {@link matchedBeforeLimit} carries: its first row's, or 0 for an
 * empty page (a query that matched nothing).
 */
export function totalOf(rows: readonly { total: number }[]): number {
  return rows[0]?.total ?? 0;
}
