import { type TutorInfo, tutorInfoSchema, tutorThreadDetailSchema } from "@neonlab/shared/schemas/tutor";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw/http";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadMarkdownPipeline } from "../../../lib/markdown.ts";
import { testTutorInfo } from "../../../test/fixtures.ts";
import { mockGet, server } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { rememberThread } from "./remembered-thread.ts";
import { refillTime } from "./tutor-allowance.tsx";
import { TutorChat } from "./tutor-chat.tsx";

// The tutor panel's visible limits (questions left, when they come back, what Pro changes) and its links into the
// lesson (an answer's `[Section](#heading-id)` goes to that heading).

beforeAll(() => loadMarkdownPipeline(), 30_000);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const at = "2026-11-25T20:00:00.000Z";

describe("the tutor's daily questions", { timeout: 30_000 }, () => {
  it("says when they come back in the learner's time zone", () => {
    const info = { resets_at: "2026-11-25T23:00:00.000Z", time_zone: "Europe/Paris" };
    expect(refillTime(info, new Date("2026-11-25T19:48:00.000Z"))).toBe("00:00 (Europe/Paris), in 3 h 12 min");
    expect(refillTime({ ...info, time_zone: "UTC" }, new Date("2026-11-25T22:30:00.000Z"))).toBe(
      "23:00 (UTC), in 30 min",
    );
  });

  it("shows what is left before the first question and after each", async () => {
    mockGet("/api/lessons/11/openai", tutorInfoSchema, { ...testTutorInfo, questions_left: 2 });
    const events = [
      { type: "delta", text: "See [Where am I?](#where-am-i)." },
      { type: "done", thread_id: 9, message_id: 91, assistant: "offline", questions_left: 1, guarded: false },
    ];
    server.use(
      http.post(new URL("/api/lessons/chat", window.location.origin).href, () => {
        const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");
        return new HttpResponse(body, { headers: { "content-type": "text/event-stream" } });
      }),
    );
    mockGet("/api/lessons/chat/threads/9", tutorThreadDetailSchema, {
      id: 9,
      lesson_id: 11,
      title: "Where am I?",
      message_count: 2,
      updated_at: at,
      messages: [],
    });
    const user = userEvent.setup();
    renderApp(<TutorChat lessonId={11} />);
    const left = await screen.findByText("2 of 20 left today");
    expect(left.getAttribute("aria-live")).toBe("polite");
    server.use(
      http.get(new URL("/api/lessons/11/openai", window.location.origin).href, () =>
        HttpResponse.json({ ...testTutorInfo, questions_left: 1 }),
      ),
    );
    await user.type(screen.getByLabelText(/^Your question/), "Where am I?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText("1 of 20 left today")).toBeTruthy();
  });

  it("when none is left, says when they come back and what Pro changes", async () => {
    const spent: TutorInfo = { ...testTutorInfo, questions_left: 0, time_zone: "Europe/Paris" };
    mockGet("/api/lessons/11/openai", tutorInfoSchema, spent);
    renderApp(<TutorChat lessonId={11} />);
    const notice = await screen.findByText(/You have asked all 20 of today's questions/);
    expect(notice.textContent).toMatch(/They come back at midnight in your time zone: 01:00 \(Europe\/Paris\), in /);
    expect(screen.getByText(/With Pro you get 200 questions a day instead of 20/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "See Pro plans" }).getAttribute("href")).toBe("/pricing");
  });

  it("asked anyway at 0, the server's refusal is not shown twice; the question stays in the box", async () => {
    mockGet("/api/lessons/11/openai", tutorInfoSchema, { ...testTutorInfo, questions_left: 0 });
    server.use(
      http.post(new URL("/api/lessons/chat", window.location.origin).href, () =>
        HttpResponse.json(
          {
            statusCode: 429,
            error: "Too Many Requests",
            message: "You have asked all 20 of today's questions. They reset at midnight in your time zone.",
          },
          { status: 429 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { container } = renderApp(<TutorChat lessonId={11} />);
    await user.type(await screen.findByLabelText(/^Your question/), "One more?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Ask" })).toBeTruthy());
    expect(container.querySelector("[data-tutor-spent]")).toBeTruthy();
    expect(container.querySelector("[data-tutor-problem]")).toBeNull();
    expect((screen.getByLabelText(/^Your question/) as HTMLTextAreaElement).value).toBe("One more?");
  });

  it("does not offer Pro to a learner who has it", async () => {
    mockGet("/api/lessons/11/openai", tutorInfoSchema, { ...testTutorInfo, questions_per_day: 200, questions_left: 0 });
    renderApp(<TutorChat lessonId={11} />);
    expect(await screen.findByText(/You have asked all 200 of today's questions/)).toBeTruthy();
    expect(screen.queryByText(/With Pro/)).toBeNull();
  });
});

describe("an answer's link into the lesson", { timeout: 30_000 }, () => {
  it("brings the section's heading into view and moves focus to it", async () => {
    mockGet("/api/lessons/11/openai", tutorInfoSchema, {
      ...testTutorInfo,
      threads: [{ id: 5, title: "Where am I?", message_count: 2, updated_at: at }],
    });
    mockGet("/api/lessons/chat/threads/5", tutorThreadDetailSchema, {
      id: 5,
      lesson_id: 11,
      title: "Where am I?",
      message_count: 2,
      updated_at: at,
      messages: [
        { id: 50, role: "user", content: "Where am I?", assistant: null, created_at: at },
        {
          id: 51,
          role: "assistant",
          content: "This is in [Where am I?](#where-am-i):\n\n> `pwd` shows it.",
          assistant: "offline",
          created_at: at,
        },
      ],
    });
    rememberThread(11, 5);
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    const user = userEvent.setup();
    renderApp(
      <>
        <h2 id="where-am-i">Where am I?</h2>
        <TutorChat lessonId={11} />
      </>,
    );
    await user.click(await screen.findByRole("link", { name: "Where am I?" }));
    const heading = screen.getByRole("heading", { name: "Where am I?" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: "start" }));
    expect(heading.getAttribute("tabindex")).toBe("-1");
  });
});
