import { ownProfileSchema } from "@neonlab/shared/schemas/profile";
import { type ReviewCard, reviewDueSchema, reviewResultSchema } from "@neonlab/shared/schemas/review";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearAuthToken, writeAuthToken } from "../../../lib/auth-token.ts";
import { offlineQueue } from "../../../lib/offline/queue.ts";
import { testProfile, testReviewCard } from "../../../test/fixtures.ts";
import { mockApi, mockError, mockGet } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { ReviewPage } from "./review-page.tsx";

// The offline queue's IndexedDB, in memory.
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock("idb-keyval", () => ({
  get: async (key: string) => kept.get(key),
  update: async (key: string, change: (old: unknown) => unknown) => void kept.set(key, change(kept.get(key))),
}));

// /review: the due cards one at a time, asked as a lesson asks its quiz; loading, errors and the empty state.

const card = testReviewCard;

const second: ReviewCard = {
  ...card,
  id: 8,
  quiz: { ...card.quiz, id: 4, key: "home", question: "Which directory is home?" },
  lesson: { ...card.lesson, anchor: "quiz-home", path: "/courses/linux/paths#quiz-home" },
};

const inThreeDays = () => new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString();

describe("the review page", () => {
  it("serves a due card, grades it once, then says there is nothing left to review", async () => {
    let left = [card];
    mockGet("/api/review", reviewDueSchema, () => ({ due_count: left.length, cards: left }));
    const answers = mockApi("POST", "/api/review/7/answer", reviewResultSchema, () => {
      left = [];
      return {
        card_id: 7,
        correct: false,
        message: "That is not the right answer. Have another look and try again.",
        wrong_count: 1,
        hint: "Absolute paths start at the root.",
        explanation: "",
        explanations: [],
        next_due: inThreeDays(),
        xp_awarded: 5,
        lesson: card.lesson,
      };
    });
    renderApp(<ReviewPage />, { path: "/review" });
    expect(await screen.findByText("Which path is absolute?")).toBeTruthy();
    expect(screen.getByText("1 due today")).toBeTruthy();
    expect(screen.getByRole("link", { name: "From the lesson: Paths" }).getAttribute("href")).toBe(
      "/courses/linux/paths#quiz-paths",
    );

    await userEvent.click(screen.getByRole("radio", { name: /docs\/readme/ }));
    await userEvent.click(screen.getByRole("button", { name: "Check answer" }));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]?.body).toEqual({ answer: ["bbbbbbbbbb"] });
    expect(await screen.findByText("Absolute paths start at the root.")).toBeTruthy();
    expect(screen.getByText(/comes back in 3 days.*\+5 XP/)).toBeTruthy();
    // One answer per review: no retry on the card.
    expect(screen.queryByRole("button", { name: /Try again|Check answer/ })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Finish" }));
    expect(await screen.findByRole("heading", { name: "Nothing to review" })).toBeTruthy();
  });

  describe("offline", () => {
    afterEach(() => {
      cleanup();
      vi.restoreAllMocks();
      clearAuthToken();
      kept.clear();
    });

    it("keeps an answer on the device, says it is graded when back online, and serves the next card", async () => {
      writeAuthToken("tok-review");
      mockGet("/api/profile", ownProfileSchema, testProfile);
      mockGet("/api/review", reviewDueSchema, { due_count: 2, cards: [card, second] });
      const answers = mockApi("POST", "/api/review/7/answer", reviewResultSchema, () => {
        throw new Error("not sent while offline");
      });
      vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
      renderApp(<ReviewPage />, { path: "/review" });
      expect(await screen.findByText("Which path is absolute?")).toBeTruthy();
      // The account is known before an answer can be kept for it.
      await waitFor(() => expect(screen.getByText("2 due today")).toBeTruthy());
      await new Promise((resolve) => setTimeout(resolve, 50));

      await userEvent.click(screen.getByRole("radio", { name: /docs\/readme/ }));
      await userEvent.click(screen.getByRole("button", { name: "Check answer" }));
      expect(await screen.findByText("Which directory is home?")).toBeTruthy();
      expect(document.querySelector("[data-review-queued]")?.textContent).toBe(
        "Your answer is saved on this device. It will be graded when you're back online.",
      );
      expect(screen.getByText("1 due today")).toBeTruthy();
      expect(answers).toHaveLength(0);
      const queued = await offlineQueue.read();
      expect(queued).toEqual([
        expect.objectContaining({
          userId: testProfile.id,
          kind: "review",
          targetId: 7,
          path: "review/7/answer",
          body: { answer: ["bbbbbbbbbb"], answeredAt: expect.any(String) },
          lessonTitle: "Paths",
        }),
      ]);
      expect(queued[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((queued[0]!.body as { answeredAt: string }).answeredAt).toBe(queued[0]!.at);
    });
  });

  it("says when nothing is due", async () => {
    mockGet("/api/review", reviewDueSchema, { due_count: 0, cards: [] });
    renderApp(<ReviewPage />, { path: "/review" });
    expect(await screen.findByRole("heading", { name: "Nothing to review" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Keep learning" }).getAttribute("href")).toBe("/courses");
  });

  it("offers a retry when the cards can not be loaded", async () => {
    mockError("GET", "/api/review", 503, {
      statusCode: 503,
      statusMessage: "Service Unavailable",
      message: "The server is restarting.",
    });
    renderApp(<ReviewPage />, { path: "/review" });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByText("The server is restarting.")).toBeTruthy();
    mockGet("/api/review", reviewDueSchema, { due_count: 0, cards: [] });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Nothing to review" })).toBeTruthy();
  });
});
