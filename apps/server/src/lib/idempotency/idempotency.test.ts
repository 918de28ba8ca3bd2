import { randomUUID } from "node:crypto";
import { brotliDecompressSync } from "node:zlib";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "../../modules/identity/profiles/schema.ts";
import { ledger } from "../../modules/wallet/ledger/schema.ts";
import { quizAttempts } from "../../modules/learning/schema.ts";
import {
  answersOf,
  completeLessonApi,
  createLearningApp,
  lessonId,
  prepareLesson,
} from "../../modules/learning/test-helpers.ts";
import { createUser, type TestUser } from "../../test/users.ts";
import { IDEMPOTENCY_MESSAGES } from "./hooks.ts";
import { idempotencyKeys } from "./schema.ts";
import { deleteExpiredKeys } from "./store.ts";

const app = await createLearningApp();
const db = app.ctx.db;
const ids = {
  first: await lessonId(db, "neon-basics", "first-command"),
  paths: await lessonId(db, "neon-basics", "paths"),
};
const [pathsQuiz] = await answersOf(db, ids.paths);
if (!pathsQuiz) throw new Error("the fixture lesson 'paths' needs a quiz");

const newKey = () => randomUUID();

/** A wrong answer to the "paths" quiz: each one that runs is one more quiz attempt row. */
function answerQuiz(user: TestUser, key?: string, responses = pathsQuiz!.wrong.slice(0, 1)) {
  return app.inject({
    method: "POST",
    url: `/api/lessons/${ids.paths}/quizes/${pathsQuiz!.quizId}/complete`,
    headers: { ...user.headers, ...(key === undefined ? {} : { "idempotency-key": key }) },
    payload: { responses },
  });
}

function completeLesson(user: TestUser, id: number, key: string) {
  return app.inject({
    method: "POST",
    url: `/api/lessons/${id}/complete`,
    headers: { ...user.headers, "idempotency-key": key },
  });
}

async function attemptsOf(user: TestUser) {
  const [row] = await db
    .select({ n: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, user.id), eq(quizAttempts.quizId, pathsQuiz!.quizId)));
  return row?.n ?? 0;
}

const keyRow = async (user: TestUser, key: string) =>
  (
    await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)))
  )[0];

describe("Idempotency-Key", () => {
  it("a lesson completion sent twice with one key answers the same twice and grants XP once", async () => {
    const user = await createUser(app);
    await prepareLesson(app, user, ids.first);
    const key = newKey();
    const complete = () => completeLesson(user, ids.first, key);
    const first = await complete();
    const second = await complete();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.body).toBe(first.body);
    expect(first.json()).toMatchObject({ alreadyCompleted: false, xpAwarded: 10 });

    const events = await db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, user.id), eq(ledger.kind, "xp")));
    expect(events.map((e) => e.amount)).toEqual([10]);
    const [profile] = await db.select({ xp: profiles.xp }).from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.xp).toBe(10);
    // Without the key the route runs again, and says so: the second answer above was the kept one.
    expect((await completeLessonApi(app, user, ids.first)).json()).toMatchObject({ alreadyCompleted: true });
  });

  it("a profile update sent twice with one key is applied once", async () => {
    const user = await createUser(app);
    const key = newKey();
    const update = (bio: string) =>
      app.inject({
        method: "PUT",
        url: "/api/profile",
        headers: { ...user.headers, "idempotency-key": key },
        payload: { bio },
      });
    const first = await update("Retries are safe now.");
    expect(first.statusCode, first.body).toBe(200);
    const [afterFirst] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    const second = await update("Retries are safe now.");
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    const [afterSecond] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(afterSecond?.updatedAt).toEqual(afterFirst?.updatedAt);
  });

  it("five concurrent sends with one key run once; the others get the answer or 409", async () => {
    const user = await createUser(app);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => answerQuiz(user, key)));
    const ran = answers.filter((res) => res.statusCode === 200 && res.headers["idempotent-replayed"] === undefined);
    expect(ran).toHaveLength(1);
    for (const res of answers) {
      if (res.statusCode === 409) {
        expect(res.json()).toEqual({
          statusCode: 409,
          statusMessage: "Conflict",
          message: IDEMPOTENCY_MESSAGES.inProgress,
        });
        expect(res.headers["retry-after"]).toBe("1");
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(ran[0]?.body);
      }
    }
    expect(await attemptsOf(user)).toBe(1);
  });

  it("five concurrent lesson completions with one key grant XP once", async () => {
    const user = await createUser(app);
    await prepareLesson(app, user, ids.first);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => completeLesson(user, ids.first, key)));
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    const firstRuns = answers.filter((r) => r.statusCode === 200 && !r.headers["idempotent-replayed"]);
    expect(firstRuns).toHaveLength(1);
    expect(firstRuns[0]?.json()).toMatchObject({ alreadyCompleted: false, xpAwarded: 10 });
    const events = await db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, user.id), eq(ledger.kind, "xp")));
    expect(events).toHaveLength(1);
  });

  it("a different key is a new request; no key is no idempotency", async () => {
    const user = await createUser(app);
    await answerQuiz(user, newKey());
    await answerQuiz(user, newKey());
    expect(await attemptsOf(user)).toBe(2);
    const plain = await answerQuiz(user);
    expect(plain.headers["idempotent-replayed"]).toBeUndefined();
    await answerQuiz(user);
    expect(await attemptsOf(user)).toBe(4);
    const [kept] = await db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(kept?.n).toBe(2);
  });

  it("a used key with another body, method or address answers 422 and runs nothing", async () => {
    const user = await createUser(app);
    const key = newKey();
    expect((await answerQuiz(user, key, pathsQuiz.wrong.slice(0, 1))).statusCode).toBe(200);
    const otherBody = await answerQuiz(user, key, pathsQuiz.correct);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({
      statusCode: 422,
      statusMessage: "Unprocessable Entity",
      message: IDEMPOTENCY_MESSAGES.mismatch,
    });
    const otherRoute = await app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { ...user.headers, "idempotency-key": key },
      payload: { bio: "Another request" },
    });
    expect(otherRoute.statusCode).toBe(422);
    expect(await attemptsOf(user)).toBe(1);
    const [profile] = await db.select({ bio: profiles.bio }).from(profiles).where(eq(profiles.id, user.id));
    expect(profile?.bio).toBeNull();
  });

  it("a malformed key answers 400 and runs nothing", async () => {
    const user = await createUser(app);
    for (const key of ["", "x".repeat(256), "clé", "tab\there"]) {
      const res = await answerQuiz(user, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.invalid);
    }
    expect(await attemptsOf(user)).toBe(0);
    // 255 printable characters are fine, and the draft's quoted form names the same key.
    expect((await answerQuiz(user, "k".repeat(255))).statusCode).toBe(200);
    const bare = await answerQuiz(user, "quoted-or-not");
    const quoted = await answerQuiz(user, '"quoted-or-not"');
    expect(bare.headers["idempotent-replayed"]).toBeUndefined();
    expect(quoted.headers["idempotent-replayed"]).toBe("true");
    expect(await attemptsOf(user)).toBe(2);
  });

  it("keys belong to their user: another user's same key is a request of its own", async () => {
    const [a, b] = [await createUser(app), await createUser(app)];
    const key = newKey();
    const byA = await answerQuiz(a, key);
    const byB = await answerQuiz(b, key);
    expect(byB.statusCode).toBe(200);
    expect(byB.headers["idempotent-replayed"]).toBeUndefined();
    expect(byA.headers["idempotent-replayed"]).toBeUndefined();
    expect([await attemptsOf(a), await attemptsOf(b)]).toEqual([1, 1]);
  });

  it("anonymous requests are not keyed", async () => {
    const key = newKey();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/client-errors",
        headers: { "idempotency-key": key },
        payload: { message: `anonymous report ${key}` },
      });
      expect(res.statusCode).toBe(202);
      expect(res.headers["idempotent-replayed"]).toBeUndefined();
    }
    const [kept] = await db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(kept?.n).toBe(0);
  });

  it("a 4xx answer is kept and replayed like any other", async () => {
    const user = await createUser(app);
    const key = newKey();
    // The lesson's quiz and reflection are not done yet: 409.
    const send = () => completeLesson(user, ids.paths, key);
    const first = await send();
    expect(first.statusCode).toBe(409);
    const second = await send();
    expect(second.statusCode).toBe(409);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.body).toBe(first.body);
  });

  it("a 5xx answer is not kept: the retry with the same key runs again", async () => {
    const user = await createUser(app);
    const key = newKey();
    const trigger = `fail_quiz_attempt_${user.id.replaceAll("-", "")}`;
    await db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$
        begin raise exception 'simulated failure'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger ${trigger} before insert on quiz_attempts for each row
        when (new.user_id = '${user.id}') execute function ${trigger}()`),
    );
    try {
      expect((await answerQuiz(user, key)).statusCode).toBe(500);
      expect(await keyRow(user, key)).toBeUndefined();
    } finally {
      await db.execute(sql.raw(`drop trigger ${trigger} on quiz_attempts`));
      await db.execute(sql.raw(`drop function ${trigger}()`));
    }
    const retry = await answerQuiz(user, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBeUndefined();
    expect(await attemptsOf(user)).toBe(1);
  });

  it("a key still running answers 409; one abandoned for 5 minutes or expired after 48 hours runs again", async () => {
    const user = await createUser(app);
    const key = newKey();
    await answerQuiz(user, key);
    const setRow = (values: Record<string, unknown>) =>
      db
        .update(idempotencyKeys)
        .set(values)
        .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));

    await setRow({ status: null });
    const running = await answerQuiz(user, key);
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);

    await setRow({ createdAt: sql`now() - interval '6 minutes'` });
    expect((await answerQuiz(user, key)).headers["idempotent-replayed"]).toBeUndefined();
    expect(await attemptsOf(user)).toBe(2);
    expect((await answerQuiz(user, key)).headers["idempotent-replayed"]).toBe("true");

    // Still kept after a day (an offline write sent the next day is answered from its first run) …
    await setRow({ createdAt: sql`now() - interval '47 hours'` });
    expect((await answerQuiz(user, key)).headers["idempotent-replayed"]).toBe("true");
    expect(await attemptsOf(user)).toBe(2);

    // … not after 48 hours.
    await setRow({ createdAt: sql`now() - interval '49 hours'` });
    expect((await answerQuiz(user, key)).headers["idempotent-replayed"]).toBeUndefined();
    expect(await attemptsOf(user)).toBe(3);

    await setRow({ createdAt: sql`now() - interval '49 hours'` });
    expect(await deleteExpiredKeys(db)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(user, key)).toBeUndefined();
  });

  it("a replayed answer is compressed like the first one", async () => {
    const user = await createUser(app);
    const key = newKey();
    const update = () =>
      app.inject({
        method: "PUT",
        url: "/api/profile",
        headers: { ...user.headers, "idempotency-key": key, "accept-encoding": "br" },
        payload: { bio: "b".repeat(500), location: "l".repeat(100), work_place: "w".repeat(100) },
      });
    const first = await update();
    const second = await update();
    expect(second.headers["idempotent-replayed"]).toBe("true");
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
    }
    const decoded = [first, second].map((res) => brotliDecompressSync(res.rawPayload).toString("utf8"));
    expect(decoded[0]?.length).toBeGreaterThanOrEqual(1024);
    expect(decoded[1]).toBe(decoded[0]);
  });

  it("an account deleted with a key takes its keys with it", async () => {
    const user = await createUser(app);
    await answerQuiz(user, newKey());
    const res = await app.inject({
      method: "DELETE",
      url: "/api/users",
      headers: { ...user.headers, "idempotency-key": newKey() },
      payload: { password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [kept] = await db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
    expect(kept?.n).toBe(0);
  });

  it("the OpenAPI document names the header on every writing operation", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: "Idempotency-Key", in: "header" });
    const ref = { $ref: "#/components/parameters/IdempotencyKey" };
    expect(doc.paths["/api/profile"].put.parameters).toContainEqual(ref);
    expect(doc.paths["/api/lessons/{id}/complete"].post.parameters).toContainEqual(ref);
    expect(doc.paths["/api/profile"].get.parameters ?? []).not.toContainEqual(ref);
  });
});
