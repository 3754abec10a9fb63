import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Most statements one instance keeps prepared; past it, the least recently used one is closed. */
export const PREPARED_STATEMENTS_MAX = 500;

/** PostgreSQL's "cached plan must not change result type" (a table changed under a prepared statement). */
const CACHED_PLAN_CHANGED = '0A000';

interface PreparedStatement {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them (Describe statement). */
  paramTypes: number[];
}

/** PGlite's `query`, as Drizzle calls it. */
export type PgliteQuery = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** The frontend messages of one exchange, as one buffer ending in Sync. */
function messages(...parts: Uint8Array[]): Uint8Array {
  return Buffer.concat([...parts, serialize.sync()]);
}

/**
 * PGlite's `query` on named prepared statements, one set per instance (issue #13, decision 039). PGlite 0.5 runs every
 * query as an unnamed statement: PostgreSQL parses and plans it again each time, in five calls
 * into WebAssembly (Parse, Describe, Bind, Describe, Execute) and a Sync. Here each distinct SQL
 * text is parsed and described once; a run is one call (Bind, Describe portal, Execute, Sync), and
 * after five runs PostgreSQL keeps a generic plan where it costs no more than a custom one, as it
 * does for node-postgres's named statements (decision 022).
 *
 * Values are serialised by the parameter types PostgreSQL inferred, and results parsed, with
 * PGlite's own serialisers and `parseResults`, so a query answers exactly as through `query`. At
 * most {@link PREPARED_STATEMENTS_MAX} statements are kept, the least recently used closed first.
 * A statement whose table changed shape since it was prepared (error 0A000) is prepared again
 * once, outside a transaction; inside one, the error stands (the transaction is aborted).
 */
export class PreparedStatements {
  /** By SQL text, in order of last use (a Map keeps insertion order). */
  private readonly statements = new Map<string, PreparedStatement>();
  private counter = 0;

  constructor(private readonly instance: PGlite) {}

  /** How many statements are prepared now. */
  get size(): number {
    return this.statements.size;
  }

  /** `query` for a caller outside any transaction: waits for the instance's transaction and query locks, as PGlite's own `query` does. */
  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    await this.instance._checkReady();
    return this.instance._runExclusiveTransaction(() => this.instance._runExclusiveQuery(() => this.runOutside<T>(text, params, options)));
  }

  /** `query` for a caller inside a PGlite transaction (which holds the transaction lock): waits for the query lock only. */
  queryInTransaction<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.instance._runExclusiveQuery(() => this.run<T>(text, params, options, false));
  }

  private async prepare(text: string, options: QueryOptions | undefined, syncToFs: boolean): Promise<PreparedStatement> {
    const name = `tandem_${(this.counter += 1)}`;
    const describe = await this.instance.execProtocol(
      messages(serialize.parse({ name, text, types: options?.paramTypes ?? [] }), serialize.describe({ type: 'S', name })),
      { syncToFs },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(describe.messages) };
    if (this.statements.size >= PREPARED_STATEMENTS_MAX) {
      const [oldestText, oldest] = this.statements.entries().next().value!;
      this.statements.delete(oldestText);
      await this.close(oldest, syncToFs);
    }
    this.statements.set(text, statement);
    return statement;
  }

  private async close(statement: PreparedStatement, syncToFs: boolean): Promise<void> {
    await this.instance.execProtocol(messages(serialize.close({ type: 'S', name: statement.name })), { syncToFs });
  }

  private async run<T>(text: string, params: unknown[], options: QueryOptions | undefined, syncToFs: boolean): Promise<Results<T>> {
    let statement = this.statements.get(text);
    if (statement) {
      this.statements.delete(text);
      this.statements.set(text, statement);
    } else {
      statement = await this.prepare(text, options, syncToFs);
    }
    const { paramTypes } = statement;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = paramTypes[index]!;
      const serializer = options?.serializers?.[type] ?? this.instance.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const result = await this.instance.execProtocol(
      messages(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})),
      { syncToFs },
    );
    return parse.parseResults(result.messages, this.instance.parsers, options)[0] as Results<T>;
  }

  /** {@link run}, preparing `text` again once when its table changed shape (outside a transaction only). */
  private async runOutside<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      return await this.run<T>(text, params, options, true);
    } catch (error) {
      const stale = this.statements.get(text);
      if ((error as { code?: unknown }).code !== CACHED_PLAN_CHANGED || !stale) throw error;
      this.statements.delete(text);
      await this.close(stale, true);
      return this.run<T>(text, params, options, true);
    }
  }
}
