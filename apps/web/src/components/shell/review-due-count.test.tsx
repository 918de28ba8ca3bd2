import { type ReviewCard, reviewDueSchema } from "@neonlab/shared/schemas/review";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { offlineQueue } from "../../lib/offline/queue.ts";
import { testProfile, testReviewCard } from "../../test/fixtures.ts";
import { mockGet } from "../../test/http.ts";
import { renderApp } from "../../test/render-app.tsx";
import { UserMenu } from "./user-menu.tsx";

// The offline queue's IndexedDB, in memory.
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock("idb-keyval", () => ({
  get: async (key: string) => kept.get(key),
  update: async (key: string, change: (old: unknown) => unknown) => void kept.set(key, change(kept.get(key))),
}));

const card = (id: number): ReviewCard => ({
  ...testReviewCard,
  id,
  quiz: { ...testReviewCard.quiz, id: id * 10, key: `quiz-${id}` },
});

const queueAnswer = (userId: string, cardId: number) =>
  offlineQueue.add({
    userId,
    kind: "review",
    lessonId: 0,
    lessonTitle: "Paths",
    lessonPath: "/courses/linux/paths",
    targetId: cardId,
    path: `review/${cardId}/answer`,
    body: { answer: ["aaaaaaaaaa"] },
  });

afterEach(() => {
  cleanup();
  kept.clear();
});

describe("the due count on the avatar", () => {
  it("leaves out the cards whose answers wait on this device, and only this learner's", async () => {
    mockGet("/api/review", reviewDueSchema, { due_count: 3, cards: [card(7), card(8), card(9)] });
    await queueAnswer(testProfile.id, 7);
    await queueAnswer("someone-else", 8);
    renderApp(<UserMenu profile={testProfile} onSignOut={() => {}} />);
    expect(await screen.findByRole("button", { name: /2 review cards due/ })).toBeTruthy();
  });

  it("counts every due card when nothing waits", async () => {
    mockGet("/api/review", reviewDueSchema, { due_count: 12, cards: [card(7), card(8)] });
    renderApp(<UserMenu profile={testProfile} onSignOut={() => {}} />);
    expect(await screen.findByRole("button", { name: /12 review cards due/ })).toBeTruthy();
  });
});
