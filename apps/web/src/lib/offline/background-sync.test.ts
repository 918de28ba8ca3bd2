import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearAuthToken, writeAuthToken } from "../auth-token.ts";
import { type NewAction, offlineQueue } from "./queue.ts";
import { SYNC_TAG } from "./sync-credentials.ts";

// The queue's IndexedDB, in memory.
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock("idb-keyval", () => ({
  get: async (key: string) => kept.get(key),
  update: async (key: string, change: (old: unknown) => unknown) => void kept.set(key, change(kept.get(key))),
  del: async (key: string) => void kept.delete(key),
}));

const answer: NewAction = {
  userId: "u1",
  kind: "quiz",
  lessonId: 1,
  lessonTitle: "Paths",
  lessonPath: "/courses/linux/paths",
  targetId: 10,
  path: "lessons/1/quizzes/10",
  body: { responses: ["a"] },
};

/** A browser with a service worker and, when `register` is given, Background Sync. */
function browserWith(register?: (tag: string) => Promise<void>) {
  vi.stubEnv("PROD", true);
  class Registration {}
  if (register) Object.assign(Registration.prototype, { sync: { register } });
  vi.stubGlobal("ServiceWorkerRegistration", Registration);
  const registration = Object.assign(new Registration(), register ? { sync: { register } } : {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
}

beforeEach(() => writeAuthToken("tok-device"));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
  clearAuthToken();
  kept.clear();
});

describe("queuing an action where the browser has Background Sync", () => {
  it("registers the worker's sync and keeps the learner's token for it", async () => {
    const register = vi.fn(async () => undefined);
    browserWith(register);
    await offlineQueue.add(answer);
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith(SYNC_TAG));
    expect(kept.get("neonlab-sync-credentials")).toEqual({ userId: "u1", token: "tok-device" });
  });

  it("queues as before where the browser lacks it or refuses it", async () => {
    browserWith();
    await offlineQueue.add(answer);
    expect(kept.has("neonlab-sync-credentials")).toBe(false);

    browserWith(() => Promise.reject(new DOMException("Denied", "NotAllowedError")));
    await expect(offlineQueue.add(answer)).resolves.toMatchObject({ kind: "quiz" });
    expect(await offlineQueue.read()).toHaveLength(2);
  });
});
