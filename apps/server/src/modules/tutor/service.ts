import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { isValidTimeZone } from "@neonlab/shared/schemas/profile";
import { localDay } from "@neonlab/shared/streak";
import { dayEnd } from "@neonlab/shared/streak-zone";
import {
  TUTOR_MESSAGES,
  TUTOR_QUESTIONS_PER_DAY,
  type TutorAssistantKind,
  type TutorThread,
  type TutorThreadDetail,
} from "@neonlab/shared/schemas/tutor";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { quizStatesColumn, type TutorLessonContent } from "../learning/service.ts";
import { type AccessColumns, accessColumns, hasAccess, profileRows } from "../identity/service.ts";
import { tutorMessages, tutorThreads, tutorUsage } from "./schema.ts";

// ---------------------------------------------------------------- the daily allowance

/** The user's allowance today: the day is the user's local calendar day (as streaks: decision 012). */
export type Allowance = { limit: number; day: string; zone: string; resetsAt: Date; used: number };

type ProfileDay = { zone: string | null } & AccessColumns;

/** A day's end per zone and day: `dayEnd` searches ~30 instants, once per question without it. */
const dayEnds = new Map<string, number>();
function cachedDayEnd(day: string, zone: string): number {
  const key = `${zone} ${day}`;
  let end = dayEnds.get(key);
  if (end === undefined) {
    if (dayEnds.size >= 2_000) dayEnds.clear();
    end = dayEnd(day, zone);
    dayEnds.set(key, end);
  }
  return end;
}

function dayOf(profile: ProfileDay | undefined, now: Date): Omit<Allowance, "used"> {
  const zone = profile?.zone && isValidTimeZone(profile.zone) ? profile.zone : "UTC";
  const day = localDay(now, zone);
  const limit = profile && hasAccess(profile, now) ? TUTOR_QUESTIONS_PER_DAY.access : TUTOR_QUESTIONS_PER_DAY.free;
  return { limit, day, zone, resetsAt: new Date(cachedDayEnd(day, zone)) };
}

/** How many of a thread's last messages are sent back to the model with a new question. */
const HISTORY_TURNS = 12;

/**
 * Everything a question needs to know about its asker before the stream starts, in one read: their day and
 * limit, whether they have access (premium lessons), the lesson of the thread they continue (null when it is not
 * theirs or gone), that thread's last turns (only of a thread of theirs) and, with a lesson, their state in its
 * quizzes (for the prompt and the leak guard) — one round trip instead of three.
 */
export async function askerState(
  db: Db,
  userId: string,
  threadId: number | null,
  now = new Date(),
  lesson: TutorLessonContent | null = null,
) {
  const own =
    threadId === null
      ? null
      : sql`(select ${tutorThreads.id} from ${tutorThreads} where ${tutorThreads.id} = ${threadId} and ${tutorThreads.userId} = ${userId})`;
  const threadLesson =
    own === null
      ? sql<number | null>`null::int`
      : sql<number | null>`(select ${tutorThreads.lessonId} from ${tutorThreads} where ${tutorThreads.id} = ${own})`;
  const history =
    own === null
      ? sql<Turn[] | null>`null::json`
      : sql<Turn[] | null>`(select json_agg(json_build_object('role', h.role, 'content', h.content) order by h.id)
          from (select m.id, m.role, m.content from ${tutorMessages} m where m.thread_id = ${own}
                order by m.id desc limit ${HISTORY_TURNS}) h)`;
  const quizStates = lesson === null ? sql<null>`null::json` : quizStatesColumn(userId, lesson);
  const [profile] = await db
    .select({ zone: profileRows.table.timeZone, ...accessColumns, threadLesson, history, quizStates })
    .from(profileRows.table)
    .where(eq(profileRows.table.id, userId));
  const turns = profile?.history ?? [];
  return {
    today: dayOf(profile, now),
    hasAccess: profile ? hasAccess(profile, now) : false,
    threadLesson: profile?.threadLesson ?? null,
    /** The thread's last turns, oldest first (none for a new thread). */
    history: (typeof turns === "string" ? (JSON.parse(turns) as Turn[]) : turns) ?? [],
    /** The asker's attempts at the lesson's quizzes (for `withQuizStates`; null without a lesson or attempts). */
    quizStates: profile?.quizStates ?? null,
  };
}

type Turn = { role: "user" | "assistant"; content: string };

/** The day with the questions used so far (GET lessons/{id}/openai). */
export async function allowance(db: Db, userId: string, now = new Date()) {
  const { today, hasAccess } = await askerState(db, userId, null, now);
  const [usage] = await db
    .select({ count: tutorUsage.count })
    .from(tutorUsage)
    .where(and(eq(tutorUsage.userId, userId), eq(tutorUsage.day, today.day)));
  return { ...today, used: usage?.count ?? 0, hasAccess };
}

/**
 * Takes one question of the day, atomically: one conditional upsert (the row's lock orders concurrent
 * askers on PostgreSQL), so concurrent sends never pass the limit. Null when none is left.
 */
export async function takeQuestion(db: Db, userId: string, day: string, limit: number): Promise<number | null> {
  const [row] = await db
    .insert(tutorUsage)
    .values({ userId, day, count: 1 })
    .onConflictDoUpdate({
      target: [tutorUsage.userId, tutorUsage.day],
      set: { count: sql`${tutorUsage.count} + 1` },
      setWhere: sql`${tutorUsage.count} < ${limit}`,
    })
    .returning({ count: tutorUsage.count });
  return row ? row.count : null;
}

/** Gives a question back (it failed: provider down, timeout, stopped before any answer). */
export async function giveQuestionBack(db: Db, userId: string, day: string) {
  await db
    .update(tutorUsage)
    .set({ count: sql`${tutorUsage.count} - 1` })
    .where(and(eq(tutorUsage.userId, userId), eq(tutorUsage.day, day), sql`${tutorUsage.count} > 0`));
}

/** "You have asked all 20 of today's questions…" with when they come back. */
export function limitMessage(a: Omit<Allowance, "used">, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((a.resetsAt.getTime() - now.getTime()) / 60_000));
  const wait = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  const at = new Intl.DateTimeFormat("en-GB", { timeZone: a.zone, hour: "2-digit", minute: "2-digit" }).format(
    a.resetsAt,
  );
  return `You have asked all ${a.limit} of today's questions. They reset at midnight in your time zone (${at} ${a.zone}), in ${wait}.`;
}

// ---------------------------------------------------------------- threads

const threadColumns = {
  id: tutorThreads.id,
  lessonId: tutorThreads.lessonId,
  title: tutorThreads.title,
  updatedAt: tutorThreads.updatedAt,
  messageCount: sql<number>`(select count(*)::int from tutor_messages m where m.thread_id = ${sql.raw('"tutor_threads"."id"')})`,
};

const presentThread = (t: { id: number; title: string; updatedAt: Date; messageCount: number }): TutorThread => ({
  id: t.id,
  title: t.title,
  message_count: Number(t.messageCount),
  updated_at: t.updatedAt.toISOString(),
});

/** The user's threads with one lesson, the latest first. */
export async function listThreads(db: Db, userId: string, lessonId: number): Promise<TutorThread[]> {
  const rows = await db
    .select(threadColumns)
    .from(tutorThreads)
    .where(and(eq(tutorThreads.userId, userId), eq(tutorThreads.lessonId, lessonId)))
    .orderBy(desc(tutorThreads.updatedAt), desc(tutorThreads.id))
    .limit(50);
  return rows.map(presentThread);
}

/** One of the user's threads; 404 when it is someone else's (or gone), whatever the reason. */
async function ownThread(db: Db, userId: string, threadId: number) {
  const [row] = await db
    .select(threadColumns)
    .from(tutorThreads)
    .where(and(eq(tutorThreads.id, threadId), eq(tutorThreads.userId, userId)));
  if (!row) throw notFound(TUTOR_MESSAGES.threadNotFound);
  return row;
}

/** A thread with its messages in order. */
export async function getThread(db: Db, userId: string, threadId: number): Promise<TutorThreadDetail> {
  const thread = await ownThread(db, userId, threadId);
  const messages = await db
    .select()
    .from(tutorMessages)
    .where(eq(tutorMessages.threadId, threadId))
    .orderBy(asc(tutorMessages.id));
  return {
    ...presentThread(thread),
    lesson_id: thread.lessonId,
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      assistant: m.assistant ?? null,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

export async function deleteThread(db: Db, userId: string, threadId: number) {
  await ownThread(db, userId, threadId);
  await db.delete(tutorThreads).where(and(eq(tutorThreads.id, threadId), eq(tutorThreads.userId, userId)));
}

/**
 * Saves a question and its answer in one statement: a new thread (titled by the question) or the end of an
 * existing one (its `updated_at` moved), and the two messages; none of it when the thread is gone.
 */
export async function saveExchange(
  db: Db,
  input: {
    userId: string;
    lessonId: number;
    threadId: number | null;
    question: string;
    answer: string;
    assistant: TutorAssistantKind;
  },
): Promise<{ threadId: number; messageId: number }> {
  const thread =
    input.threadId === null
      ? sql`insert into ${tutorThreads} (user_id, lesson_id, title) values (${input.userId}, ${input.lessonId}, ${
          input.question.length > 80 ? `${input.question.slice(0, 79)}…` : input.question
        }) returning id`
      : sql`update ${tutorThreads} set updated_at = now() where id = ${input.threadId} returning id`;
  const result = await db.execute(sql`
    with t as (${thread})
    insert into ${tutorMessages} (thread_id, role, assistant, content)
    select t.id, m.role, m.assistant, m.content
    from t, (values (1, 'user', null::text, ${input.question}::text), (2, 'assistant', ${input.assistant}::text, ${input.answer}::text))
      as m(n, role, assistant, content)
    order by m.n
    returning id, thread_id`);
  const rows = (result as unknown as { rows: { id: number; thread_id: number }[] }).rows;
  const answer = rows.reduce<{ id: number; thread_id: number } | undefined>(
    (a, r) => (a && a.id > r.id ? a : r),
    undefined,
  );
  if (!answer) throw notFound(TUTOR_MESSAGES.threadNotFound);
  return { threadId: Number(answer.thread_id), messageId: Number(answer.id) };
}

/** How many threads a user has (tests, bench). */
export async function threadCount(db: Db, userId: string) {
  const [row] = await db.select({ n: count() }).from(tutorThreads).where(eq(tutorThreads.userId, userId));
  return row?.n ?? 0;
}
