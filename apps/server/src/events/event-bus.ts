import type { Logger } from "pino";
import type { Db } from "../db/client.ts";
import type { AppEvents, EventName } from "./app-events.ts";

/** Runs inside the publishing transaction, on its handle: for data that must change with it. A throw rolls it back. */
export type InTransactionHandler<E extends EventName> = (payload: AppEvents[E], tx: Db) => Promise<void>;
/** Runs once the publishing transaction committed; never after a rollback. */
export type AfterCommitHandler<E extends EventName> = (payload: AppEvents[E]) => void | Promise<void>;

type Handlers<H> = { [E in EventName]?: H[] };

/**
 * Typed in-process events. Events are published through a transaction (`ctx.transaction`, see
 * ../transaction.ts): in-transaction handlers run at once and can fail it; after-commit handlers start
 * in order right after the commit and their failures are logged, never thrown at the publisher (its
 * change is already committed). Work that must survive a crash or be retried belongs in a job.
 */
export function createEventBus(log: Pick<Logger, "error">) {
  const inTransaction: Handlers<InTransactionHandler<never>> = {};
  const afterCommit: Handlers<AfterCommitHandler<never>> = {};
  const add = <H>(handlers: Handlers<H>, name: EventName, handler: H) => {
    handlers[name] = [...(handlers[name] ?? []), handler];
  };

  return {
    onInTransaction<E extends EventName>(name: E, handler: InTransactionHandler<E>) {
      add(inTransaction, name, handler as InTransactionHandler<never>);
    },
    onAfterCommit<E extends EventName>(name: E, handler: AfterCommitHandler<E>) {
      add(afterCommit, name, handler as AfterCommitHandler<never>);
    },
    /** Whether anything must run inside the publishing transaction (a writer without one checks first). */
    hasInTransactionHandlers(name: EventName): boolean {
      return (inTransaction[name]?.length ?? 0) > 0;
    },
    /** For the transaction runner: the in-transaction handlers, one after another. */
    async runInTransaction<E extends EventName>(name: E, payload: AppEvents[E], tx: Db) {
      for (const handler of (inTransaction[name] ?? []) as InTransactionHandler<E>[]) await handler(payload, tx);
    },
    /** After the commit (the transaction runner's, or a one-statement writer's): starts every after-commit handler. */
    deliver<E extends EventName>(name: E, payload: AppEvents[E]) {
      const failed = (error: unknown) => log.error({ err: error, event: name }, "event handler failed");
      for (const handler of (afterCommit[name] ?? []) as AfterCommitHandler<E>[]) {
        try {
          const result = handler(payload);
          if (result instanceof Promise) result.catch(failed);
        } catch (error) {
          failed(error);
        }
      }
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
