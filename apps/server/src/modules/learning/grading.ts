import type { QuizOptionResult, QuizResult, QuizType } from "@neonlab/shared/schemas/learning";

/** An option as grading sees it: its id, and what only a right answer may reveal. */
export type GradedOption = { id: string; text: string; correct: boolean; explanation: string };

export type Grade =
  | { ok: true; correct: true; selected: string[] }
  | { ok: true; correct: false; selected: string[]; wrongCount: number; message: string }
  | { ok: false; message: string };

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * What a wrong answer says: that it is wrong and, for multiple choice, how many of the chosen options
 * are wrong; never which ones, nor which options are right.
 */
export function wrongAnswerMessage(type: QuizType, chosen: number, wrong: number): string {
  if (type === "single") return "That is not the right answer. Have another look and try again.";
  if (wrong === 0) {
    return `${chosen === 1 ? "The option you chose is" : `All ${chosen} options you chose are`} right, but some right options are missing.`;
  }
  if (chosen === 1) return "The option you chose is wrong.";
  return `${wrong} of the ${chosen} options you chose ${plural(wrong, "is", "are")} wrong.`;
}

/** Grades an answer given as option ids: correct when the picked options are exactly the correct ones. */
export function gradeQuiz(type: QuizType, options: GradedOption[], responses: string[]): Grade {
  const ids = [...new Set(responses)];
  const byId = new Map(options.map((o) => [o.id, o]));
  const unknown = ids.find((id) => !byId.has(id));
  if (unknown !== undefined) {
    return { ok: false, message: `Unknown option "${unknown}". Reload the lesson and pick one of its options.` };
  }
  if (type === "single" && ids.length !== 1) return { ok: false, message: "Pick exactly one option." };
  const picked = new Set(ids);
  const selected = options.filter((o) => picked.has(o.id)).map((o) => o.id);
  const correct = options.every((o) => o.correct === picked.has(o.id));
  if (correct) return { ok: true, correct, selected };
  const wrongCount = selected.filter((id) => !byId.get(id)!.correct).length;
  return { ok: true, correct, selected, wrongCount, message: wrongAnswerMessage(type, selected.length, wrongCount) };
}

/** Every option with its explanation, for a passed quiz (a pass picked exactly the correct options). */
export function reviewQuiz(options: GradedOption[]): QuizOptionResult[] {
  return options.map((o) => ({
    option_id: o.id,
    text: o.text,
    correct: o.correct,
    selected: o.correct,
    explanation: o.explanation,
  }));
}

/** What a learner is told about a graded answer, the same in a lesson and in a review. */
export type Verdict = Pick<QuizResult, "correct" | "message" | "wrong_count" | "hint" | "explanation" | "explanations">;

/**
 * The verdict on a valid grade: a wrong answer gets the message and the quiz's hint only; a right one every
 * option with its explanation (and the right options' explanations joined).
 */
export function verdictOf(grade: Grade & { ok: true }, options: GradedOption[], hint: string | null): Verdict {
  if (!grade.correct) {
    return {
      correct: false,
      message: grade.message,
      wrong_count: grade.wrongCount,
      hint,
      explanation: "",
      explanations: [],
    };
  }
  const review = reviewQuiz(options);
  return {
    correct: true,
    message: "Correct!",
    wrong_count: null,
    hint: null,
    explanation: review
      .filter((o) => o.correct)
      .map((o) => o.explanation)
      .join(" "),
    explanations: review,
  };
}
