import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';

/** The shape of pg-boss's `db` option (pg-boss 10 `Db`). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** A statement split at its placeholders: `texts[i]` precedes the value of `positions[i]`. */
interface Template {
  texts: string[];
  positions: number[];
}

/** pg-boss sends a handful of distinct statements: each is split once. */
const templates = new Map<string, Template>();

/** Splits `text` at `$1…$n`; refuses `$$`-quoted bodies, which the split would misread. */
function templateOf(text: string): Template {
  let template = templates.get(text);
  if (template) return template;
  if (text.includes('$$')) throw new Error('jobs: dollar-quoted SQL cannot run inside a transaction adapter');
  const parts = text.split(/\$(\d+)/);
  template = { texts: parts.filter((_, index) => index % 2 === 0), positions: parts.filter((_, index) => index % 2 === 1).map(Number) };
  templates.set(text, template);
  return template;
}

/**
 * Turns pg-boss's SQL text with `$1…$n` placeholders and its values into one Drizzle `sql` with
 * bound parameters (a repeated `$7` is bound twice with the same value).
 *
 * Trust boundary: `text` is SQL that pg-boss generates from its own constants (schema `pgboss`);
 * every value it carries — queue name, job data, options — arrives in `values` and is bound as a
 * parameter, never spliced into the text. Only `Jobs.enqueue` calls this, through pg-boss `send`;
 * never pass text built from input.
 * @throws Error when a placeholder has no value or the text holds `$$`.
 */
export function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const { texts, positions } = templateOf(text);
  const chunks: SQL[] = [];
  texts.forEach((chunk, index) => {
    if (chunk) chunks.push(sql.raw(chunk));
    if (index === positions.length) return;
    const position = positions[index]!;
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
