import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { createTransactionRunner } from "../transaction.ts";
import { createEventBus } from "./event-bus.ts";

// Statement handlers: an event's database work as one SQL function call, run by a transaction's publish or
// folded into a one-statement writer's own statement (learning/completion-write.ts); results after commit.

describe("event bus statement handlers", async () => {
  const app = await createTestApp();
  const errors: unknown[] = [];
  const events = createEventBus({ error: (fields: unknown) => void errors.push(fields) });
  const delivered: unknown[] = [];
  events.onInStatement("account.deleted", {
    fn: "jsonb_array_length",
    input: (e) => [e.userId, e.email, "third"],
    afterCommit: (e, result) => void delivered.push([e.userId, result]),
  });
  const transaction = createTransactionRunner(app.ctx.db, events, app.ctx.jobs);

  it("a transaction's publish calls the function inside it and hands its result to afterCommit after the commit", async () => {
    await transaction(async ({ publish }) => {
      await publish("account.deleted", { userId: "u1", email: "u1@example.com" });
      expect(delivered).toEqual([]);
    });
    expect(delivered).toEqual([["u1", 3]]);
  });

  it("gives a one-statement writer the calls and inputs, and takes their results with the delivery", () => {
    const work = events.statementWork("account.deleted", { userId: "u2", email: "u2@example.com" });
    expect(work).toEqual({ fns: ["jsonb_array_length"], inputs: ['["u2","u2@example.com","third"]'] });
    events.deliver("account.deleted", { userId: "u2", email: "u2@example.com" }, [3]);
    expect(delivered.at(-1)).toEqual(["u2", 3]);
  });

  it("logs a delivery without the statement results instead of calling afterCommit with nothing", () => {
    const count = delivered.length;
    events.deliver("account.deleted", { userId: "u3", email: "u3@example.com" });
    expect(delivered).toHaveLength(count);
    expect(errors).toHaveLength(1);
  });

  it("accepts only a plain SQL function name", () => {
    const add = (fn: string) => () =>
      events.onInStatement("lesson.completed", { fn, input: () => 1, afterCommit() {} });
    expect(add("f(1); drop table users; --")).toThrow(/not a SQL function name/);
    expect(add("Notify")).toThrow(/not a SQL function name/);
  });

  it("refuses in-transaction handlers of an event written in one statement (there is no transaction)", () => {
    expect(() => events.onInTransaction("badge.earned", async () => {})).toThrow(/must be a statement handler/);
    expect(() => events.onInTransaction("account.deleted", async () => {})).not.toThrow();
  });
});
