import { describe, expect, it, vi } from "vitest";
import {
  createQueue,
  type NewAction,
  pendingLessons,
  pendingReviews,
  type QueuedAction,
  type QueueStore,
  type SendOutcome,
} from "./queue.ts";

function memoryStore(): QueueStore & { actions: QueuedAction[] } {
  const store = {
    actions: [] as QueuedAction[],
    read: async () => [...store.actions],
    change: async (change: (actions: QueuedAction[]) => QueuedAction[]) => {
      store.actions = change([...store.actions]);
    },
  };
  return store;
}

const action = (
  lessonId: number,
  kind: NewAction["kind"],
  targetId: number | null = null,
  userId = "u1",
): NewAction => ({
  userId,
  kind,
  lessonId,
  lessonTitle: `Lesson ${lessonId}`,
  lessonPath: `/courses/c/l${lessonId}`,
  targetId,
  path: kind === "complete" ? `lessons/${lessonId}/complete` : `lessons/${lessonId}/${kind}/${targetId}`,
  body: kind === "complete" ? undefined : { responses: ["a"] },
});

describe("offline queue", () => {
  it("keeps actions in order, each with its own Idempotency-Key; a completion carries its moment", async () => {
    const store = memoryStore();
    const queue = createQueue(store, () => new Date("2026-11-28T21:30:00.000Z"));
    const first = await queue.add(action(1, "quiz", 10));
    const done = await queue.add(action(1, "complete"));
    expect(store.actions.map((a) => a.kind)).toEqual(["quiz", "complete"]);
    expect(first.id).not.toBe(done.id);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.body).toEqual({ completedAt: "2026-11-28T21:30:00.000Z" });
    expect(pendingLessons(store.actions)).toBe(1);
  });

  it("sends in order with each action's key, and empties the queue", async () => {
    const store = memoryStore();
    const queue = createQueue(store);
    await queue.add(action(1, "quiz", 10));
    await queue.add(action(1, "reflection", 20));
    await queue.add(action(1, "complete"));
    await queue.add(action(2, "complete"));
    const sent: QueuedAction[] = [];
    const report = await queue.sync("u1", async (a) => {
      sent.push(a);
      return { kind: "done", result: a.kind === "complete" ? { xpAwarded: 10 } : {} };
    });
    expect(sent.map((a) => `${a.lessonId}:${a.kind}`)).toEqual(["1:quiz", "1:reflection", "1:complete", "2:complete"]);
    expect(report.completed.map((c) => c.action.lessonId)).toEqual([1, 2]);
    expect(report.remaining).toBe(0);
    expect(store.actions).toEqual([]);
  });

  it("stops at `later` and sends the same action with the same key next time (a replay, not a second write)", async () => {
    const store = memoryStore();
    const queue = createQueue(store);
    await queue.add(action(1, "quiz", 10));
    await queue.add(action(1, "complete"));
    const keys: string[] = [];
    const outcomes: SendOutcome[] = [{ kind: "later" }, { kind: "done", result: {} }, { kind: "done", result: {} }];
    const send = async (a: QueuedAction) => {
      keys.push(a.id);
      return outcomes.shift()!;
    };
    const first = await queue.sync("u1", send);
    expect(first).toMatchObject({ done: [], remaining: 2 });
    await queue.sync("u1", send);
    expect(keys[0]).toBe(keys[1]);
    expect(keys).toHaveLength(3);
    expect(store.actions).toEqual([]);
  });

  it("a refusal drops the action and the rest of its lesson, with the reason; other lessons go on", async () => {
    const store = memoryStore();
    const queue = createQueue(store);
    await queue.add(action(1, "complete"));
    await queue.add(action(1, "reflection", 20));
    await queue.add(action(2, "complete"));
    const report = await queue.sync("u1", async (a) =>
      a.lessonId === 1
        ? { kind: "refused", reason: "Still to do: answer the quiz correctly." }
        : { kind: "done", result: {} },
    );
    expect(report.refused).toEqual([
      {
        action: expect.objectContaining({ lessonId: 1, kind: "complete" }),
        reason: "Still to do: answer the quiz correctly.",
      },
    ]);
    expect(report.done.map((a) => a.lessonId)).toEqual([2]);
    expect(store.actions).toEqual([]);
  });

  it("sends review answers in order with the lessons' writes; a refused one drops only itself", async () => {
    const store = memoryStore();
    const queue = createQueue(store);
    const review = (cardId: number): NewAction => ({
      userId: "u1",
      kind: "review",
      lessonId: 0,
      lessonTitle: "Paths",
      lessonPath: "/courses/c/paths#quiz-q",
      targetId: cardId,
      path: `review/${cardId}/answer`,
      body: { answer: ["a"] },
    });
    await queue.add(review(7));
    await queue.add(action(1, "quiz", 10));
    await queue.add(review(8));
    await queue.add(review(9));
    expect(pendingLessons(store.actions)).toBe(1);
    expect(pendingReviews(store.actions)).toBe(3);
    const sent: string[] = [];
    const report = await queue.sync("u1", async (a) => {
      sent.push(a.path);
      if (a.targetId === 8) return { kind: "refused", reason: "This card is not due yet." };
      return { kind: "done", result: a.kind === "review" ? { correct: a.targetId === 7 } : {} };
    });
    expect(sent).toEqual(["review/7/answer", "lessons/1/quiz/10", "review/8/answer", "review/9/answer"]);
    expect(report.reviewed.map((r) => [r.action.targetId, r.result])).toEqual([
      [7, { correct: true }],
      [9, { correct: false }],
    ]);
    expect(report.refused).toEqual([
      { action: expect.objectContaining({ kind: "review", targetId: 8 }), reason: "This card is not due yet." },
    ]);
    expect(store.actions).toEqual([]);
  });

  it("sends only the signed-in user's actions, one run at a time, and tells its listeners", async () => {
    const store = memoryStore();
    const queue = createQueue(store);
    const listener = vi.fn();
    queue.subscribe(listener);
    await queue.add(action(1, "complete", null, "u1"));
    await queue.add(action(3, "complete", null, "u2"));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = vi.fn(async () => {
      await gate;
      return { kind: "done", result: {} } as SendOutcome;
    });
    const a = queue.sync("u1", send);
    const b = queue.sync("u1", send);
    release();
    expect(await a).toBe(await b);
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.actions.map((x) => x.userId)).toEqual(["u2"]);
    expect(listener).toHaveBeenCalled();
    await queue.clear("u2");
    expect(store.actions).toEqual([]);
  });
});
