import { createHash } from "node:crypto";

/**
 * A quiz option's id: a hash of the quiz's id and the option's own `id` from the content file (or, without
 * one, its text). Stable when options are reordered, the same for every learner, and it says nothing
 * about the option's position or correctness.
 */
export function quizOptionId(quizKey: string, optionKey: string): string {
  return createHash("sha256").update(`${quizKey}\u0000${optionKey}`).digest("hex").slice(0, 10);
}

/** The id of a stored option (rows imported before ids were stored get the same id computed). */
export const storedOptionId = (quizKey: string, option: { id?: string; text: string }) =>
  option.id ?? quizOptionId(quizKey, option.text);
