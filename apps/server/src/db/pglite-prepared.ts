import { parse, protocol, types, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import type {
  BackendMessage,
  CommandCompleteMessage,
  DatabaseError,
  DataRowMessage,
  NotificationResponseMessage,
  RowDescriptionMessage,
} from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

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

/** Told of each NOTIFY found in a statement's output: its channel (as PostgreSQL folded it) and payload. */
export type NotificationHandler = (channel: string, payload: string) => void;

/** Commands whose count PGlite adds to `affectedRows` (its parseResults). */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * PostgreSQL's output of one Bind/Describe/Execute/Sync exchange as PGlite's `query` answers it
 * (its `parseResults`: the rows in `rowMode`, each value through the query's, the instance's or
 * PGlite's default parser for its type; `fields`, `command`, `affectedRows`, `rowCount`), parsed
 * with node-postgres's protocol parser, which reads each value as a string straight from the
 * output. PGlite's own parser first copies every value into an ArrayBuffer of its own and decodes
 * it with a TextDecoder: three times the cost on a 50-row read (issue #13, decision 040).
 * @throws the statement's error (PostgreSQL's fields: code, detail, constraint…), as PGlite does.
 */
function toResults<T>(
  output: Buffer,
  instanceParsers: PGlite['parsers'],
  options: QueryOptions | undefined,
  onNotification: NotificationHandler | undefined,
): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: (PGlite['parsers'][number] | undefined)[] = [];
  const rows: unknown[] = [];
  let result: Results<T> | undefined;
  let error: DatabaseError | undefined;
  const parseValue = (value: string | null, column: number) => {
    if (value === null) return null;
    const parser = parsers[column];
    return parser ? parser(value, fields[column]!.dataTypeID) : value;
  };
  new Parser().parse(output, (message: BackendMessage) => {
    if (message.name === 'notification') {
      const { channel, payload } = message as NotificationResponseMessage;
      onNotification?.(channel, payload);
    }
    if (error || result) return;
    if (message.name === 'error') {
      error = message as DatabaseError;
    } else if (message.name === 'rowDescription') {
      fields = (message as RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
      parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? instanceParsers[dataTypeID] ?? types.parsers[dataTypeID]);
    } else if (message.name === 'dataRow') {
      const values = (message as DataRowMessage).fields as (string | null)[];
      if (options?.rowMode === 'array') rows.push(values.map(parseValue));
      else rows.push(Object.fromEntries(values.map((value, column) => [fields[column]!.name, parseValue(value, column)])));
    } else if (message.name === 'commandComplete') {
      const words = (message as CommandCompleteMessage).text.split(' ');
      const command = words[0]!;
      const count = Number.parseInt(words.at(-1)!, 10);
      result = { rows: rows as T[], fields, command, affectedRows: COUNTED_COMMANDS.has(command) ? count : 0 } as Results<T>;
      if (!Number.isNaN(count)) (result as { rowCount?: number }).rowCount = count;
    }
  });
  if (error) throw error;
  return result ?? { rows: [], fields: [], affectedRows: 0 };
}

/**
 * PGlite's `query` on named prepared statements, one set per instance (issue #13, decision 039). PGlite 0.5 runs every
 * query as an unnamed statement: PostgreSQL parses and plans it again each time, in five calls
 * into WebAssembly (Parse, Describe, Bind, Describe, Execute) and a Sync. Here each distinct SQL
 * text is parsed and described once; a run is one call (Bind, Describe portal, Execute, Sync), and
 * after five runs PostgreSQL keeps a generic plan where it costs no more than a custom one, as it
 * does for node-postgres's named statements (decision 022).
 *
 * Values are serialised by the parameter types PostgreSQL inferred with PGlite's own
 * serialisers, and results built as PGlite's `parseResults` builds them from node-postgres's
 * protocol parser's messages (decision 040), so a query answers exactly as through `query`. At
 * most {@link PREPARED_STATEMENTS_MAX} statements are kept, the least recently used closed first.
 * A statement whose table changed shape since it was prepared (error 0A000) is prepared again
 * once, outside a transaction; inside one, the error stands (the transaction is aborted).
 */
export class PreparedStatements {
  /** By SQL text, in order of last use (a Map keeps insertion order). */
  private readonly statements = new Map<string, PreparedStatement>();
  private counter = 0;

  /**
   * @param onNotification told of each NOTIFY in a statement's output: a statement run outside a
   *   transaction delivers its own, and PGlite's listeners never see this output.
   */
  constructor(
    private readonly instance: PGlite,
    private readonly onNotification?: NotificationHandler,
  ) {}

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
    const chunks: Buffer[] = [];
    // The raw stream leaves PostgreSQL's output unparsed by PGlite: it is parsed once, in toResults.
    await this.instance.execProtocolRawStream(
      messages(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})),
      // Each chunk is a view of PGlite's memory, reused by the next: copied.
      { syncToFs, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) },
    );
    const output = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    return toResults<T>(output, this.instance.parsers, options, this.onNotification);
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
