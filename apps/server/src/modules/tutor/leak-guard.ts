import { Fragments } from "./leak-fragments.ts";
import { Normalizer, normalized } from "./leak-normalize.ts";

export { Normalizer, normalize } from "./leak-normalize.ts";

/**
 * The server-side check that no reply states a quiz's correct option (docs/decisions/030). Text is compared
 * normalised (leak-normalize.ts): an option of fewer than SHORT normalised characters only where the reply
 * states it as the answer; a longer one on its letters and digits alone (leak-fragments.ts) when it has SHORT
 * of them, else (mostly punctuation: "=== and !==") anywhere in the normalised text.
 */
export type GuardedAnswer = { quizId: number; text: string };

/** Option texts this short ("1", "true") only count when the reply says it is the answer, not wherever they occur. */
const SHORT = 12;
/** The words that say "this is the answer" before a short option, and how far before it they may be. */
const STATED = "answer|correct|right|prints?|outputs?|logs?|returns?|result|solution";
const STATED_WORDS = ["answer", "correct", "right", "print", "output", "log", "return", "result", "solution"];
const STATED_GAP = 40;
const LONGEST_WORD = Math.max(...STATED_WORDS.map((w) => w.length));
const STATED_FIRST = new Set(STATED_WORDS.map((w) => w.charCodeAt(0)));

/** Whether `t` from `j` to its end matches `word` (all of it, or its start when `t` ends first); no allocation. */
function prefixAt(t: string, j: number, word: string): boolean {
  const n = Math.min(word.length, t.length - j);
  for (let k = 0; k < n; k++) if (t.charCodeAt(j + k) !== word.charCodeAt(k)) return false;
  return true;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Rule = {
  quizId: number;
  /** Whether `t` holds a match that ends at or after `from` (earlier ones were looked for already). */
  matchEndsAfter(t: string, from: number): boolean;
  /** The earliest index of `t` (its length when none) from which a match could still form as `t` grows. */
  openFrom(t: string): number;
};

function longRule(quizId: number, norm: string): Rule {
  return {
    quizId,
    matchEndsAfter: (t, from) => t.indexOf(norm, Math.max(0, from - norm.length + 1)) >= 0,
    openFrom(t) {
      for (let j = Math.max(0, t.length - norm.length + 1); j < t.length; j++) {
        if (prefixAt(t, j, norm)) return j;
      }
      return t.length;
    },
  };
}

function shortRule(quizId: number, norm: string): Rule {
  // Only when stated as the answer ("the answer is 1", "it prints 1", "correct: true").
  const stated = new RegExp(
    `\\b(?:${STATED})\\b[^.\\n]{0,${STATED_GAP}}?(?<![\\p{L}\\p{N}])${escapeRegExp(norm)}(?![\\p{L}\\p{N}])`,
    "gu",
  );
  // A match ends at most this far after its first character: anything that began earlier is complete already.
  const span = LONGEST_WORD + STATED_GAP + norm.length + 1;
  return {
    quizId,
    matchEndsAfter(t, from) {
      // Searched from `lastIndex` in the whole text, so \b and the look-behind still see what came before.
      stated.lastIndex = Math.max(0, from - span);
      return stated.exec(t) !== null;
    },
    openFrom(t) {
      for (let j = Math.max(0, t.length - span); j < t.length; j++) {
        // A stated word here, or the start of one at the very end.
        if (STATED_FIRST.has(t.charCodeAt(j)) && STATED_WORDS.some((w) => prefixAt(t, j, w))) return j;
      }
      return t.length;
    },
  };
}

export type LeakScan = {
  /**
   * Adds the next piece of the reply. `leaked`: the quiz whose correct option the reply now states, or null.
   * `safe`: how many characters of the raw reply may be sent — everything before the earliest place where a
   * correct option could still begin (a tail that is the start of one, or a stated word close enough to the
   * end to be followed by a short one), and before any markup not decided yet. What comes later can only
   * complete a match from there, so a leak is always cut before any of its characters was sent.
   */
  push(piece: string): { leaked: number | null; safe: number };
  /** The reply is complete: whether what was held back for lack of what follows states an option. */
  end(): { leaked: number | null };
};

export type LeakGuard = {
  /** A scan of one streamed reply: each piece costs its own length plus the longest answer, not the whole text. */
  scan(): LeakScan;
  /** The quiz whose correct option the (complete) text states, or null. */
  leaks(text: string): number | null;
  /** How much of `text` may be sent while more may follow (see LeakScan). */
  safeLength(text: string): number;
};

export function leakGuard(answers: GuardedAnswer[]): LeakGuard {
  const rules: Rule[] = [];
  const fragments = new Fragments();
  for (const a of answers) {
    const n = normalized(a.text);
    const norm = n.norm.replace(/[.!?;:,]+$/, "");
    if (norm.length === 0) continue;
    if (norm.length < SHORT) rules.push(shortRule(a.quizId, norm));
    else if (n.key.length >= SHORT) fragments.add(a.quizId, n.key, n.keyBreak);
    else rules.push(longRule(a.quizId, norm));
  }
  const none = rules.length === 0 && fragments.size === 0;
  const scan = (): LeakScan => {
    const n = new Normalizer();
    const keys = fragments.scan();
    let rawLength = 0;
    let checked = 0;
    /** The first quiz stated in what was normalised since the last check, and the earliest still-open place. */
    const check = (ended: boolean) => {
      const t = n.norm;
      let leaked: number | null = null;
      let safe = n.pending;
      for (const r of rules) {
        if (leaked === null && r.matchEndsAfter(t, checked)) leaked = r.quizId;
        const o = r.openFrom(t);
        if (o < t.length && n.at[o]! < safe) safe = n.at[o]!;
      }
      checked = t.length;
      if (fragments.size > 0) {
        leaked ??= keys.check(n, ended);
        const o = keys.open(n);
        if (o < n.key.length && n.keyAt[o]! < safe) safe = n.keyAt[o]!;
      }
      return { leaked, safe };
    };
    return {
      push(piece) {
        rawLength += piece.length;
        if (none) return { leaked: null, safe: rawLength };
        n.push(piece);
        return check(false);
      },
      end() {
        if (none) return { leaked: null };
        n.end();
        return { leaked: check(true).leaked };
      },
    };
  };
  return {
    scan,
    leaks(text) {
      const s = scan();
      return s.push(text).leaked ?? s.end().leaked;
    },
    safeLength: (text) => scan().push(text).safe,
  };
}
