import { and, type Column, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { quizPasses, quizzes, reflectionAnswers, reflections } from "./schema.ts";

// A lesson's open tasks, as the completion's start read counts them (completion-start.ts) and its 409 names
// them (completion-service.ts).

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
