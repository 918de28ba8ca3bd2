/**
 * The server-side check that no reply states a quiz's correct option (docs/decisions/030). Text is compared
 * normalised: lower case, markdown emphasis and code ticks removed, whitespace collapsed.
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

const isSpace = (code: number, ch: string) => code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(ch));
// ` * _ ~
const isDropped = (code: number) => code === 96 || code === 42 || code === 95 || code === 126;

/**
 * Normalises a text as it streams in: the normalised text and, for each of its characters, the index of the
 * raw character it comes from, so a position found in the normalised text can be cut in the raw one. Lower
 * case per character (a final sigma as a sigma), so what is appended never changes what was normalised.
 */
export class Normalizer {
  norm = "";
  at: number[] = [];
  private raw = 0;
  private space = -1;
  private carry = "";

  push(piece: string) {
    let text = this.carry + piece;
    const start = this.raw - this.carry.length;
    this.carry = "";
    // A pair of surrogates split between two pieces waits for its second half.
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.carry = text.slice(-1);
      text = text.slice(0, -1);
    }
    let out = "";
    for (let i = 0; i < text.length; ) {
      const code = text.codePointAt(i)!;
      const width = code > 0xffff ? 2 : 1;
      const raw = start + i;
      i += width;
      if (code < 128) {
        if (isSpace(code, "")) {
          if (this.space < 0 && this.norm.length + out.length > 0) this.space = raw;
          continue;
        }
        if (isDropped(code)) continue;
      }
      const ch = width === 2 ? String.fromCodePoint(code) : text[i - 1]!;
      if (code >= 128 && isSpace(code, ch)) {
        if (this.space < 0 && this.norm.length + out.length > 0) this.space = raw;
        continue;
      }
      if (this.space >= 0) {
        out += " ";
        this.at.push(this.space);
        this.space = -1;
      }
      const lower = code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch.toLowerCase().replace(/ς/g, "σ");
      out += lower;
      for (let k = 0; k < lower.length; k++) this.at.push(raw);
    }
    this.norm += out;
    this.raw = start + text.length + this.carry.length;
  }
}

export const normalize = (text: string) => {
  const n = new Normalizer();
  n.push(text);
  return n.norm;
};

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
   * end to be followed by a short one). What comes later can only complete a match from there, so a leak is
   * always cut before any of its characters was sent.
   */
  push(piece: string): { leaked: number | null; safe: number };
};

export type LeakGuard = {
  /** A scan of one streamed reply: each piece costs its own length plus the longest answer, not the whole text. */
  scan(): LeakScan;
  /** The quiz whose correct option the text states, or null. */
  leaks(text: string): number | null;
  /** How much of `text` may be sent (see LeakScan). */
  safeLength(text: string): number;
};

export function leakGuard(answers: GuardedAnswer[]): LeakGuard {
  const rules = answers
    .map((a) => ({ quizId: a.quizId, norm: normalize(a.text).replace(/[.!?;:,]+$/, "") }))
    .filter((a) => a.norm.length > 0)
    .map((a) => (a.norm.length >= SHORT ? longRule(a.quizId, a.norm) : shortRule(a.quizId, a.norm)));
  const scan = (): LeakScan => {
    const n = new Normalizer();
    let rawLength = 0;
    return {
      push(piece) {
        rawLength += piece.length;
        if (rules.length === 0) return { leaked: null, safe: rawLength };
        const from = n.norm.length;
        n.push(piece);
        const t = n.norm;
        let leaked: number | null = null;
        let open = t.length;
        for (const r of rules) {
          if (leaked === null && r.matchEndsAfter(t, from)) leaked = r.quizId;
          const o = r.openFrom(t);
          if (o < open) open = o;
        }
        return { leaked, safe: open < t.length ? n.at[open]! : rawLength };
      },
    };
  };
  return {
    scan,
    leaks: (text) => scan().push(text).leaked,
    safeLength: (text) => scan().push(text).safe,
  };
}
