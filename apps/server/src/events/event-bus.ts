import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import { type AppEvents, type EventName, ONE_STATEMENT_EVENTS } from "./app-events.ts";

/** Runs inside the publishing transaction, on its handle: for data that must change with it. A throw rolls it back. */
export type InTransactionHandler<E extends EventName> = (payload: AppEvents[E], tx: Db) => Promise<void>;
/** Runs once the publishing transaction committed; never after a rollback. */
export type AfterCommitHandler<E extends EventName> = (payload: AppEvents[E]) => void | Promise<void>;

/**
 * An event's database work as one call of a SQL function taking a jsonb argument, `fn(input(payload))`, so a
 * writer that makes its change in one statement can make the call part of that statement (no transaction and
 * no round trip of its own); a transaction's `publish` runs it as a statement instead. Either way it commits
 * with the change, and what the function returned reaches `afterCommit`.
 */
export type StatementHandler<E extends EventName> = {
  fn: string;
  input: (payload: AppEvents[E]) => unknown;
  afterCommit: (payload: AppEvents[E], result: unknown) => void;
};

/** What a one-statement writer calls for an event (`fns[i]` with `inputs[i]` as jsonb), in handler order. */
export type StatementWork = { fns: readonly string[]; inputs: string[] };

type Handlers<H> = { [E in EventName]?: H[] };
const SQL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Typed in-process events. Events are published through a transaction (`ctx.transaction`, see
 * ../transaction.ts): in-transaction and statement handlers run at once and can fail it; after-commit
 * handlers start in order right after the commit and their failures are logged, never thrown at the
 * publisher (its change is already committed). Work that must survive a crash or be retried belongs in a job.
 * The events of ONE_STATEMENT_EVENTS are written in one statement instead and take no in-transaction handlers.
 */
export function createEventBus(log: Pick<Logger, "error">) {
  const inTransaction: Handlers<InTransactionHandler<never>> = {};
  const inStatement: Handlers<StatementHandler<never>> = {};
  const afterCommit: Handlers<AfterCommitHandler<never>> = {};
  const add = <H>(handlers: Handlers<H>, name: EventName, handler: H) => {
    handlers[name] = [...(handlers[name] ?? []), handler];
  };
  const statementHandlers = <E extends EventName>(name: E) => (inStatement[name] ?? []) as StatementHandler<E>[];
  const statementWork = <E extends EventName>(name: E, payload: AppEvents[E]): StatementWork => {
    const handlers = statementHandlers(name);
    return { fns: handlers.map((h) => h.fn), inputs: handlers.map((h) => JSON.stringify(h.input(payload))) };
  };
  const failed = (name: EventName) => (error: unknown) =>
    log.error({ err: error, event: name }, "event handler failed");

  return {
    onInTransaction<E extends EventName>(name: E, handler: InTransactionHandler<E>) {
      if (ONE_STATEMENT_EVENTS.includes(name)) {
        throw new Error(`${name} is written in one statement: its database work must be a statement handler`);
      }
      add(inTransaction, name, handler as InTransactionHandler<never>);
    },
    onInStatement<E extends EventName>(name: E, handler: StatementHandler<E>) {
      if (!SQL_NAME.test(handler.fn)) throw new Error(`not a SQL function name: ${handler.fn}`);
      add(inStatement, name, handler as unknown as StatementHandler<never>);
    },
    onAfterCommit<E extends EventName>(name: E, handler: AfterCommitHandler<E>) {
      add(afterCommit, name, handler as AfterCommitHandler<never>);
    },
    /** The statement handlers' calls for a writer that folds them into its own statement (see StatementHandler). */
    statementWork,
    /** For the transaction runner: the in-transaction handlers, then the statement handlers, one after another. */
    async runInTransaction<E extends EventName>(name: E, payload: AppEvents[E], tx: Db): Promise<unknown[]> {
      for (const handler of (inTransaction[name] ?? []) as InTransactionHandler<E>[]) await handler(payload, tx);
      const results: unknown[] = [];
      const { fns, inputs } = statementWork(name, payload);
      for (const [i, fn] of fns.entries()) {
        const { rows } = (await tx.execute(sql`select ${sql.raw(fn)}(${inputs[i]}::jsonb) as result`)) as {
          rows: { result: unknown }[];
        };
        results.push(rows[0]?.result);
      }
      return results;
    },
    /**
     * After the commit (the transaction runner's, or a one-statement writer's): starts every after-commit
     * handler, the statement handlers' with `results` (what their calls returned, in handler order).
     */
    deliver<E extends EventName>(name: E, payload: AppEvents[E], results: readonly unknown[] = []) {
      const handlers = statementHandlers(name);
      if (handlers.length !== results.length) {
        failed(name)(new Error(`${name} delivered with ${results.length} of ${handlers.length} statement results`));
      }
      const run = (handler: () => void | Promise<void>) => {
        try {
          const result = handler();
          if (result instanceof Promise) result.catch(failed(name));
        } catch (error) {
          failed(name)(error);
        }
      };
      for (const [i, handler] of handlers.entries()) {
        if (i < results.length) run(() => handler.afterCommit(payload, results[i]));
      }
      for (const handler of (afterCommit[name] ?? []) as AfterCommitHandler<E>[]) run(() => handler(payload));
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
