import type { TutorStreamEvent } from "@neonlab/shared/schemas/tutor";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { createUser } from "../../test/users.ts";
import { runChat } from "./chat.ts";
import type { ChatProvider } from "./provider.ts";
import { getThread } from "./service.ts";
import { shownText } from "./test-helpers.ts";

// runChat with a provider of our own that streams fixed pieces, on the real database: an option is still
// refused when it is the very end of the reply (it ends at a word's end only when nothing follows).

const app = await createTestApp();
const option = "console.log(total)";
const lesson = {
  id: 1,
  title: "Logging",
  goal: "Print values.",
  body: "Print values with console.log.",
  course: "JS",
  chapter: "Basics",
  quizzes: [
    {
      id: 5,
      type: "single" as const,
      question: "How do you print total?",
      hint: "Look at the logging part.",
      state: "not tried" as const,
      correctTexts: [option],
      options: [
        { text: option, correct: true, explanation: "console.log prints it." },
        { text: "alert(total)", correct: false, explanation: "That shows a dialog." },
      ],
    },
  ],
  reflections: [],
};

async function chat(pieces: string[]) {
  const user = await createUser(app);
  const provider: ChatProvider = {
    kind: "model",
    model: "pieces",
    async *stream() {
      yield* pieces;
    },
  };
  const events: TutorStreamEvent[] = [];
  await runChat(
    {
      db: app.ctx.db,
      provider,
      userId: user.id,
      lessonId: lesson.id,
      context: { lesson, history: [] },
      threadId: null,
      question: "How do I print it?",
      usage: { day: "2030-01-01", left: 19 },
      signal: new AbortController().signal,
      log: { warn: () => undefined },
    },
    (e) => events.push(e),
  );
  const done = events.find((e) => e.type === "done");
  if (done?.type !== "done") throw new Error(JSON.stringify(events));
  const saved = await getThread(app.ctx.db, user.id, done.thread_id);
  return { shown: shownText(events), done, saved: saved.messages.at(-1)?.content };
}

describe("the tutor's guard at the end of a reply", () => {
  it("refuses a reply that ends with the option, then gives the hint", async () => {
    const result = await chat(["You print it with ", "console.", "log(total"]);
    expect(result.done.guarded).toBe(true);
    expect(result.shown).not.toContain("total");
    expect(result.shown).toContain("Look at the logging part.");
    expect(result.saved).toBe(result.shown);
  });

  it("sends a reply whose last word only begins with the option", async () => {
    const result = await chat(["You print it with ", "console.", "log(totals"]);
    expect(result.done.guarded).toBe(false);
    expect(result.shown).toBe("You print it with console.log(totals");
    expect(result.saved).toBe(result.shown);
  });
});
