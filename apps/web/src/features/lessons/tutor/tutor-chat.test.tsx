import { type TutorInfo, tutorInfoSchema, tutorThreadDetailSchema } from "@neonlab/shared/schemas/tutor";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw/http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadMarkdownPipeline } from "../../../lib/markdown.ts";
import { testTutorInfo } from "../../../test/fixtures.ts";
import { mockGet, server } from "../../../test/http.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { rememberThread } from "./remembered-thread.ts";
import { TutorChat } from "./tutor-chat.tsx";

// Answers are rendered by the markdown pipeline, a lazily imported chunk: imported once here, so the first test
// does not wait on its cold import in findByText's time.
beforeAll(() => loadMarkdownPipeline(), 30_000);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const at = "2026-11-25T20:00:00.000Z";
const info: TutorInfo = {
  ...testTutorInfo,
  questions_left: 18,
  threads: [
    { id: 5, title: "What is a doctype?", message_count: 2, updated_at: at },
    { id: 4, title: "Why semantics?", message_count: 2, updated_at: at },
  ],
};

function mockThread(id: number, question: string, answer: string) {
  mockGet(`/api/lessons/chat/threads/${id}`, tutorThreadDetailSchema, {
    id,
    lesson_id: 11,
    title: question,
    message_count: 2,
    updated_at: at,
    messages: [
      { id: id * 10, role: "user", content: question, assistant: null, created_at: at },
      { id: id * 10 + 1, role: "assistant", content: answer, assistant: "offline", created_at: at },
    ],
  });
}

describe("TutorChat reopens the learner's conversation on load", { timeout: 30_000 }, () => {
  it("opens the newest conversation when none was chosen here", async () => {
    mockGet("/api/lessons/11/openai", tutorInfoSchema, info);
    mockThread(5, "What is a doctype?", "It tells the browser to use standards mode.");
    renderApp(<TutorChat lessonId={11} />);
    expect(await screen.findByText("It tells the browser to use standards mode.")).toBeTruthy();
    expect(screen.getByText("What is a doctype?", { selector: "p" })).toBeTruthy();
  });

  it("opens the conversation last chosen for this lesson, or a new one after 'New conversation'", async () => {
    mockGet("/api/lessons/11/openai", tutorInfoSchema, info);
    mockThread(4, "Why semantics?", "Screen readers and search engines read the structure.");
    rememberThread(11, 4);
    renderApp(<TutorChat lessonId={11} />);
    expect(await screen.findByText("Screen readers and search engines read the structure.")).toBeTruthy();
    cleanup();

    rememberThread(11, null);
    renderApp(<TutorChat lessonId={11} />);
    expect(await screen.findByText(/Stuck\? Ask about anything in this lesson/)).toBeTruthy();
    expect(screen.queryByText("Why semantics?", { selector: "p" })).toBeNull();
  });

  it("falls back to the newest when the remembered conversation was deleted", async () => {
    mockGet("/api/lessons/11/openai", tutorInfoSchema, info);
    mockThread(5, "What is a doctype?", "It tells the browser to use standards mode.");
    rememberThread(11, 3);
    renderApp(<TutorChat lessonId={11} />);
    expect(await screen.findByText("It tells the browser to use standards mode.")).toBeTruthy();
  });
});

describe("TutorChat's screen-reader announcement", { timeout: 30_000 }, () => {
  it("reads the finished answer as plain text, without markdown marks", async () => {
    mockGet("/api/lessons/11/openai", tutorInfoSchema, { ...info, threads: [] });
    const answer = "Use **the doctype** first.\n\n- `<!doctype html>`\n- [MDN](https://developer.mozilla.org/)";
    const events = [
      { type: "delta", text: answer },
      { type: "done", thread_id: 9, message_id: 91, assistant: "offline", questions_left: 17, guarded: false },
    ];
    server.use(
      http.post(new URL("/api/lessons/chat", window.location.origin).href, () => {
        const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");
        return new HttpResponse(body, { headers: { "content-type": "text/event-stream" } });
      }),
    );
    mockThread(9, "Where does the doctype go?", answer);
    const user = userEvent.setup();
    renderApp(<TutorChat lessonId={11} />);
    await user.type(await screen.findByLabelText(/^Your question/), "Where does the doctype go?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    const live = document.querySelector("[data-tutor-announcement]");
    await waitFor(() => expect(live?.textContent).toMatch(/^The tutor answered/));
    expect(live?.textContent).toBe("The tutor answered: Use the doctype first.\n<!doctype html>\nMDN");
  });
});
