import { lessonDetailSchema, quizResultSchema, reflectionResultSchema } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import { createUser } from "../../test/users.ts";
import { PREMIUM_LESSON_MESSAGE } from "./access.ts";
import { answersOf, createLearningApp, grantAccess, lessonId } from "./test-helpers.ts";

describe("lessons API", async () => {
  const app = await createLearningApp();
  const db = app.ctx.db;
  const first = await lessonId(db, "neon-basics", "first-command");
  const paths = await lessonId(db, "neon-basics", "paths");

  it("returns a lesson without any answer, with neighbours across chapters", async () => {
    const res = await app.inject({ method: "GET", url: "/api/courses/neon-basics/lessons/first-command" });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/"correct"|explanation|reason 1/);
    const lesson = lessonDetailSchema.parse(res.json());
    expect(lesson).toMatchObject({ id: first, slug: "first-command", xp: 10, previous: null, completed: false });
    expect(lesson.next).toEqual({ slug: "paths", title: "Paths" });
    // Opaque ids (never positions), in an order that is not taken from the file.
    const options = lesson.quizzes[0].options;
    expect(options.map((o) => o.text).sort()).toEqual(["Option 0", "Option 1", "Option 2"]);
    for (const o of options) expect(o.id).toMatch(/^[0-9a-f]{10}$/);
    expect(lesson.body).toContain("(/courses/neon-basics/paths#absolute)");
    const last = lessonDetailSchema.parse(
      (await app.inject({ method: "GET", url: "/api/courses/neon-basics/lessons/listing" })).json(),
    );
    expect(last.previous).toEqual({ slug: "paths", title: "Paths" });
    expect(last.chapter).toMatchObject({ slug: "files", chapter_order: 2 });
  });

  it("answers 404 for unknown courses and lessons", async () => {
    for (const url of ["/api/courses/nope/lessons/first-command", "/api/courses/neon-basics/lessons/nope"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Lesson not found.");
    }
  });

  const lessonFor = async (headers: Record<string, string>, slug = "first-command") =>
    lessonDetailSchema.parse(
      (await app.inject({ method: "GET", url: `/api/courses/neon-basics/lessons/${slug}`, headers })).json(),
    );

  it("shows options shuffled per learner: the same on every visit, different between learners", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(app)));
    const orders = await Promise.all(
      users.map(async (u) => (await lessonFor(u.headers)).quizzes[0].options.map((o) => o.text).join("|")),
    );
    expect(new Set(orders).size).toBeGreaterThan(1);
    expect((await lessonFor(users[0].headers)).quizzes[0].options.map((o) => o.text).join("|")).toBe(orders[0]);
    // The same option has the same id for everyone: answers are checked by id, not by position.
    const ids = async (u: (typeof users)[number]) =>
      Object.fromEntries((await lessonFor(u.headers)).quizzes[0].options.map((o) => [o.text, o.id]));
    expect(await ids(users[1])).toEqual(await ids(users[0]));
  });

  it("grades quizzes on the server: wrong says so with the hint, right explains all; retries allowed", async () => {
    const user = await createUser(app);
    const [quiz] = await answersOf(db, first);
    const url = `/api/lessons/${first}/quizes/${quiz.quizId}/complete`;
    const wrong = await app.inject({
      method: "POST",
      url,
      headers: user.headers,
      payload: { responses: [quiz.wrong[0]] },
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).not.toMatch(/reason|Option \d/);
    expect(quizResultSchema.parse(wrong.json())).toEqual({
      quiz_id: quiz.quizId,
      correct: false,
      message: "That is not the right answer. Have another look and try again.",
      wrong_count: 1,
      hint: "Think about what the shell prints back.",
      explanation: "",
      explanations: [],
      passed: false,
    });
    const right = await app.inject({
      method: "POST",
      url,
      headers: user.headers,
      payload: { responses: quiz.correct },
    });
    const r = quizResultSchema.parse(right.json());
    expect(r).toMatchObject({ correct: true, passed: true, hint: null, wrong_count: null });
    expect(r.explanation).toBe("Option 1 is right because of reason 1.");
    // Every option explained, in the order this learner sees them.
    const shown = (await lessonFor(user.headers)).quizzes[0];
    expect(r.explanations.map((e) => e.option_id)).toEqual(shown.options.map((o) => o.id));
    expect(r.explanations.map((e) => [e.text, e.correct, e.selected]).sort()).toEqual([
      ["Option 0", false, false],
      ["Option 1", true, true],
      ["Option 2", false, false],
    ]);
    // A later wrong answer does not undo the pass.
    const again = await app.inject({
      method: "POST",
      url,
      headers: user.headers,
      payload: { responses: [quiz.wrong[1]] },
    });
    expect(again.json()).toMatchObject({ correct: false, passed: true });
    expect(shown.passed).toBe(true);
    const lesson = await lessonFor(user.headers);
    expect(lesson.passed_quiz_ids).toEqual([quiz.quizId]);
    expect(lesson.quizzes[0].review?.find((o) => o.correct)?.option_id).toBe(quiz.correct[0]);
    expect(lesson.quizzes[0].review?.map((o) => o.option_id)).toEqual(shown.options.map((o) => o.id));
  });

  it("grades multiple-choice quizzes by the exact set of correct options", async () => {
    const user = await createUser(app);
    const [quiz] = await answersOf(db, paths);
    const url = `/api/lessons/${paths}/quizes/${quiz.quizId}/complete`;
    const answer = async (responses: string[]) =>
      quizResultSchema.parse(
        (await app.inject({ method: "POST", url, headers: user.headers, payload: { responses } })).json(),
      );
    expect(await answer([quiz.correct[0]])).toMatchObject({
      correct: false,
      wrong_count: 0,
      message: "The option you chose is right, but some right options are missing.",
    });
    expect(await answer([...quiz.correct, ...quiz.wrong])).toMatchObject({
      correct: false,
      wrong_count: 1,
      message: "1 of the 3 options you chose is wrong.",
      hint: null,
      explanations: [],
    });
    expect((await answer([...quiz.correct].reverse())).correct).toBe(true);
  });

  it("rejects bad quiz answers with 400 and unknown quizzes with 404", async () => {
    const user = await createUser(app);
    const [quiz] = await answersOf(db, first);
    const post = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: "POST", url, headers: user.headers, payload });
    const url = `/api/lessons/${first}/quizes/${quiz.quizId}/complete`;
    for (const position of ["0", "1", "7"]) {
      expect((await post(url, { responses: [position] })).json()).toMatchObject({
        statusCode: 400,
        message: `Unknown option "${position}". Reload the lesson and pick one of its options.`,
      });
    }
    expect((await post(url, { responses: [1] })).json()).toMatchObject({ statusCode: 400 });
    expect((await post(url, { responses: [quiz.correct[0], quiz.wrong[0]] })).json().message).toBe(
      "Pick exactly one option.",
    );
    expect((await post(url, { responses: [] })).statusCode).toBe(400);
    expect((await post(url, {})).statusCode).toBe(400);
    expect(
      (await post(`/api/lessons/${paths}/quizes/${quiz.quizId}/complete`, { responses: quiz.correct })).statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/lessons/999999/quizes/${quiz.quizId}/complete`, { responses: quiz.correct })).statusCode,
    ).toBe(404);
    const anonymous = await app.inject({ method: "POST", url, payload: { responses: quiz.correct } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("saves reflections of at least 10 characters and replaces them on a new answer", async () => {
    const user = await createUser(app);
    const lesson = lessonDetailSchema.parse(
      (await app.inject({ method: "GET", url: "/api/courses/neon-basics/lessons/paths" })).json(),
    );
    const url = `/api/lessons/${paths}/reflections/${lesson.reflections[0].id}/complete`;
    const short = await app.inject({
      method: "POST",
      url,
      headers: user.headers,
      payload: { userResponse: "  too short " },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("userResponse: Your answer must be at least 10 characters");
    const ok = await app.inject({
      method: "POST",
      url,
      headers: user.headers,
      payload: { userResponse: "Absolute paths never depend on where I am." },
    });
    expect(reflectionResultSchema.parse(ok.json()).user_response).toBe("Absolute paths never depend on where I am.");
    await app.inject({
      method: "POST",
      url,
      headers: user.headers,
      payload: { userResponse: "Second thoughts, longer." },
    });
    const after = lessonDetailSchema.parse(
      (
        await app.inject({ method: "GET", url: "/api/courses/neon-basics/lessons/paths", headers: user.headers })
      ).json(),
    );
    expect(after.reflections[0].user_response).toBe("Second thoughts, longer.");
    expect(after.answered_reflection_ids).toEqual([lesson.reflections[0].id]);
    const wrongLesson = await app.inject({
      method: "POST",
      url: `/api/lessons/${first}/reflections/${lesson.reflections[0].id}/complete`,
      headers: user.headers,
      payload: { userResponse: "A long enough answer." },
    });
    expect(wrongLesson.statusCode).toBe(404);
  });

  it("gates premium lessons after the free preview chapter with 403", async () => {
    const user = await createUser(app);
    const preview = await app.inject({
      method: "GET",
      url: "/api/courses/neon-pro/lessons/welcome",
      headers: user.headers,
    });
    expect(preview.statusCode).toBe(200);
    const locked = await app.inject({
      method: "GET",
      url: "/api/courses/neon-pro/lessons/advanced",
      headers: user.headers,
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(PREMIUM_LESSON_MESSAGE);
    expect((await app.inject({ method: "GET", url: "/api/courses/neon-pro/lessons/advanced" })).statusCode).toBe(403);
    const advanced = await lessonId(db, "neon-pro", "advanced");
    const [quiz] = await answersOf(db, advanced);
    const answer = await app.inject({
      method: "POST",
      url: `/api/lessons/${advanced}/quizes/${quiz.quizId}/complete`,
      headers: user.headers,
      payload: { responses: quiz.correct },
    });
    expect(answer.statusCode).toBe(403);
    const complete = await app.inject({
      method: "POST",
      url: `/api/lessons/${advanced}/complete`,
      headers: user.headers,
    });
    expect(complete.statusCode).toBe(403);
    await grantAccess(db, user.id);
    const open = await app.inject({
      method: "GET",
      url: "/api/courses/neon-pro/lessons/advanced",
      headers: user.headers,
    });
    expect(open.statusCode).toBe(200);
  });
});
