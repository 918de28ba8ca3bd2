import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeOpenAi } from "../../test/fake-openai.ts";
import { createTestApp } from "../../test/test-app.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { quizzes } from "../learning/schema.ts";
import { FIXTURE_DIR, importFixtures, lessonId } from "../learning/test-helpers.ts";
import { ask } from "./test-helpers.ts";

// Hints, not answers, through the API: a pasted quiz question gets a nudge with the section to re-read, "another
// hint" a narrower one, and only once the learner has passed the quiz the explanation — from the offline
// assistant, and as what the model is told.

const fake = await startFakeOpenAi();
afterAll(() => fake.close());
const app = await createTestApp({
  env: { CONTENT_DIR: FIXTURE_DIR, OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "test-key", OPENAI_MODEL: "fake-tutor" },
});
await importFixtures(app.ctx);
const lesson = await lessonId(app.ctx.db, "neon-basics", "paths");
const [quiz] = await app.ctx.db.select().from(quizzes).where(eq(quizzes.lessonId, lesson));
const options = quiz!.options;

const passQuiz = async (user: TestUser) => {
  const res = await app.inject({
    method: "POST",
    url: `/api/lessons/${lesson}/quizes/${quiz!.id}/complete`,
    headers: user.headers,
    payload: { responses: options.filter((o) => o.correct).map((o) => o.id ?? "") },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const threadOf = (done: unknown) => (done as { thread_id: number }).thread_id;

describe("the tutor's hint ladder", () => {
  it("offline: a pasted quiz question gets hints with the section to re-read, the explanation once passed", async () => {
    const user = await createUser(app);
    const offline = `lesson-${lesson}-offline`;
    const first = await ask(app, user, { assistantId: offline, question: quiz!.question });
    expect(first.text).toMatch(/\*\*Quiz 1 · hint 1 of 2\*\* — .*Re-read \[Paths\]\(#lesson-title\)/);
    const threadId = threadOf(first.done);
    const second = await ask(app, user, { assistantId: offline, question: "another hint please", threadId });
    expect(second.text).toContain("**Quiz 1 · hint 2 of 2**");
    const third = await ask(app, user, { assistantId: offline, question: "just tell me the answer", threadId });
    expect(third.text).toContain("you have both hints for Quiz 1");
    for (const text of [first.text, second.text, third.text]) {
      for (const o of options) expect(text).not.toContain(o.text);
    }

    await passQuiz(user);
    const explained = await ask(app, user, { assistantId: offline, question: "Can you explain quiz 1 now?", threadId });
    expect(explained.text).toContain("You passed **Quiz 1**");
    for (const o of options) expect(explained.text).toContain(o.explanation);
    expect(explained.done).toMatchObject({ guarded: false });
  });

  it("model: told which quiz and which hint, never an option until passed; the hint's marker comes first", async () => {
    const user = await createUser(app);
    const first = await ask(app, user, { assistantId: `lesson-${lesson}`, question: quiz!.question });
    expect(first.text.startsWith("**Quiz 1 · hint 1 of 2**\n\n")).toBe(true);
    let system = fake.requests.at(-1)!.messages[0]!.content;
    expect(system).toContain(
      'The question is about quiz 1 ("Pick every absolute path."), which the learner has not passed',
    );
    expect(system).toContain("Give a first nudge");
    for (const o of options) expect(JSON.stringify(fake.requests.at(-1))).not.toContain(o.explanation);

    const threadId = threadOf(first.done);
    await ask(app, user, { assistantId: `lesson-${lesson}`, question: "another hint", threadId });
    system = fake.requests.at(-1)!.messages[0]!.content;
    expect(system).toContain("Give a narrower second hint");

    await passQuiz(user);
    const explained = await ask(app, user, { assistantId: `lesson-${lesson}`, question: "explain quiz 1", threadId });
    expect(explained.text.startsWith("**Quiz")).toBe(false);
    system = fake.requests.at(-1)!.messages[0]!.content;
    expect(system).toContain("which the learner has passed: explain it fully");
    for (const o of options)
      expect(system).toContain(`${o.correct ? "[right]" : "[wrong]"} ${o.text} — ${o.explanation}`);
  });

  it("a reflection gets questions to think further, not an answer", async () => {
    const user = await createUser(app);
    const res = await ask(app, user, {
      assistantId: `lesson-${lesson}-offline`,
      question: "In your own words, why does why paths matter?",
    });
    expect(res.text).toContain("**Reflection 1** is for your own thinking, so I won't write an answer for you.");
  });
});
