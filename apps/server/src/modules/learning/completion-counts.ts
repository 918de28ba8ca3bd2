import { and, type Column, eq, type Placeholder, type SQL, sql, type Table } from "drizzle-orm";
import { completedLessons, lessons, quizPasses, quizzes, reflectionAnswers, reflections } from "./schema.ts";

// What a completion counts, shared by its two paths (completion-service.ts, completion-one-call.ts): the
// lesson's open tasks and the chapter's lessons left.

/** A value, a placeholder of a statement prepared once, or a column of the outer statement. */
type Param<T> = T | Placeholder | Column;
type UserId = Param<string>;
type RowId = Param<number>;

/** A visible quiz of the lesson the user has not passed. */
export const openQuiz = (lessonId: RowId, userId: UserId): SQL | undefined =>
  and(
    eq(quizzes.lessonId, lessonId),
    eq(quizzes.hidden, false),
    sql`not exists (select 1 from ${quizPasses} where ${quizPasses.quizId} = ${quizzes.id} and ${quizPasses.userId} = ${userId})`,
  );

/** A visible reflection of the lesson the user has not answered. */
export const openReflection = (lessonId: RowId, userId: UserId): SQL | undefined =>
  and(
    eq(reflections.lessonId, lessonId),
    eq(reflections.hidden, false),
    sql`not exists (select 1 from ${reflectionAnswers} where ${reflectionAnswers.reflectionId} = ${reflections.id} and ${reflectionAnswers.userId} = ${userId})`,
  );

/** How many of the lesson's tasks are open (0: the lesson can be completed). */
export const openTaskCount = (lessonId: RowId, userId: UserId) =>
  sql<number>`((select count(*) from ${quizzes} where ${openQuiz(lessonId, userId)})
    + (select count(*) from ${reflections} where ${openReflection(lessonId, userId)}))::int`.mapWith(Number);

// Spelled with their tables: a select from one CTE renders columns bare, which these subqueries would
// read as their own tables' columns.
export const qualified = (table: Table, column: Column) => sql`${table}.${sql.identifier(column.name)}`;

/** Not counting a lesson, its chapter's visible lessons the user has not completed. */
export function chapterLessonsLeft(userId: UserId, chapterId: RowId, lessonId: RowId) {
  const lesson = (column: Column) => qualified(lessons, column);
  const done = (column: Column) => qualified(completedLessons, column);
  return sql<number>`(select count(*) from ${lessons} where ${lesson(lessons.chapterId)} = ${chapterId}
    and ${lesson(lessons.hidden)} = false and ${lesson(lessons.id)} <> ${lessonId}
    and not exists (select 1 from ${completedLessons} where ${done(completedLessons.lessonId)} = ${lesson(lessons.id)}
      and ${done(completedLessons.userId)} = ${userId}))::int`.mapWith(Number);
}
