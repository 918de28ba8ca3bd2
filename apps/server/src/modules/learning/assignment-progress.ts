import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../errors.ts";
import { chapters, courses } from "./schema.ts";

/** A course or chapter someone may assign: what it is called, where it opens, and whether it needs access. */
export type AssignableUnit = {
  kind: "course" | "chapter";
  id: number;
  title: string;
  /** The course's title for a chapter. */
  context: string | null;
  path: string;
  premium: boolean;
};

/**
 * Visible courses and chapters by id, as assignments show them. A chapter of a premium course is premium
 * unless it is the course's first (the free preview, learning/access.ts).
 */
export async function assignableUnits(
  db: Db,
  wanted: { kind: "course" | "chapter"; id: number }[],
): Promise<Map<string, AssignableUnit>> {
  const found = new Map<string, AssignableUnit>();
  const courseIds = wanted.filter((w) => w.kind === "course").map((w) => w.id);
  const chapterIds = wanted.filter((w) => w.kind === "chapter").map((w) => w.id);
  const [courseRows, chapterRows] = await Promise.all([courseRowsOf(db, courseIds), chapterRowsOf(db, chapterIds)]);
  for (const r of courseRows)
    found.set(`course:${r.id}`, {
      kind: "course",
      id: r.id,
      title: r.title,
      context: null,
      path: `/courses/${r.slug}`,
      premium: r.premium,
    });
  for (const r of chapterRows)
    found.set(`chapter:${r.id}`, {
      kind: "chapter",
      id: r.id,
      title: r.title,
      context: r.courseTitle,
      path: `/courses/${r.slug}`,
      premium: r.premium && !r.first,
    });
  return found;
}

async function courseRowsOf(db: Db, courseIds: number[]) {
  if (courseIds.length === 0) return [];
  return db
    .select({ id: courses.id, title: courses.title, slug: courses.slug, premium: courses.premium })
    .from(courses)
    .where(and(inArray(courses.id, courseIds), eq(courses.hidden, false)));
}

async function chapterRowsOf(db: Db, chapterIds: number[]) {
  if (chapterIds.length === 0) return [];
  return db
    .select({
      id: chapters.id,
      title: chapters.title,
      courseTitle: courses.title,
      slug: courses.slug,
      premium: courses.premium,
      first: sql<boolean>`${chapters.chapterOrder} <= (select min(c2.chapter_order) from ${chapters} c2
        where c2.course_id = ${chapters.courseId} and not c2.hidden)`,
    })
    .from(chapters)
    .innerJoin(courses, eq(courses.id, chapters.courseId))
    .where(and(inArray(chapters.id, chapterIds), eq(chapters.hidden, false), eq(courses.hidden, false)))
    .orderBy(asc(chapters.id));
}

/** One visible course or chapter; 404 when unknown or hidden. */
export async function assignableUnit(db: Db, kind: "course" | "chapter", id: number): Promise<AssignableUnit> {
  const unit = (await assignableUnits(db, [{ kind, id }])).get(`${kind}:${id}`);
  if (!unit) throw notFound(kind === "course" ? "There is no such course." : "There is no such chapter.");
  return unit;
}

/** A learner's standing on one course or chapter (visible lessons and quizzes only). */
export type UnitProgress = {
  kind: "course" | "chapter";
  unitId: number;
  userId: string;
  done: number;
  total: number;
  lastActivityAt: Date | null;
  finishedAt: Date | null;
  quizzesTried: number;
  quizzesFirstTryRight: number;
};

const at = (value: unknown): Date | null => (value == null ? null : new Date(value as string));

/**
 * Progress of these learners on these courses and chapters, in one statement: lessons done of the visible
 * total, the last completion or quiz answer inside the unit, when the last lesson was done (all of them
 * done), and the quizzes answered with how many were right on the first answer. Reads nothing else of the
 * learners (decision 044). Learners with nothing done still get their row.
 */
export async function assignmentProgress(
  db: Db,
  userIds: readonly string[],
  units: readonly { kind: "course" | "chapter"; id: number }[],
): Promise<UnitProgress[]> {
  if (userIds.length === 0 || units.length === 0) return [];
  // Units and learners get integer ordinals, so the groupings hash small keys (and never sort user ids).
  const result = await db.execute(sql`
    with units as (
      select u->>'kind' as kind, (u->>'id')::int as unit_id, n::int as unit_no
        from jsonb_array_elements(${JSON.stringify(units)}::jsonb) with ordinality as t(u, n)
    ),
    learners as (
      select user_id, n::int as learner_no
        from jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb) with ordinality as t(user_id, n)
    ),
    unit_lessons as materialized (
      select un.unit_no, l.id as lesson_id
        from units un join lessons l on l.course_id = un.unit_id join chapters c on c.id = l.chapter_id
        where un.kind = 'course' and not l.hidden and not c.hidden
      union all
      select un.unit_no, l.id
        from units un join lessons l on l.chapter_id = un.unit_id
        where un.kind = 'chapter' and not l.hidden
    ),
    done as (
      select ul.unit_no, m.learner_no, count(*)::int as done, max(cl.created_at) as last_at
        from completed_lessons cl
        join learners m on m.user_id = cl.user_id
        join unit_lessons ul on ul.lesson_id = cl.lesson_id
        group by 1, 2
    ),
    unit_quizzes as (
      select ul.unit_no, q.id as quiz_id
        from unit_lessons ul join quizzes q on q.lesson_id = ul.lesson_id and not q.hidden
    ),
    per_quiz as (
      -- The first answer is the one with the smallest id: min over [id, correct] carries its verdict.
      select m.learner_no, a.quiz_id, (min(array[a.id, a.correct::int]))[2] = 1 as first_right,
             max(a.created_at) as last_at
        from quiz_attempts a join learners m on m.user_id = a.user_id
        where a.quiz_id in (select quiz_id from unit_quizzes)
        group by 1, 2
    ),
    quiz as (
      select uq.unit_no, pq.learner_no, count(*)::int as tried,
             (count(*) filter (where pq.first_right))::int as first_right, max(pq.last_at) as last_at
        from per_quiz pq join unit_quizzes uq on uq.quiz_id = pq.quiz_id
        group by 1, 2
    ),
    totals as (select unit_no, count(*)::int as total from unit_lessons group by 1)
    select un.kind, un.unit_id, m.user_id, coalesce(t.total, 0) as total, coalesce(d.done, 0) as done,
           greatest(d.last_at, q.last_at) as last_at,
           case when t.total > 0 and d.done >= t.total then d.last_at end as finished_at,
           coalesce(q.tried, 0) as tried, coalesce(q.first_right, 0) as first_right
      from units un
      cross join learners m
      left join totals t on t.unit_no = un.unit_no
      left join done d on d.unit_no = un.unit_no and d.learner_no = m.learner_no
      left join quiz q on q.unit_no = un.unit_no and q.learner_no = m.learner_no`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    kind: r.kind as "course" | "chapter",
    unitId: Number(r.unit_id),
    userId: String(r.user_id),
    done: Number(r.done),
    total: Number(r.total),
    lastActivityAt: at(r.last_at),
    finishedAt: at(r.finished_at),
    quizzesTried: Number(r.tried),
    quizzesFirstTryRight: Number(r.first_right),
  }));
}
