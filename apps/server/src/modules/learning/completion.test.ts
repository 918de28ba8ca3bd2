import { ownProfileSchema, publicProfileSchema } from "@neonlab/shared/schemas/profile";
import {
  completedChapterSchema,
  completedCourseSchema,
  completedLessonSchema,
  lessonCompleteResultSchema,
} from "@neonlab/shared/schemas/learning";
import { ledgerPageSchema } from "@neonlab/shared/schemas/ledger";
import { activitySchema } from "@neonlab/shared/schemas/progress";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createUser, deleteOwnAccount } from "../../test/users.ts";
import { ledger } from "../wallet/ledger/schema.ts";
import { streaks, userActivities } from "../progress/schema.ts";
import { presenceOf, presenceWritten, setPresence } from "../progress/test-helpers.ts";
import { completedLessons, quizPasses, reflectionAnswers } from "./schema.ts";
import {
  answersOf,
  completeLessonApi,
  createLearningApp,
  grantAccess,
  lessonId,
  prepareLesson,
} from "./test-helpers.ts";

describe("lesson completion", async () => {
  const app = await createLearningApp();
  const db = app.ctx.db;
  const ids = {
    first: await lessonId(db, "neon-basics", "first-command"),
    paths: await lessonId(db, "neon-basics", "paths"),
    listing: await lessonId(db, "neon-basics", "listing"),
    moving: await lessonId(db, "neon-basics", "moving"),
  };
  const get = (url: string, headers: Record<string, string>) => app.inject({ method: "GET", url, headers });

  it("answers 409 naming every quiz and reflection still missing", async () => {
    const user = await createUser(app);
    const res = await completeLessonApi(app, user, ids.paths);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'You can\'t complete this lesson yet. Still to do: answer the quiz "Pick every absolute path." correctly; answer the reflection "In your own words, why does why paths matter?".',
    );
    expect((await completeLessonApi(app, user, 999_999)).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `/api/lessons/${ids.paths}/complete` })).statusCode).toBe(401);
  });

  it("completes a lesson once: XP, streak and activity on the first call only", async () => {
    const user = await createUser(app);
    await prepareLesson(app, user, ids.first);
    const res = await completeLessonApi(app, user, ids.first);
    expect(res.statusCode).toBe(200);
    expect(lessonCompleteResultSchema.parse(res.json())).toEqual({
      lessonId: ids.first,
      xpAwarded: 10,
      alreadyCompleted: false,
      streak: { count: 1, extended: true, status: "done" },
      chapterCompleted: null,
      courseCompleted: false,
      neonbitsAwarded: 0,
    });
    const again = lessonCompleteResultSchema.parse((await completeLessonApi(app, user, ids.first)).json());
    expect(again).toMatchObject({ xpAwarded: 0, alreadyCompleted: true, streak: { count: 1, extended: false } });

    // A second lesson the same day gives XP but does not extend the streak again.
    await prepareLesson(app, user, ids.paths);
    const second = lessonCompleteResultSchema.parse((await completeLessonApi(app, user, ids.paths)).json());
    expect(second).toMatchObject({ xpAwarded: 15, streak: { count: 1, extended: false, status: "done" } });

    const profile = ownProfileSchema.parse((await get("/api/profile", user.headers)).json());
    expect(profile).toMatchObject({ xp: 10 + 15 + 0, streak: 1 });
    // Others see the same XP and streak on the public profile (read with its streak row in one query).
    const shown = publicProfileSchema.parse((await get(`/api/profiles/${profile.username}`, {})).json());
    expect(shown).toMatchObject({ xp: 10 + 15 + 0, streak: 1 });
    const done = z.array(completedLessonSchema).parse((await get("/api/users/completed-lessons", user.headers)).json());
    expect(done.map((d) => [d.lesson_id, d.status, d.xp_awarded])).toEqual(
      expect.arrayContaining([
        [ids.first, "completed", 10],
        [ids.paths, "completed", 15],
      ]),
    );
  });

  it("counts an offline completion's streak on its completedAt day within the last 48 hours, XP once", async () => {
    const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
    const DAY = 86_400_000;
    const complete = (user: { headers: Record<string, string> }, id: number, body: unknown) =>
      app.inject({
        method: "POST",
        url: `/api/lessons/${id}/complete`,
        headers: user.headers,
        payload: body as object,
      });
    const withStreak = async () => {
      const user = await createUser(app);
      await db
        .insert(streaks)
        .values({ userId: user.id, count: 3, lastUpdated: day(2 * DAY), dayZone: "UTC" })
        .onConflictDoUpdate({ target: streaks.userId, set: { count: 3, lastUpdated: day(2 * DAY), dayZone: "UTC" } });
      await prepareLesson(app, user, ids.first);
      return user;
    };

    // Completed offline yesterday: the streak goes on from the day before yesterday.
    const offline = await withStreak();
    const completedAt = new Date(Date.now() - DAY).toISOString();
    const res = await complete(offline, ids.first, { completedAt });
    expect(res.statusCode).toBe(200);
    expect(lessonCompleteResultSchema.parse(res.json())).toMatchObject({ xpAwarded: 10, streak: { count: 4 } });
    const [row] = await db.select().from(streaks).where(eq(streaks.userId, offline.id));
    expect(row).toMatchObject({ count: 4, lastUpdated: day(DAY) });
    // Sent again (a replay after a lost answer): nothing more.
    const again = lessonCompleteResultSchema.parse((await complete(offline, ids.first, { completedAt })).json());
    expect(again).toMatchObject({ xpAwarded: 0, alreadyCompleted: true });

    // Older than 48 hours (or ahead of the server's clock): counted on the day it arrives, the streak restarts.
    const late = await withStreak();
    const old = await complete(late, ids.first, { completedAt: new Date(Date.now() - 49 * 3_600_000).toISOString() });
    expect(lessonCompleteResultSchema.parse(old.json()).streak).toMatchObject({ count: 1 });

    const bad = await complete(late, ids.paths, { completedAt: "yesterday" });
    expect(bad.statusCode).toBe(400);
  });

  describe("an offline completion's moment and the learner's last online request", () => {
    const HOUR = 3_600_000;
    /** A learner whose first lesson is ready to complete, with no signed-in request made yet. */
    const readyLearner = async () => {
      const user = await createUser(app);
      const [quiz] = await answersOf(db, ids.first);
      await db.insert(quizPasses).values({ userId: user.id, quizId: quiz!.quizId, responses: quiz!.correct });
      return user;
    };
    const complete = (user: { headers: Record<string, string> }, completedAt: string) =>
      app.inject({
        method: "POST",
        url: `/api/lessons/${ids.first}/complete`,
        headers: user.headers,
        payload: { completedAt },
      });
    const streakOf = async (userId: string) => (await db.select().from(streaks).where(eq(streaks.userId, userId)))[0];

    it("counts the moment's day for a learner last online before it, though the app's first reads come first", async () => {
      const user = await readyLearner();
      // Last online three days ago; lessons done offline yesterday; on reconnecting the app reads the profile first.
      const lastOnline = new Date(Date.now() - 3 * 24 * HOUR);
      await setPresence(db, user.id, lastOnline);
      const reconnect = new Date();
      expect((await get("/api/profile", user.headers)).statusCode).toBe(200);
      await presenceWritten(db, user.id, reconnect);
      expect(await presenceOf(db, user.id)).toMatchObject({ seenBeforeVisit: lastOnline });

      const completedAt = new Date(Date.now() - 26 * HOUR).toISOString();
      const res = await complete(user, completedAt);
      expect(res.statusCode, res.body).toBe(200);
      expect(await streakOf(user.id)).toMatchObject({ count: 1, lastUpdated: completedAt.slice(0, 10) });
    });

    it("counts the day it arrives for a moment before the learner's last online request", async () => {
      const user = await readyLearner();
      // Online (the app opened, the missed day seen)…
      const opened = new Date();
      expect((await get("/api/profile", user.headers)).statusCode).toBe(200);
      await presenceWritten(db, user.id, opened);
      // …that was 10 minutes ago; now a completion dated the day before arrives.
      await setPresence(db, user.id, new Date(Date.now() - 10 * 60_000));
      const res = await complete(user, new Date(Date.now() - 26 * HOUR).toISOString());
      expect(res.statusCode, res.body).toBe(200);
      expect(await streakOf(user.id)).toMatchObject({ count: 1, lastUpdated: new Date().toISOString().slice(0, 10) });
    });
  });

  it("awards the chapter badge with 20 NeonBits, then the course with 100, each once", async () => {
    const user = await createUser(app);
    for (const id of [ids.first, ids.paths, ids.listing]) {
      await prepareLesson(app, user, id);
      await completeLessonApi(app, user, id);
    }
    await prepareLesson(app, user, ids.moving);
    const last = lessonCompleteResultSchema.parse((await completeLessonApi(app, user, ids.moving)).json());
    expect(last).toMatchObject({
      xpAwarded: 20,
      chapterCompleted: { name: "File Wrangler" },
      courseCompleted: true,
      neonbitsAwarded: 20 + 100,
    });
    expect(last.chapterCompleted?.image).toMatch(/^\/api\/content-assets\/neon-basics\/chapters\/02-files\/badge\.svg/);
    const repeat = lessonCompleteResultSchema.parse((await completeLessonApi(app, user, ids.moving)).json());
    expect(repeat).toMatchObject({ chapterCompleted: null, courseCompleted: false, neonbitsAwarded: 0 });

    const profile = ownProfileSchema.parse((await get("/api/profile", user.headers)).json());
    expect(profile).toMatchObject({ xp: 10 + 15 + 5 + 20, neonbits: 20 + 20 + 100 });
    const chapters = z
      .array(completedChapterSchema)
      .parse((await get("/api/users/completed-chapters", user.headers)).json());
    expect(chapters.map((c) => c.badge.name).sort()).toEqual(["File Wrangler", "Shell Spark"]);
    const courses = z
      .array(completedCourseSchema)
      .parse((await get("/api/users/completed-courses", user.headers)).json());
    expect(courses.map((c) => c.course_slug)).toEqual(["neon-basics"]);

    const activities = z
      .array(activitySchema)
      .parse((await app.inject({ method: "GET", url: `/api/users/activities?userId=${user.id}` })).json());
    expect(activities.map((a) => a.kind)).toEqual(["course_completed", "chapter_completed", "lesson_completed"]);
    expect(activities[2].link).toBe("/courses/neon-basics/moving");

    const history = ledgerPageSchema.parse((await get("/api/users/ledger", user.headers)).json());
    const byKind = (kind: string) => history.entries.filter((e) => e.kind === kind);
    expect(
      byKind("xp")
        .map((e) => e.amount)
        .sort((a, b) => a - b),
    ).toEqual([5, 10, 15, 20]);
    expect(byKind("neonbits").map((e) => [e.reason, e.amount])).toEqual(
      expect.arrayContaining([
        ["course_completed", 100],
        ["chapter_completed", 20],
      ]),
    );
    expect(byKind("streak").map((e) => e.reason)).toEqual(["streak_started"]);
    expect(history.entries.find((e) => e.reason === "course_completed")?.description).toBe(
      "Completed course: Neon Basics",
    );
    const dates = history.entries.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("announces lesson.completed, badge.earned and course.completed after the commit, once", async () => {
    const seen: { name: string; userId: string; id: number }[] = [];
    const events = app.ctx.events;
    events.onAfterCommit(
      "lesson.completed",
      (e) => void seen.push({ name: "lesson", userId: e.userId, id: e.lessonId }),
    );
    events.onAfterCommit("badge.earned", (e) => void seen.push({ name: "badge", userId: e.userId, id: e.chapterId }));
    events.onAfterCommit(
      "course.completed",
      (e) => void seen.push({ name: "course", userId: e.userId, id: e.courseId }),
    );
    const user = await createUser(app);
    const mine = () => seen.filter((e) => e.userId === user.id).map((e) => e.name);
    for (const id of [ids.first, ids.paths, ids.listing, ids.moving]) {
      await prepareLesson(app, user, id);
      await completeLessonApi(app, user, id);
    }
    await completeLessonApi(app, user, ids.moving);
    expect(mine()).toEqual(["lesson", "lesson", "badge", "lesson", "lesson", "badge", "course"]);
    expect(seen.find((e) => e.name === "lesson" && e.userId === user.id)?.id).toBe(ids.first);
    // Each badge is a notification (modules/notifications), named.
    const notified = (await app.inject({ url: "/api/notifications", headers: user.headers })).json();
    expect(notified.items.map((n: { kind: string }) => n.kind)).toEqual(["badge_earned", "badge_earned"]);
    expect(notified.items[1].data.badge_name).toEqual(expect.any(String));
  });

  it("completes premium lessons for users with access", async () => {
    const user = await createUser(app);
    await grantAccess(db, user.id);
    const advanced = await lessonId(db, "neon-pro", "advanced");
    await prepareLesson(app, user, advanced);
    const res = await completeLessonApi(app, user, advanced);
    expect(res.json()).toMatchObject({ xpAwarded: 25, alreadyCompleted: false });
  });

  it("deleting the account removes the user's learning data (ON DELETE CASCADE)", async () => {
    const user = await createUser(app);
    await prepareLesson(app, user, ids.paths);
    await completeLessonApi(app, user, ids.paths);
    expect((await deleteOwnAccount(app, user)).statusCode).toBe(200);
    for (const table of [completedLessons, ledger, streaks, quizPasses, reflectionAnswers, userActivities]) {
      expect(await db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
    }
  });

  it("lists activities publicly, newest first and at most 3; 400 without a user, 404 for unknown users", async () => {
    const user = await createUser(app);
    for (const id of [ids.first, ids.paths, ids.listing, ids.moving]) {
      await prepareLesson(app, user, id);
      await completeLessonApi(app, user, id);
    }
    const own = await get("/api/users/activities", user.headers);
    expect(own.json()).toHaveLength(3);
    expect((await app.inject({ method: "GET", url: "/api/users/activities" })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/users/activities?userId=nobody" })).statusCode).toBe(404);
    const page = await get("/api/users/ledger?limit=2", user.headers);
    expect(page.json().entries).toHaveLength(2);
    expect((await get("/api/users/ledger?limit=0", user.headers)).statusCode).toBe(400);
  });
});
