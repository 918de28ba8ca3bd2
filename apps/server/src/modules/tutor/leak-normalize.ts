import { resolveConfusablesTransformer } from "obscenity";

/**
 * The text the leak guard compares (docs/decisions/030), built as a reply streams in. Two forms of it:
 * `norm` — lower case, compatibility forms (NFKD: full-width, ligatures, circled digits…) with their combining
 * marks dropped, look-alike letters of other scripts folded (Cyrillic "а", Greek "ο"), zero-width and other
 * invisible characters, inline HTML tags and comments, markdown link targets and `*_~` and backticks removed,
 * character references (`&#8203;`, `&nbsp;`) read as their character, whitespace collapsed; and `key` — only the letters and digits of `norm`, so punctuation, hyphens and spaces inserted into
 * (or removed from) a text do not change it. `keyBreak[i]` says whether anything but letters and digits came
 * before `key[i]`: a whole option must start and end at such a break ("total" is not in "totals").
 */

/** Look-alikes of Latin letters and digits (obscenity's table, from the `confusables` package). */
const confusable = resolveConfusablesTransformer().transform;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{M}]/u;
const KEY_CHAR = /[\p{L}\p{N}]/u;

/** What one non-ASCII character becomes: "" when invisible, " " when a space, else its folded lower case. */
const folded = new Map<number, string>();
function fold(code: number): string {
  let out = folded.get(code);
  if (out !== undefined) return out;
  const ch = String.fromCodePoint(code);
  out = "";
  if (INVISIBLE.test(ch)) out = "";
  else if (/\s/.test(ch)) out = " ";
  else {
    for (const c of ch.normalize("NFKD")) {
      if (INVISIBLE.test(c)) continue;
      if (/\s/.test(c)) {
        out += " ";
        continue;
      }
      for (const l of c.toLowerCase().replace(/ς/g, "σ")) {
        const f = confusable(l.codePointAt(0)!);
        out += f === undefined ? l : String.fromCodePoint(f).toLowerCase();
      }
    }
  }
  if (folded.size >= 10_000) folded.clear();
  folded.set(code, out);
  return out;
}

// Inline HTML that renders as formatting only; other `<…>` (generics such as `Array<string>`) stays text.
const TAG_NAMES =
  "a abbr b big br cite code del div em font i ins kbd mark p q s samp small span strike strong sub sup tt u var wbr";
const NAMES = TAG_NAMES.split(" ");
const TAG = new RegExp(`<!--[\\s\\S]*?-->|<\\/?(?:${NAMES.join("|")})(?:\\s[^<>\\n]*)?\\/?>`, "iy");
const LINK = /\]\([^()\n]*\)/y;
const ENTITY = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/iy;
/** The named character references decoded (the rest stay text): markdown renders them as their character. */
const NAMED = new Map(
  Object.entries({
    amp: 38,
    lt: 60,
    gt: 62,
    quot: 34,
    apos: 39,
    nbsp: 0xa0,
    ensp: 0x2002,
    emsp: 0x2003,
    thinsp: 0x2009,
    shy: 0xad,
    zwj: 0x200d,
    zwnj: 0x200c,
    ZeroWidthSpace: 0x200b,
    NoBreak: 0x2060,
    hyphen: 0x2010,
    ndash: 0x2013,
    mdash: 0x2014,
  }),
);
/** How far a tag, comment, link target or character reference is looked for; a longer one is text. */
const MARKUP_MAX = 100;

/** The character an entity (`&#8203;`, `&#x430;`, `&nbsp;`) stands for; undefined when it is not one. */
function entityCode(entity: string): number | undefined {
  const name = entity.slice(1, -1);
  if (name[0] !== "#") return NAMED.get(name);
  const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? code : undefined;
}

/** Whether `s` (which starts with `<`, `&` or `]`) may still become a tag, a reference or a link target. */
function couldBecome(s: string): boolean {
  if (s[0] === "&") return /^&(?:#\d{0,7}|#x[0-9a-f]{0,6}|[a-z][a-z0-9]{0,31})?$/i.test(s);
  if (s[0] === "]") return /^\](?:\([^()\n]*)?$/.test(s);
  if (s.startsWith("<!")) return /^<!(?:-(?:-[\s\S]*)?)?$/.test(s);
  const m = /^<\/?([a-z]*)([\s\S]*)$/i.exec(s)!;
  const name = m[1]!.toLowerCase();
  if (m[2] === "") return NAMES.some((n) => n.startsWith(name));
  return NAMES.includes(name) && /^(?:\s[^<>\n]*|\/)$/.test(m[2]!);
}

/**
 * At a `<`, `&` or `]` of `text`: the length of the tag or comment, the character reference or the
 * `](target)` starting there, 0 when it is text, -1 when only what comes next can tell. Decided on the next
 * MARKUP_MAX characters alone, so the same text gives the same result however it was split.
 */
function markup(text: string, i: number, final: boolean): number {
  const first = text[i];
  const re = first === "<" ? TAG : first === "&" ? ENTITY : LINK;
  const window = text.slice(i, i + MARKUP_MAX);
  re.lastIndex = 0;
  const m = re.exec(window);
  if (m) return first === "&" && entityCode(m[0]) === undefined ? 0 : m[0].length;
  if (final || window.length >= MARKUP_MAX) return 0;
  return couldBecome(window) ? -1 : 0;
}

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);
// ` * _ ~
const isDropped = (code: number) => code === 96 || code === 42 || code === 95 || code === 126;

/**
 * Normalises a text piece by piece: `norm` and `key` (see above) and, for each of their characters, the index
 * of the raw character it comes from (`at`, `keyAt`), so a position found in them can be cut in the raw text.
 * What is appended never changes what was normalised; what cannot be decided yet (a possible tag, comment,
 * character reference or link target, half a surrogate pair) waits from `pending` on until the next piece or
 * `end()`.
 */
export class Normalizer {
  norm = "";
  at: number[] = [];
  key = "";
  keyAt: number[] = [];
  keyBreak: boolean[] = [];
  /** Whether anything but letters and digits came after the last key character (or none came yet). */
  sep = true;
  private raw = 0;
  private space = -1;
  private carry = "";

  /** The raw index from which the text is not normalised yet. */
  get pending() {
    return this.raw - this.carry.length;
  }

  push(piece: string) {
    this.raw += piece.length;
    const text = this.carry + piece;
    this.carry = "";
    this.run(text, false);
  }

  /** The text is complete: what waited is normalised as it is. */
  end() {
    const text = this.carry;
    this.carry = "";
    if (text) this.run(text, true);
  }

  private run(text: string, final: boolean) {
    const start = this.raw - text.length;
    let norm = "";
    let key = "";
    // The characters the current raw one becomes.
    const out = (ch: string, raw: number, isKey: boolean) => {
      if (this.space >= 0) {
        norm += " ";
        this.at.push(this.space);
        this.space = -1;
      }
      norm += ch;
      for (let k = 0; k < ch.length; k++) this.at.push(raw);
      if (!isKey) {
        this.sep = true;
        return;
      }
      key += ch;
      for (let k = 0; k < ch.length; k++) {
        this.keyAt.push(raw);
        this.keyBreak.push(k === 0 && this.sep);
      }
      this.sep = false;
    };
    const space = (raw: number) => {
      if (this.space < 0 && this.norm.length + norm.length > 0) this.space = raw;
      this.sep = true;
    };
    const char = (code: number, raw: number) => {
      if (code < 128) {
        if (isSpace(code)) space(raw);
        else if (isDropped(code)) this.sep = true;
        else if (code >= 65 && code <= 90) out(String.fromCharCode(code + 32), raw, true);
        else out(String.fromCharCode(code), raw, (code >= 97 && code <= 122) || (code >= 48 && code <= 57));
        return;
      }
      for (const c of fold(code)) {
        const cc = c.codePointAt(0)!;
        if (cc === 32) space(raw);
        else if (isDropped(cc)) this.sep = true;
        else out(c, raw, KEY_CHAR.test(c));
      }
    };
    for (let i = 0; i < text.length; ) {
      const code = text.codePointAt(i)!;
      const raw = start + i;
      if (code >= 0xd800 && code <= 0xdbff && i === text.length - 1 && !final) {
        this.carry = text.slice(i);
        break;
      }
      if (code === 60 || code === 38 || code === 93) {
        const length = markup(text, i, final);
        if (length < 0) {
          this.carry = text.slice(i);
          break;
        }
        if (length > 0) {
          if (code === 93) out("]", raw, false);
          else if (code === 38) char(entityCode(text.slice(i, i + length))!, raw);
          i += length;
          continue;
        }
      }
      char(code, raw);
      i += code > 0xffff ? 2 : 1;
    }
    this.norm += norm;
    this.key += key;
  }
}

/** A whole text's Normalizer. */
export function normalized(text: string): Normalizer {
  const n = new Normalizer();
  n.push(text);
  n.end();
  return n;
}

export const normalize = (text: string) => normalized(text).norm;
