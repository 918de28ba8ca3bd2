import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { reviewResultSchema } from "@neonlab/shared/schemas/review";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testProfile } from "../../test/fixtures.ts";
import { mockApi, mockError, mockGet } from "../../test/http.ts";
import { renderApp } from "../../test/render-app.tsx";
import { clearAuthToken, writeAuthToken } from "../auth-token.ts";
import { toast } from "../toasts.ts";
import { OfflineBanner } from "./offline-banner.tsx";
import { type NewAction, offlineQueue, type QueuedAction, type SyncReport } from "./queue.ts";
import { SYNC_MESSAGE } from "./sync-credentials.ts";
import { storeSyncOutcome } from "./sync-outcomes.ts";

// The queue's IndexedDB, in memory.
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock("idb-keyval", () => ({
  get: async (key: string) => kept.get(key),
  update: async (key: string, change: (old: unknown) => unknown) => void kept.set(key, change(kept.get(key))),
  del: async (key: string) => void kept.delete(key),
}));

const lesson = {
  course_slug: "linux",
  lesson_slug: "paths",
  title: "Paths",
  anchor: "quiz-paths",
  path: "/courses/linux/paths#quiz-paths",
};

const review = (cardId: number): NewAction => ({
  userId: testProfile.id,
  kind: "review",
  lessonId: 0,
  lessonTitle: "Paths",
  lessonPath: lesson.path,
  targetId: cardId,
  path: `review/${cardId}/answer`,
  body: { answer: ["aaaaaaaaaa"] },
});

beforeEach(() => {
  writeAuthToken("tok-banner");
  mockGet("/api/profile", ownProfileSchema, testProfile);
});
afterEach(() => {
  cleanup();
  clearAuthToken();
  kept.clear();
});

describe("the offline strip's sync of review answers", () => {
  it("sends them in order with their keys, reports each verdict, and shows a refusal with its reason", async () => {
    const first = await offlineQueue.add(review(7));
    await offlineQueue.add(review(8));
    const graded = mockApi("POST", "/api/review/7/answer", reviewResultSchema, {
      card_id: 7,
      correct: true,
      message: "Correct!",
      wrong_count: null,
      hint: null,
      explanation: "",
      explanations: [],
      next_due: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      xp_awarded: 5,
      lesson,
    });
    const refused = mockError("POST", "/api/review/8/answer", 409, {
      statusCode: 409,
      statusMessage: "Conflict",
      message: "This card is not due yet: it comes back in a later review.",
    });
    renderApp(<OfflineBanner />);
    expect(await screen.findByText("Your review answer from “Paths” was right: +5 XP.")).toBeTruthy();
    expect(
      await screen.findByText(
        "Your review answer from “Paths” could not be graded: This card is not due yet: it comes back in a later review.",
      ),
    ).toBeTruthy();
    expect(graded).toHaveLength(1);
    expect(graded[0]?.headers.get("idempotency-key")).toBe(first.id);
    // The moment it was answered goes along: the server counts that day (within 48 hours).
    expect(graded[0]?.body).toEqual({ answer: ["aaaaaaaaaa"], answeredAt: first.at });
    expect(refused).toHaveLength(1);
    await waitFor(async () => expect(await offlineQueue.read()).toEqual([]));
  });

  it("says how many review answers wait while offline", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await offlineQueue.add(review(7));
    renderApp(<OfflineBanner />);
    await waitFor(() =>
      expect(document.querySelector('[data-offline-banner="offline"]')?.textContent).toContain(
        "1 review answer will sync when you're back online.",
      ),
    );
    vi.restoreAllMocks();
  });
});

describe("the offline strip and the service worker's Background Sync", () => {
  const sent = (cardId: number): QueuedAction => ({
    ...review(cardId),
    id: `key-${cardId}`,
    at: "2026-11-28T21:30:00Z",
  });

  it("announces once what the worker sent while no page was open, the refusal with its reason", async () => {
    const report: SyncReport = {
      done: [sent(7)],
      completed: [],
      reviewed: [{ action: sent(7), result: { correct: false, xp_awarded: 0 } }],
      refused: [{ action: sent(8), reason: "This card is not due yet." }],
      remaining: 0,
    };
    await storeSyncOutcome(testProfile.id, report);
    await storeSyncOutcome("someone-else", report);
    renderApp(<OfflineBanner />);
    expect(await screen.findByText("Your review answer from “Paths” was wrong.")).toBeTruthy();
    expect(
      await screen.findByText("Your review answer from “Paths” could not be graded: This card is not due yet."),
    ).toBeTruthy();
    // Taken once: another account's outcomes wait for it.
    await waitFor(() => expect(kept.get("neonlab-sync-outcomes")).toEqual([{ userId: "someone-else", report }]));
    cleanup();
    const shown = vi.spyOn(toast, "error");
    renderApp(<OfflineBanner />);
    await screen.findByTestId("location");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it("sends the queue again when the worker asks the open page to", async () => {
    const worker = new EventTarget();
    Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: worker });
    try {
      await offlineQueue.add(review(7));
      const busy = mockError("POST", "/api/review/7/answer", 503, {
        statusCode: 503,
        statusMessage: "Service Unavailable",
        message: "Try again later.",
      });
      renderApp(<OfflineBanner />);
      await waitFor(() => expect(busy).toHaveLength(1));
      const refused = mockError("POST", "/api/review/7/answer", 403, {
        statusCode: 403,
        statusMessage: "Forbidden",
        message: "This course is no longer in your plan.",
      });
      worker.dispatchEvent(new MessageEvent("message", { data: { type: SYNC_MESSAGE } }));
      expect(
        await screen.findByText(
          "Your review answer from “Paths” could not be graded: This course is no longer in your plan.",
        ),
      ).toBeTruthy();
      expect(refused).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(navigator, "serviceWorker");
    }
  });
});
