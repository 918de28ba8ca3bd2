import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { TUTOR_MESSAGES } from "@neonlab/shared/schemas/tutor";
import { listen } from "../../test/burst.ts";
import { startFakeOpenAi } from "../../test/fake-openai.ts";
import { createUser, deleteOwnAccount } from "../../test/users.ts";
import { FIXTURE_DIR, importFixtures, lessonId } from "../learning/test-helpers.ts";
import { lessons, quizzes } from "../learning/schema.ts";
import { tutorLessonContent } from "../learning/service.ts";
import { createTestApp } from "../../test/test-app.ts";
import { tutorThreads } from "./schema.ts";
import { ask, parseEvents, tutorInfo } from "./test-helpers.ts";

// The AI tutor against a fake OpenAI-compatible server through the real openai SDK (no network).

const fake = await startFakeOpenAi();
afterAll(() => fake.close());
const app = await createTestApp({
  env: {
    CONTENT_DIR: FIXTURE_DIR,
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: "test-key",
    OPENAI_MODEL: "fake-tutor",
    OPENAI_TIMEOUT_MS: "1500",
  },
});
await importFixtures(app.ctx);
const lesson = await lessonId(app.ctx.db, "neon-basics", "first-command");
const premium = await lessonId(app.ctx.db, "neon-pro", "advanced");
const [quiz] = await app.ctx.db.select().from(quizzes).where(eq(quizzes.lessonId, lesson));
const correct = quiz!.options.find((o) => o.correct)!.text;
fake.leaks = [correct];

describe("the AI tutor on an OpenAI-compatible provider", () => {
  it("says what the panel needs: the assistant, the model, questions left and the threads", async () => {
    const user = await createUser(app);
    const info = await tutorInfo(app, user, lesson);
    expect(info).toMatchObject({
      assistant_id: `lesson-${lesson}`,
      offline_assistant_id: `lesson-${lesson}-offline`,
      kind: "model",
      model: "fake-tutor",
      questions_per_day: 20,
      questions_left: 20,
      threads: [],
    });
    expect(new Date(info.resets_at).getTime()).toBeGreaterThan(Date.now());
    expect(
      (await app.inject({ method: "GET", url: `/api/lessons/${premium}/openai`, headers: user.headers })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: "GET", url: "/api/lessons/999999/openai", headers: user.headers })).statusCode,
    ).toBe(404);
  });

  it("streams an answer, saves the thread, and sends the lesson but never the answers, the e-mail or the name", async () => {
    const user = await createUser(app, { displayName: "Ada Secretname" });
    const before = fake.requests.length;
    const first = await ask(app, user, {
      assistantId: `lesson-${lesson}`,
      question: "How does the shell run a command?",
    });
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(first.res.headers["content-type"]).toContain("text/event-stream");
    expect(first.res.headers["content-encoding"]).toBeUndefined();
    expect(first.events.filter((e) => e.type === "delta").length).toBeGreaterThan(1);
    expect(first.text).toContain("Good question!");
    expect(first.done).toMatchObject({ assistant: "model", questions_left: 19, guarded: false });
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const system = sent[0]!.messages[0]!;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Your First Command");
    expect(system.content).toContain("Which option is right for `echo`?");
    expect(system.content).toContain("not tried it yet");
    const everything = JSON.stringify(sent);
    expect(everything).not.toContain(correct);
    expect(everything).not.toContain(user.email);
    expect(everything).not.toContain("Secretname");

    // Resumed: the thread goes back to the model with the new question.
    const threadId = first.done?.type === "done" ? first.done.thread_id : 0;
    const second = await ask(app, user, { assistantId: `lesson-${lesson}`, question: "And the output?", threadId });
    expect(second.done).toMatchObject({ thread_id: threadId, questions_left: 18 });
    const resumed = fake.requests.at(-1)!.messages.map((m) => m.role);
    expect(resumed).toEqual(["system", "user", "assistant", "user"]);
    const info = await tutorInfo(app, user, lesson);
    expect(info.threads).toEqual([
      expect.objectContaining({ id: threadId, message_count: 4, title: "How does the shell run a command?" }),
    ]);
    const thread = await app.inject({
      method: "GET",
      url: `/api/lessons/chat/threads/${threadId}`,
      headers: user.headers,
    });
    expect(thread.json().messages.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
  });

  it("tells the model the learner's state in each quiz: answered wrong, then passed", async () => {
    const user = await createUser(app);
    const answer = async (responses: string[]) => {
      const res = await app.inject({
        method: "POST",
        url: `/api/lessons/${lesson}/quizes/${quiz!.id}/complete`,
        headers: user.headers,
        payload: { responses },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const systemPrompt = async () => {
      await ask(app, user, { assistantId: `lesson-${lesson}`, question: "Where am I stuck?" });
      return fake.requests.at(-1)!.messages[0]!.content;
    };
    await answer([quiz!.options.find((o) => !o.correct)?.id ?? ""]);
    expect(await systemPrompt()).toContain("answered it wrong");
    await answer(quiz!.options.filter((o) => o.correct).map((o) => o.id ?? ""));
    expect(await systemPrompt()).toContain("passed it");
  });

  it("refuses a reply that states a quiz's correct option: asks again once, then gives a hint", async () => {
    const user = await createUser(app);
    const once = await ask(app, user, {
      assistantId: `lesson-${lesson}`,
      question: "Just tell me the answer to the quiz.",
    });
    expect(once.res.body).not.toContain(correct);
    expect(once.text).toContain("Here is a hint instead");
    expect(once.done).toMatchObject({ guarded: true });
    expect(fake.requests.at(-1)!.messages.at(-1)!.role).toBe("system");

    fake.leakAlways = true;
    try {
      const twice = await ask(app, user, {
        assistantId: `lesson-${lesson}`,
        question: "Just tell me the answer, please.",
      });
      expect(twice.res.body).not.toContain(correct);
      expect(twice.text).toContain("Think about what the shell prints back.");
      expect(twice.done).toMatchObject({ guarded: true });
      const threadId = twice.done?.type === "done" ? twice.done.thread_id : 0;
      const saved = await app.inject({
        method: "GET",
        url: `/api/lessons/chat/threads/${threadId}`,
        headers: user.headers,
      });
      expect(saved.body).not.toContain(correct);
    } finally {
      fake.leakAlways = false;
    }
  });

  it.each([
    ["[down]", TUTOR_MESSAGES.providerDown],
    ["[busy]", TUTOR_MESSAGES.providerBusy],
    ["[stall]", TUTOR_MESSAGES.providerTimeout],
    ["[stall-first]", TUTOR_MESSAGES.providerTimeout],
    ["[malformed]", TUTOR_MESSAGES.providerMalformed],
    ["[empty]", TUTOR_MESSAGES.providerMalformed],
  ])(
    "a provider failure (%s) is told clearly, not counted, the thread intact, the offline assistant offered",
    async (tag, message) => {
      const user = await createUser(app);
      const first = await ask(app, user, { assistantId: `lesson-${lesson}`, question: "What is a prompt?" });
      const threadId = first.done?.type === "done" ? first.done.thread_id : 0;
      const failed = await ask(app, user, { assistantId: `lesson-${lesson}`, question: `Why? ${tag}`, threadId });
      expect(failed.res.statusCode).toBe(200);
      expect(failed.error).toEqual({ type: "error", message, offline: true });
      expect(failed.done).toBeUndefined();
      const info = await tutorInfo(app, user, lesson);
      expect(info.questions_left).toBe(19);
      expect(info.threads[0]).toMatchObject({ id: threadId, message_count: 2 });
      // Offered instead: the offline assistant answers the same question in the same thread.
      const offline = await ask(app, user, {
        assistantId: info.offline_assistant_id,
        question: "What does the shell do with a command?",
        threadId,
      });
      expect(offline.text.startsWith(TUTOR_MESSAGES.offlineLead)).toBe(true);
      expect(offline.done).toMatchObject({ assistant: "offline", thread_id: threadId, questions_left: 18 });
    },
  );

  it("stops the upstream call when the learner stops the answer", async () => {
    const base = await listen(app);
    const user = await createUser(app);
    const abortedBefore = fake.aborted;
    fake.delayMs = 200;
    try {
      const controller = new AbortController();
      const res = await fetch(`${base}/api/lessons/chat`, {
        method: "POST",
        headers: { ...user.headers, "content-type": "application/json" },
        body: JSON.stringify({ assistantId: `lesson-${lesson}`, question: "Explain the prompt slowly" }),
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      let seen = "";
      while (!seen.includes('"delta"')) seen += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      await expect.poll(() => fake.aborted, { timeout: 3000 }).toBe(abortedBefore + 1);
      // What was shown is kept in the thread, marked as stopped.
      await expect.poll(async () => (await tutorInfo(app, user, lesson)).threads.length, { timeout: 3000 }).toBe(1);
    } finally {
      fake.delayMs = 5;
    }
  });

  it("keeps threads to their owner: another user can not read, continue or delete them", async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    const first = await ask(app, owner, { assistantId: `lesson-${lesson}`, question: "What is echo for?" });
    const threadId = first.done?.type === "done" ? first.done.thread_id : 0;
    const url = `/api/lessons/chat/threads/${threadId}`;
    expect((await app.inject({ method: "GET", url, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url, headers: other.headers })).statusCode).toBe(404);
    const sneak = await ask(app, other, { assistantId: `lesson-${lesson}`, question: "More?", threadId });
    expect(sneak.res.statusCode).toBe(404);
    expect((await tutorInfo(app, other, lesson)).questions_left).toBe(20);
    expect((await tutorInfo(app, other, lesson)).threads).toEqual([]);
    // Another lesson's assistant can not continue it either.
    const paths = await lessonId(app.ctx.db, "neon-basics", "paths");
    expect(
      (await ask(app, owner, { assistantId: `lesson-${paths}`, question: "More?", threadId })).res.statusCode,
    ).toBe(404);
    expect((await app.inject({ method: "DELETE", url, headers: owner.headers })).json()).toEqual({ deleted: true });
    expect((await app.inject({ method: "GET", url, headers: owner.headers })).statusCode).toBe(404);
  });

  it("refuses bad input with a message and counts nothing", async () => {
    const user = await createUser(app);
    const long = await ask(app, user, { assistantId: `lesson-${lesson}`, question: "x".repeat(2001) });
    expect(long.res.statusCode).toBe(400);
    expect(long.res.json().message).toContain("2000 characters");
    expect((await ask(app, user, { assistantId: `lesson-${lesson}`, question: "   " })).res.statusCode).toBe(400);
    expect((await ask(app, user, { assistantId: "lesson-x", question: "Hi" })).res.statusCode).toBe(400);
    expect((await ask(app, user, { assistantId: "lesson-99999999", question: "Hi" })).res.statusCode).toBe(404);
    expect((await ask(app, user, { assistantId: `lesson-${premium}`, question: "Hi" })).res.statusCode).toBe(403);
    expect((await tutorInfo(app, user, lesson)).questions_left).toBe(20);
  });

  it("past the daily allowance answers 429 saying when it resets; account deletion deletes the threads", async () => {
    const user = await createUser(app);
    await app.ctx.db.execute(
      `insert into tutor_usage (user_id, day, count) select '${user.id}', to_char(now() at time zone 'UTC', 'YYYY-MM-DD'), 19` as never,
    );
    const last = await ask(app, user, { assistantId: `lesson-${lesson}-offline`, question: "What does echo print?" });
    expect(last.done).toMatchObject({ questions_left: 0 });
    const over = await ask(app, user, { assistantId: `lesson-${lesson}-offline`, question: "And now?" });
    expect(over.res.statusCode).toBe(429);
    expect(over.res.json().message).toMatch(
      /^You have asked all 20 of today's questions\. They reset at midnight in your time zone \(00:00 UTC\), in \d+ (h \d+ )?min\.$/,
    );
    expect(Number(over.res.headers["retry-after"])).toBeGreaterThan(0);
    expect(parseEvents(over.res.body)).toEqual([]);

    expect((await deleteOwnAccount(app, user)).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(tutorThreads).where(eq(tutorThreads.userId, user.id))).toEqual([]);
  });

  it("keeps a lesson's content and quizzes in memory until the next import", async () => {
    const paths = await lessonId(app.ctx.db, "neon-basics", "paths");
    const rename = (title: string) => app.ctx.db.update(lessons).set({ title }).where(eq(lessons.id, paths));
    const original = (await tutorLessonContent(app.ctx.db, paths)).title;
    await rename("Renamed behind the cache's back");
    expect((await tutorLessonContent(app.ctx.db, paths)).title).toBe(original);
    await importFixtures(app.ctx);
    await rename("Renamed after an import");
    expect((await tutorLessonContent(app.ctx.db, paths)).title).toBe("Renamed after an import");
    await importFixtures(app.ctx);
  });
});
