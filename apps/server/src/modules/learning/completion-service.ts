import { sql } from "drizzle-orm";
import type { LessonCompleteResult } from "@neonlab/shared/schemas/learning";
import { currentCount } from "@neonlab/shared/streak";
import type { Db } from "../../db/client.ts";
import { conflict } from "../../errors.ts";
import type { EventBus } from "../../events/event-bus.ts";
import { preparedPerDb } from "../../lib/prepared.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { type LockedStreak, lockStreak } from "../progress/service.ts";
import { openQuiz, openReflection } from "./completion-counts.ts";
import { type CompletionStart, readStart, startStreak } from "./completion-start.ts";
import { type CompletionWork, type WrittenCompletion, writeCompletion, xpToGive } from "./completion-write.ts";
import { assertAccess, type CompletionContext } from "./lesson-lookup.ts";
import { quizzes, reflections } from "./schema.ts";

const short = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 70 ? `${line.slice(0, 69)}…` : line;
};

/** The lesson's visible quizzes not passed and reflections not answered by the user, quizzes first. */
const openTasksQuery = preparedPerDb((db) => {
  const lessonId = sql.placeholder("lessonId");
  const userId = sql.placeholder("userId");
  const kind = (name: "quiz" | "reflection") => sql<"quiz" | "reflection">`${sql.raw(`'${name}'`)}`.as("kind");
  const openQuizzes = db
    .select({ kind: kind("quiz"), text: quizzes.question, position: quizzes.position })
    .from(quizzes)
    .where(openQuiz(lessonId, userId));
  const openReflections = db
    .select({ kind: kind("reflection"), text: reflections.prompt, position: reflections.position })
    .from(reflections)
    .where(openReflection(lessonId, userId));
  // Each kind in its own order, as the two reads this replaced.
  return openQuizzes.unionAll(openReflections).orderBy(sql`1`, sql`3`).prepare("lesson_open_tasks");
});

/** 409 naming every quiz not yet passed and every reflection not yet answered (one statement). */
async function assertReady(db: Db, userId: string, lessonId: number) {
  const open = await openTasksQuery(db).execute({ lessonId, userId });
  const missing = open.map((o) =>
    o.kind === "quiz" ? `answer the quiz "${short(o.text)}" correctly` : `answer the reflection "${short(o.text)}"`,
  );
  if (missing.length > 0) throw conflict(`You can't complete this lesson yet. Still to do: ${missing.join("; ")}.`);
}

/** What a completion needs of the app: the database, its transactions, and the events it announces. */
export type CompletionDeps = { db: Db; transaction: RunInTransaction; events: EventBus };

/** Tries with the streak row read without a lock (each retry means another completion of the user wrote first). */
const UNLOCKED_TRIES = 3;

/**
 * Completes a lesson exactly once, announcing lesson.completed (and badge.earned and course.completed when they
 * follow) after the commit. A first completion is one read and one call, complete_lesson_once
 * (completion-write.ts), whose statement also runs the events' database work (their statement handlers: the
 * badge's notification). The call writes only if the user's streak row is still as read, so a user's
 * concurrent completions run one after another; after UNLOCKED_TRIES, `completeUnderLock`. A lesson completed
 * before writes nothing of a completion and answers with the streak as a lock of it finds it.
 */
export async function completeLesson(
  deps: CompletionDeps,
  userId: string,
  lessonId: number,
  now = new Date(),
): Promise<LessonCompleteResult> {
  const { db, events } = deps;
  for (let attempt = 0; attempt < UNLOCKED_TRIES; attempt++) {
    const { ctx, start } = await readStart(db, userId, lessonId);
    if (attempt === 0) await assertAccess(db, userId, ctx);
    if (start.openTasks > 0) await assertReady(db, userId, lessonId);
    if (start.completed) {
      return deps.transaction(async ({ db: tx }) => completedBefore(lessonId, await lockStreak(tx, userId, now)));
    }
    const written = await writeCompletion(
      db,
      userId,
      ctx,
      start,
      startStreak(start, now),
      work(events, userId, ctx, start),
    );
    if (written !== "retry") return announced(events, userId, ctx, written);
  }
  return completeUnderLock(deps, userId, lessonId, now);
}

/**
 * The same read and call with the user's streak row locked first (so the call finds it as read): for a user
 * whose other completions kept moving it. Premium access is the caller's to check.
 */
export async function completeUnderLock(
  deps: CompletionDeps,
  userId: string,
  lessonId: number,
  now = new Date(),
): Promise<LessonCompleteResult> {
  const { events } = deps;
  const outcome = await deps.transaction(async ({ db: tx }) => {
    const streak = await lockStreak(tx, userId, now);
    const { ctx, start } = await readStart(tx, userId, lessonId);
    if (start.openTasks > 0) await assertReady(tx, userId, lessonId);
    if (start.completed) return completedBefore(lessonId, streak);
    const written = await writeCompletion(
      tx,
      userId,
      ctx,
      start,
      startStreak(start, now),
      work(events, userId, ctx, start),
    );
    if (written === "retry") throw new Error("complete_lesson_once: the streak row moved under its lock");
    return { ctx, written };
  });
  return "written" in outcome ? announced(events, userId, outcome.ctx, outcome.written) : outcome;
}

/** The answer for a lesson completed before: nothing given, the streak as it stands. */
const completedBefore = (lessonId: number, { view }: LockedStreak): LessonCompleteResult => ({
  lessonId,
  xpAwarded: 0,
  alreadyCompleted: true,
  streak: { count: currentCount(view), extended: false, status: view.status },
  chapterCompleted: null,
  courseCompleted: false,
  neonbitsAwarded: 0,
});

const lessonCompleted = (userId: string, { lesson, course }: CompletionContext, xpAwarded: number) => ({
  userId,
  lessonId: lesson.id,
  courseId: course.id,
  xpAwarded,
});
const badgeEarned = (userId: string, { chapter, badge }: CompletionContext) => ({
  userId,
  chapterId: chapter.id,
  badgeId: badge.id,
  badgeName: badge.name,
});
const courseCompleted = (userId: string, { course }: CompletionContext) => ({ userId, courseId: course.id });

/** The events' statement work for the call; lesson.completed's with the XP the completion is to give. */
const work = (events: EventBus, userId: string, ctx: CompletionContext, start: CompletionStart): CompletionWork => ({
  "lesson.completed": events.statementWork("lesson.completed", lessonCompleted(userId, ctx, xpToGive(ctx, start))),
  "badge.earned": events.statementWork("badge.earned", badgeEarned(userId, ctx)),
  "course.completed": events.statementWork("course.completed", courseCompleted(userId, ctx)),
});

/** After the call committed: lesson.completed, then badge.earned and course.completed when it brought them. */
function announced(
  events: EventBus,
  userId: string,
  ctx: CompletionContext,
  { result, workResults }: WrittenCompletion,
) {
  events.deliver("lesson.completed", lessonCompleted(userId, ctx, result.xpAwarded), workResults["lesson.completed"]);
  if (result.chapterCompleted) events.deliver("badge.earned", badgeEarned(userId, ctx), workResults["badge.earned"]);
  if (result.courseCompleted) {
    events.deliver("course.completed", courseCompleted(userId, ctx), workResults["course.completed"]);
  }
  return result;
}
