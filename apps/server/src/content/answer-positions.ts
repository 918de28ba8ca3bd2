import { type LoadContext, problem } from "./load-context.ts";
import type { ContentModel, CourseModel, QuizModel } from "./model.ts";

// Learners see options shuffled, but the files should not give the answers away either: a course whose
// correct answers sit in one place in file order is refused, naming each file that adds to the cluster.

const REBALANCE = "spread the correct answers over the positions (npm run content -- rebalance)";

type Placed = { file: string; index: number; quiz: QuizModel };

/** Positions (0-based, file order) of a quiz's correct options. */
export const correctPositions = (quiz: QuizModel) => quiz.options.flatMap((o, i) => (o.correct ? [i] : []));

const quizzesOf = (course: CourseModel): Placed[] =>
  course.chapters.flatMap((chapter) =>
    chapter.lessons.flatMap((lesson) => lesson.quizzes.map((quiz, index) => ({ file: lesson.file, index, quiz }))),
  );

/** The most common value and how often it occurs. */
function mostCommon(values: string[]): { value: string; count: number } | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: { value: string; count: number } | null = null;
  for (const [value, count] of counts) if (!best || count > best.count) best = { value, count };
  return best;
}

/**
 * A cluster: more than half (rounded up) of a course's single-choice quizzes have their answer at the same
 * position, or more than half of its multiple-choice quizzes share one set of correct positions.
 * (Rounded up, so an odd number of two-option quizzes can still pass.)
 */
export function checkAnswerPositions(ctx: LoadContext, model: ContentModel) {
  for (const course of model.courses) {
    const all = quizzesOf(course);
    for (const type of ["single", "multiple"] as const) {
      const quizzes = all.filter((q) => q.quiz.type === type);
      const keys = quizzes.map((q) => correctPositions(q.quiz).join(","));
      const top = mostCommon(keys);
      if (!top || top.count <= Math.ceil(quizzes.length / 2)) continue;
      const where = top.value
        .split(",")
        .map((i) => Number(i) + 1)
        .join(", ");
      const what =
        type === "single"
          ? `the correct option is option ${where} in file order, as in ${top.count} of the course's ${quizzes.length} single-choice quizzes`
          : `the correct options are options ${where} in file order, as in ${top.count} of the course's ${quizzes.length} multiple-choice quizzes`;
      quizzes.forEach((q, i) => {
        if (keys[i] === top.value) problem(ctx, q.file, `quizzes.${q.index}.options`, `${what}; ${REBALANCE}`);
      });
    }
  }
}
