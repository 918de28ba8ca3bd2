import type { QuizOptionResult, QuizType } from "@neonlab/shared/schemas/learning";
import type { QuizOption } from "./schema.ts";

export type Grade =
  | { ok: true; correct: boolean; selected: number[]; results: QuizOptionResult[]; explanation: string }
  | { ok: false; message: string };

/** Option ids are the options' indexes as strings ("0", "1", …). */
export const optionId = (index: number) => String(index);

/**
 * Grades an answer: correct when the picked options are exactly the correct ones. A wrong answer
 * only explains the picked options, so the correct set is not given away before a real retry.
 */
export function gradeQuiz(type: QuizType, options: QuizOption[], responses: string[]): Grade {
  const ids = [...new Set(responses)];
  const unknown = ids.find((id) => !/^\d+$/.test(id) || Number(id) >= options.length);
  if (unknown !== undefined) {
    return { ok: false, message: `Unknown option "${unknown}". Pick one of 0–${options.length - 1}.` };
  }
  if (type === "single" && ids.length !== 1) return { ok: false, message: "Pick exactly one option." };
  const picked = new Set(ids.map(Number));
  const correct = options.every((option, i) => option.correct === picked.has(i));
  const results = options
    .map((option, i) => ({
      option_id: optionId(i),
      text: option.text,
      correct: option.correct,
      selected: picked.has(i),
      explanation: option.explanation,
    }))
    .filter((r) => correct || r.selected);
  const explanation = results
    .filter((r) => r.selected)
    .map((r) => r.explanation)
    .join(" ");
  return { ok: true, correct, selected: [...picked].sort((a, b) => a - b), results, explanation };
}

/** Every option with its explanation, for reviewing a passed quiz. */
export function reviewQuiz(options: QuizOption[], responses: string[]): QuizOptionResult[] {
  const picked = new Set(responses);
  return options.map((option, i) => ({
    option_id: optionId(i),
    text: option.text,
    correct: option.correct,
    selected: picked.has(optionId(i)),
    explanation: option.explanation,
  }));
}
