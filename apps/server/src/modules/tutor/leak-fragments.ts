import type { Normalizer } from "./leak-normalize.ts";

/**
 * The options compared on their letters and digits (`Normalizer.key`): one of at most FRAGMENT characters
 * leaks when all of it appears between two breaks; a longer one when any FRAGMENT characters of it appear that
 * begin where one of its words begins (a quote cut short, or picked from its middle). Shorter runs of its words
 * are ordinary text ("the program receives" is not the answer "…so the program receives every file name…").
 */
const FRAGMENT = 24;

type Fragment = { quizId: number; whole: boolean };

const pair = (t: string, i: number) => (t.charCodeAt(i) << 16) | t.charCodeAt(i + 1);

export class Fragments {
  private lengths: number[] = [];
  private maps: Map<string, Fragment>[] = [];
  /** Every proper prefix of a fragment: a reply ending in one may still go on to state it. */
  private prefixes = new Set<string>();
  /** The first two characters of every fragment, and the first one: a cheap test before a string is cut. */
  private starts = new Set<number>();
  private firsts = new Set<number>();
  private longest = 0;

  get size() {
    return this.lengths.length;
  }

  /** An option's key, with its `keyBreak` (where its words begin). */
  add(quizId: number, key: string, breaks: boolean[]) {
    if (key.length <= FRAGMENT) return this.put(key, { quizId, whole: true });
    for (let s = 0; s + FRAGMENT <= key.length; s++) {
      if (breaks[s]) this.put(key.slice(s, s + FRAGMENT), { quizId, whole: false });
    }
  }

  private put(fragment: string, value: Fragment) {
    let i = this.lengths.indexOf(fragment.length);
    if (i < 0) i = this.lengths.push(fragment.length) - 1;
    this.maps[i] ??= new Map();
    if (!this.maps[i]!.has(fragment)) this.maps[i]!.set(fragment, value);
    for (let k = 1; k < fragment.length; k++) this.prefixes.add(fragment.slice(0, k));
    this.starts.add(pair(fragment, 0));
    this.firsts.add(fragment.charCodeAt(0));
    this.longest = Math.max(this.longest, fragment.length);
  }

  /** A scan of one reply's Normalizer: `check` after each piece, `open` for what must wait. */
  scan() {
    /** The first end index of the key not decided yet. */
    let next = 1;
    /** The start of a whole option that ends at the key's end, not decided until what follows it is known. */
    let undecided = -1;
    return {
      /** The quiz whose option the key now holds (`ended`: nothing more will come), or null. */
      check: (n: Normalizer, ended: boolean): number | null => {
        const k = n.key;
        undecided = -1;
        for (let e = next; e <= k.length; e++) {
          for (let i = 0; i < this.lengths.length; i++) {
            const s = e - this.lengths[i]!;
            if (s < 0 || !this.starts.has(pair(k, s))) continue;
            const f = this.maps[i]!.get(k.slice(s, e));
            if (f === undefined) continue;
            if (!f.whole) return f.quizId;
            if (!n.keyBreak[s]) continue;
            if (e < k.length) {
              if (n.keyBreak[e]) return f.quizId;
            } else if (n.sep || ended) return f.quizId;
            else undecided = undecided < 0 ? s : Math.min(undecided, s);
          }
        }
        next = undecided >= 0 ? k.length : k.length + 1;
        return null;
      },
      /** The earliest key index from which a match could still form as the key grows (its length when none). */
      open: (n: Normalizer): number => {
        const k = n.key;
        const hold = undecided >= 0 ? undecided : k.length;
        for (let j = Math.max(0, k.length - this.longest + 1); j < hold; j++) {
          const start = j + 1 < k.length ? this.starts.has(pair(k, j)) : this.firsts.has(k.charCodeAt(j));
          if (start && this.prefixes.has(k.slice(j))) return j;
        }
        return hold;
      },
    };
  }
}
