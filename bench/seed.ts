// Seeds a bench database directly (no argon2 per user): users, profiles and bearer sessions, and for
// the write rung a bench course whose quizzes and reflections every user has already answered.
import { randomBytes, randomUUID } from "node:crypto";
import { EDITOR_DEFAULTS } from "@neonlab/shared/constants";
import { sql } from "drizzle-orm";
import { createDatabase } from "../apps/server/src/db/client.ts";
import {
  chapterBadges,
  chapters,
  courseCategories,
  courses,
  lessons,
  profiles,
  quizzes,
  reflections,
  sessions,
  users,
} from "../apps/server/src/db/schema.ts";

export type Seeded = {
  tokens: string[];
  /** The users' ids, in the order of `tokens` (the webhook rung names them in its events). */
  userIds: string[];
  usernames: string[];
  /** Lessons of the bench course; every user may complete each once (quizzes and reflections answered). */
  lessonIds: number[];
};

export async function seed(options: {
  url?: string;
  dataDir?: string;
  users: number;
  /** Lessons in the bench course (users × lessons first completions for the write rung). */
  lessons: number;
}): Promise<Seeded> {
  const database = createDatabase({ url: options.url, dataDir: options.dataDir });
  await database.migrate();
  const tokens: string[] = [];
  const userIds: string[] = [];
  const usernames: string[] = [];
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  for (let start = 0; start < options.users; start += 500) {
    const batch = Array.from({ length: Math.min(500, options.users - start) }, (_, i) => {
      const n = start + i;
      return { id: randomUUID(), n, token: randomBytes(24).toString("base64url") };
    });
    await database.db
      .insert(users)
      .values(
        batch.map((u) => ({ id: u.id, name: `Bench ${u.n}`, email: `bench-${u.n}@bench.test`, emailVerified: true })),
      );
    await database.db.insert(profiles).values(
      batch.map((u) => ({
        id: u.id,
        displayName: `Bench ${u.n}`,
        username: `bench-${u.n}`,
        editorPreferences: { ...EDITOR_DEFAULTS },
        xp: (u.n * 37) % 5000,
      })),
    );
    await database.db
      .insert(sessions)
      .values(batch.map((u) => ({ id: randomUUID(), token: u.token, userId: u.id, expiresAt })));
    for (const u of batch) {
      tokens.push(u.token);
      userIds.push(u.id);
      usernames.push(`bench-${u.n}`);
    }
  }
  const lessonIds = await seedCourse(database.db, options.lessons);
  await seedNeonBits(database.db);
  await database.close();
  return { tokens, userIds, usernames, lessonIds };
}

/** Short chapters: every second completion of a user also completes a chapter (badge, NeonBits ledger). */
const LESSONS_PER_CHAPTER = 2;

/**
 * A free course of `count` lessons in chapters of 2, one quiz and one reflection per lesson, and a
 * pass and an answer for every user: each (user, lesson) completion is then a first one that succeeds,
 * so the write rung measures the whole write path (XP, streak, activity, chapter badge and NeonBits).
 */
async function seedCourse(db: ReturnType<typeof createDatabase>["db"], count: number): Promise<number[]> {
  const [category] = await db
    .insert(courseCategories)
    .values({ slug: "bench", name: "Bench" })
    .returning({ id: courseCategories.id });
  const [course] = await db
    .insert(courses)
    .values({
      slug: "bench-course",
      categoryId: category!.id,
      title: "Bench course",
      pitch: "Lessons for the write benchmark.",
      cover: "bench.svg",
      level: "beginner",
    })
    .returning({ id: courses.id });
  const lessonIds: number[] = [];
  for (let c = 0; c * LESSONS_PER_CHAPTER < count; c++) {
    const [badge] = await db
      .insert(chapterBadges)
      .values({ key: `bench-course/chapter-${c}`, image: "badge.svg", name: `Bench badge ${c}` })
      .returning({ id: chapterBadges.id });
    const [chapter] = await db
      .insert(chapters)
      .values({
        courseId: course!.id,
        chapterOrder: c,
        badgeId: badge!.id,
        slug: `chapter-${c}`,
        title: `Chapter ${c}`,
      })
      .returning({ id: chapters.id });
    const inChapter = Math.min(LESSONS_PER_CHAPTER, count - c * LESSONS_PER_CHAPTER);
    const rows = await db
      .insert(lessons)
      .values(
        Array.from({ length: inChapter }, (_, i) => ({
          courseId: course!.id,
          chapterId: chapter!.id,
          lessonOrder: i,
          slug: `lesson-${c}-${i}`,
          title: `Bench lesson ${c}.${i}`,
          goal: "Measure the write path.",
          xp: 10,
          body: "A bench lesson.",
        })),
      )
      .returning({ id: lessons.id });
    lessonIds.push(...rows.map((r) => r.id));
  }
  await db.insert(quizzes).values(
    lessonIds.map((lessonId) => ({
      lessonId,
      key: "q1",
      type: "single" as const,
      question: "Is this a bench?",
      options: [
        { text: "Yes", correct: true, explanation: "It is." },
        { text: "No", correct: false, explanation: "It is a bench." },
      ],
    })),
  );
  await db.insert(reflections).values(lessonIds.map((lessonId) => ({ lessonId, key: "r1", prompt: "Why bench?" })));
  await db.execute(sql`insert into quiz_passes (user_id, quiz_id, responses)
    select u.id, q.id, '["0"]'::jsonb from users u cross join quizzes q`);
  await db.execute(sql`insert into reflection_answers (user_id, reflection_id, response)
    select u.id, r.id, 'Because the write path must be measured.' from users u cross join reflections r`);
  return lessonIds;
}

/** NeonBits to spend for every bench user (the purchase rung buys freezes): one ledger row each, and its balance. */
async function seedNeonBits(db: ReturnType<typeof createDatabase>["db"]) {
  await db.execute(sql`insert into ledger (user_id, kind, amount, reason, reference, description)
    select id, 'neonbits', ${BENCH_NEONBITS}, 'bench_grant', 'bench', 'Bench NeonBits' from users
    where email like 'bench-%@bench.test'`);
  await db.execute(sql`insert into ledger_balances (user_id, kind, balance)
    select id, 'neonbits', ${BENCH_NEONBITS} from users where email like 'bench-%@bench.test'`);
}

/** Enough for 1,000 freezes per user: the purchase rung never runs out. */
const BENCH_NEONBITS = 150_000;
