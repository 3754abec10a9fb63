import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';

/** The shape of pg-boss's `db` option (pg-boss 10 `Db`). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Turns pg-boss's SQL text with `$1…$n` placeholders and its values into one Drizzle `sql`
 * with bound parameters. Each placeholder becomes its own parameter (a repeated `$7` is bound
 * twice with the same value). Only for pg-boss's parameterised single statements: a script with
 * `$$`-quoted bodies would be misread, so it is refused.
 * @throws Error when a placeholder has no value or the text holds `$$`.
 */
export function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  if (text.includes('$$')) throw new Error('jobs: dollar-quoted SQL cannot run inside a transaction adapter');
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
      return;
    }
    const position = Number(part);
    if (position < 1 || position > values.length) throw new Error(`jobs: no value for placeholder $${position}`);
    chunks.push(sql`${sql.param(values[position - 1])}`);
  });
  return sql.join(chunks);
}

/**
 * A pg-boss `db` adapter running every statement through `tx` (an open Drizzle transaction), so
 * what pg-boss writes commits or rolls back with the caller's work (ARCHITECTURE "jobs":
 * enqueued inside the transaction that causes the work).
 */
export function transactionAdapter(tx: Queryable): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const result = await tx.execute<Record<string, unknown>>(toDrizzleSql(text, values));
      return { rows: result.rows };
    },
  };
}
