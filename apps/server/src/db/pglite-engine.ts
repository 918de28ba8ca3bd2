import {
  messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";

/** What Drizzle's `drizzle-orm/pglite` driver calls on its client (and on a transaction's). */
export type PgliteClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: PgliteClient) => Promise<T>): Promise<T>;
};

type Field = { name: string; dataTypeID: number };
type Statement = { name: string; paramTypes: number[]; fields: Field[] };

const { serialize } = protocol;
const MAX_STATEMENTS = 500;
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A PGlite client whose `query` runs DML as named prepared statements, parsed and planned once per
 * SQL text, then bound and executed in a single protocol call (PGlite's own `query` parses, plans and
 * makes six calls every time). Locking, results and errors are PGlite's: a transaction holds PGlite's
 * transaction lock, and an error is the same DatabaseError with `query`, `params`, `queryOptions`.
 */
export function fastPglite(pg: PGlite): PgliteClient & { pglite: PGlite } {
  const statements = new Map<string, Statement>();
  let counter = 0;

  const send = (parts: Uint8Array[], inTx: boolean) => pg.execProtocolStream(concat(parts), { syncToFs: !inTx });

  async function prepare(text: string, inTx: boolean): Promise<Statement> {
    const name = `nl_${++counter}`;
    const replies = await send(
      [serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()],
      inTx,
    );
    const paramTypes = parse.parseDescribeStatementResults(replies);
    const description = replies.find((m): m is messages.RowDescriptionMessage => m.name === "rowDescription");
    const fields = description?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [];
    const statement = { name, paramTypes, fields };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldText, old] = statements.entries().next().value as [string, Statement];
      await forget(oldText, old, inTx);
    }
    return statement;
  }

  async function forget(text: string, statement: Statement, inTx: boolean) {
    statements.delete(text);
    await pg.execProtocolStream(concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]), {
      syncToFs: !inTx,
      throwOnError: false,
    });
  }

  async function runPrepared<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTx: boolean) {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one evicted.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, inTx);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options?.serializers?.[statement.paramTypes[i]!] ?? pg.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const replies = await send(
      [serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()],
      inTx,
    );
    return toResults<T>(statement.fields, replies, options);
  }

  /** parse.parseResults for one statement, without its copy of every parser on each call. */
  function toResults<T>(fields: Field[], replies: messages.BackendMessage[], options?: QueryOptions): Results<T> {
    const parsers = fields.map((f) => options?.parsers?.[f.dataTypeID] ?? pg.parsers[f.dataTypeID]);
    const rows: unknown[] = [];
    const result: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
    for (const reply of replies) {
      if (reply instanceof messages.DataRowMessage) {
        const values = reply.fields.map((v, i) =>
          v === null || !parsers[i] ? v : parsers[i](v, fields[i]!.dataTypeID),
        );
        if (options?.rowMode === "array") rows.push(values);
        else rows.push(Object.fromEntries(fields.map((f, i) => [f.name, values[i]])));
      } else if (reply instanceof messages.CommandCompleteMessage) {
        const parts = reply.text.split(" ");
        const count = Number.parseInt(parts[parts.length - 1]!, 10);
        Object.assign(result, { command: parts[0] });
        if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(parts[0]!)) result.affectedRows = count;
        if (!Number.isNaN(count)) Object.assign(result, { rowCount: count });
      }
    }
    return result;
  }

  async function query<T>(text: string, params: unknown[] = [], options: QueryOptions | undefined, inTx: boolean) {
    try {
      return await runPrepared<T>(text, params, options, inTx);
    } catch (error) {
      const code = (error as { code?: string }).code;
      const statement = statements.get(text);
      // A table changed under a cached plan: prepare again (outside a transaction, which is now aborted).
      if (code === "0A000" && statement) {
        await forget(text, statement, inTx);
        if (!inTx) return runPrepared<T>(text, params, options, inTx);
      }
      if (error instanceof messages.DatabaseError) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  const usesFastPath = (text: string, options?: QueryOptions) =>
    CACHEABLE.test(text) && !options?.paramTypes && !options?.blob && !options?.onNotice;

  function scoped(tx: Transaction): PgliteClient {
    return {
      query: (text, params, options) =>
        usesFastPath(text, options)
          ? pg.runExclusive(() => query(text, params, options, true))
          : tx.query(text, params, options),
      exec: (text, options) => tx.exec(text, options),
      transaction: () => Promise.reject(new Error("PGlite has no nested transactions: use a savepoint")),
    };
  }

  return {
    pglite: pg,
    query: async (text, params, options) => {
      if (!usesFastPath(text, options)) return pg.query(text, params, options);
      // Before taking the locks: PGlite's start-up runs queries of its own under them.
      await pg.waitReady;
      return pg._runExclusiveTransaction(() => pg.runExclusive(() => query(text, params, options, false)));
    },
    exec: (text, options) => pg.exec(text, options),
    transaction: (callback) => pg.transaction((tx) => callback(scoped(tx))),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
