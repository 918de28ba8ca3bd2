/**
 * The server-side check that no reply states a quiz's correct option (docs/decisions/030). Text is compared
 * normalised: lower case, markdown emphasis and code ticks removed, whitespace collapsed.
 */
export type GuardedAnswer = { quizId: number; text: string };

/** Option texts this short ("1", "true") only count when the reply says it is the answer, not wherever they occur. */
const SHORT = 12;
/** Characters always held back, beyond the longest answer (the normalised text is shorter than the raw one). */
const MARGIN = 64;

export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[`*_~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export type LeakGuard = {
  /** The quiz whose correct option the text states, or null. */
  leaks(text: string): number | null;
  /** Characters of the reply to hold back while it streams, so a leak is cut before any of it is sent. */
  holdBack: number;
};

export function leakGuard(answers: GuardedAnswer[]): LeakGuard {
  const rules = answers
    .map((a) => ({ quizId: a.quizId, norm: normalize(a.text).replace(/[.!?;:,]+$/, "") }))
    .filter((a) => a.norm.length > 0)
    .map((a) => {
      if (a.norm.length >= SHORT)
        return { quizId: a.quizId, test: (t: string) => t.includes(a.norm), length: a.norm.length };
      // A short answer: only when stated as the answer ("the answer is 1", "it prints 1", "correct: true").
      const stated = new RegExp(
        `\\b(?:answer|correct|right|prints?|outputs?|logs?|returns?|result|solution)\\b[^.\\n]{0,40}?(?<![\\p{L}\\p{N}])${escapeRegExp(a.norm)}(?![\\p{L}\\p{N}])`,
        "u",
      );
      return { quizId: a.quizId, test: (t: string) => stated.test(t), length: a.norm.length + 60 };
    });
  const longest = rules.reduce((max, r) => Math.max(max, r.length), 0);
  return {
    holdBack: rules.length === 0 ? 0 : longest * 2 + MARGIN,
    leaks(text) {
      if (rules.length === 0) return null;
      const t = normalize(text);
      return rules.find((r) => r.test(t))?.quizId ?? null;
    },
  };
}
