import { describe, expect, it, vi } from "vitest";
import { createQueue, type NewAction, type QueuedAction, type QueueStore, type SendOutcome } from "./queue.ts";
import { SYNC_MESSAGE, type SyncCredentials } from "./sync-credentials.ts";
import { storeSyncOutcome, takeSyncOutcomes } from "./sync-outcomes.ts";
import { syncQueueInWorker, type WorkerSyncParts } from "./worker-sync.ts";

// The worker's IndexedDB, in memory.
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock("idb-keyval", () => ({
  get: async (key: string) => kept.get(key),
  update: async (key: string, change: (old: unknown) => unknown) => void kept.set(key, change(kept.get(key))),
  del: async (key: string) => void kept.delete(key),
}));

function memoryStore(): QueueStore {
  let actions: QueuedAction[] = [];
  return {
    read: async () => [...actions],
    change: async (change) => {
      actions = change([...actions]);
    },
  };
}

const action = (lessonId: number, kind: NewAction["kind"], targetId: number | null): NewAction => ({
  userId: "u1",
  kind,
  lessonId,
  lessonTitle: `Lesson ${lessonId}`,
  lessonPath: `/courses/c/l${lessonId}`,
  targetId,
  path: `lessons/${lessonId}/${kind}`,
  body: {},
});

const credentials: SyncCredentials = { userId: "u1", token: "tok-worker" };

async function setUp(windows: Array<{ postMessage(message: unknown): void }>, outcomes: SendOutcome[]) {
  kept.clear();
  const queue = createQueue(memoryStore());
  await queue.add(action(1, "quiz", 10));
  await queue.add(action(2, "quiz", 20));
  await queue.add(action(2, "complete", null));
  await queue.add(action(0, "review", 7));
  const sent: Array<{ kind: string; lessonId: number; token: string }> = [];
  const parts: WorkerSyncParts = {
    windows: async () => windows,
    credentials: async () => credentials,
    queue,
    send: async (a, token) => {
      sent.push({ kind: a.kind, lessonId: a.lessonId, token });
      return outcomes.shift() ?? { kind: "later" };
    },
    storeOutcome: storeSyncOutcome,
  };
  return { queue, parts, sent };
}

describe("the service worker's Background Sync of the offline queue", () => {
  it("asks an open page to send the queue and sends nothing itself", async () => {
    const page = { postMessage: vi.fn() };
    const { parts, sent, queue } = await setUp([page], []);
    await syncQueueInWorker(parts);
    expect(page.postMessage).toHaveBeenCalledWith({ type: SYNC_MESSAGE });
    expect(sent).toEqual([]);
    expect(await queue.read()).toHaveLength(4);
  });

  it("without a page, sends in order with the kept token, keeps the outcomes and fails while actions remain", async () => {
    const { parts, sent, queue } = await setUp(
      [],
      [
        { kind: "done", result: { correct: true } },
        { kind: "refused", reason: "That answer is not right." },
        { kind: "later" },
      ],
    );
    await expect(syncQueueInWorker(parts)).rejects.toThrow("Offline actions still wait to be sent: 1.");
    // The refused quiz takes its lesson's completion along; the review answer waits for the next try.
    expect(sent).toEqual([
      { kind: "quiz", lessonId: 1, token: "tok-worker" },
      { kind: "quiz", lessonId: 2, token: "tok-worker" },
      { kind: "review", lessonId: 0, token: "tok-worker" },
    ]);
    expect((await queue.read()).map((a) => a.kind)).toEqual(["review"]);
    const [report, ...more] = await takeSyncOutcomes("u1");
    expect(more).toEqual([]);
    expect(report?.done.map((a) => a.lessonId)).toEqual([1]);
    expect(report?.refused.map((r) => [r.action.lessonId, r.reason])).toEqual([[2, "That answer is not right."]]);
    expect(report?.remaining).toBe(1);
    // Read once: the next page does not announce them again.
    expect(await takeSyncOutcomes("u1")).toEqual([]);
  });

  it("resolves once everything is sent, and does nothing without a kept token (signed out)", async () => {
    const { parts } = await setUp([], []);
    const all = { ...parts, send: async () => ({ kind: "done", result: null }) as const };
    await expect(syncQueueInWorker(all)).resolves.toBeUndefined();
    expect((await takeSyncOutcomes("u1"))[0]?.done).toHaveLength(4);

    const signedOut = await setUp([], []);
    const send = vi.fn();
    await syncQueueInWorker({ ...signedOut.parts, credentials: async () => undefined, send });
    expect(send).not.toHaveBeenCalled();
    expect(await takeSyncOutcomes("u1")).toEqual([]);
  });
});
