// The words the offline assistant compares: questions, the lesson's text and its quizzes are cut into the same
// terms — lower case, a light English stemmer, the words every question has ("how", "what", "difference") left
// out — and the tokens technical questions hinge on kept whole: command-line flags (`-r`, `--help`), operators
// (`2>&1`, `===`, `#!`, `$?`), decimals (`0.1`) and dotted names (`Promise.all`, besides "promise" and "all").

const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could do does did done doing for from how i if in into is it its me my " +
    "of on or so than that the their them then there these this those to was were what whats when where which who " +
    "why will with would you your yours we us our explain tell about please pls mean means meaning difference " +
    "between just really actually thing things something anything some any get got way ok okay use using used " +
    "a i vs versus also like need want know understand help work works example lesson section quiz quizzes " +
    "question answer hint should shall must may might have has had not no yes dont doesnt didnt isnt arent cant " +
    "wont im ive one still again other another else too very much many more most only own same " +
    "all every each here now go goes going make makes making made"
  ).split(" "),
);

const VOWEL = /[aeiouy]/;

/**
 * A light stemmer (plural, -ing, -ed, -ly): "copying" and "copies" meet "copy", "directories" "directory"; what is
 * left must keep a vowel ("string" stays). Near forms ("chang" and "change") meet in retrieval's partial match.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("es") && /(?:ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  const cut = (n: number) => {
    const rest = w.slice(0, -n);
    return rest.length >= 3 && VOWEL.test(rest) ? rest : null;
  };
  if (w.endsWith("ing")) w = undouble(cut(3) ?? w);
  else if (w.endsWith("ied") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("ed")) w = undouble(cut(2) ?? w);
  else if (w.endsWith("ly") && w.length > 5) w = cut(2) ?? w;
  return w;
}

/** "runn" → "run", "stopp" → "stop" (what is left of "running", "stopped"). */
function undouble(w: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w;
}

/**
 * Flags after a space or quote (`cp -r`: "-r"; "read-only" is two words), operators and shell variables (`2>&1`,
 * `===`, `#!`, `$?`), decimals (`0.1`), words. Dotted names (`Promise.all`) also count whole, besides their parts.
 */
const TOKEN =
  /(?<![\p{L}\p{N}_$-])--?[\p{L}\p{N}][\p{L}\p{N}-]*|\d?[<>]&\d|\$[?#@!$*\d]|[#!?&|<>=~^%+]{2,4}|\d+\.\d+|[\p{L}\p{N}_$]+/gu;
const DOTTED = /[\p{L}_$][\p{L}\p{N}_$]*(?:\.[\p{L}_$][\p{L}\p{N}_$]*)+/gu;

export function tokens(text: string): string[] {
  const lower = text.toLowerCase().replace(/\*\*|__/g, " ");
  const found = (lower.match(TOKEN) ?? []).filter((t) => !/^[?!]+$/.test(t)).map((t) => t.replace(/'s$/, ""));
  for (const dotted of lower.match(DOTTED) ?? []) if (!/^(?:e\.g|i\.e)$/.test(dotted)) found.push(dotted);
  return found;
}

/** One token as a term: null for a stop word ("a", "i" and "s" among them; other lone letters stay: `d`, `x`). */
export function term(token: string): string | null {
  const t = token.toLowerCase().replace(/[’']/g, "");
  if (t.startsWith("-") || !/^[\p{L}\p{N}_$]/u.test(t)) return t.length > 1 ? t : null;
  if (STOP_WORDS.has(t) || t === "s" || t === "t") return null;
  return stem(t);
}

/** A text's terms, in order (with repeats). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const token of tokens(text.replace(/[’']/g, ""))) {
    const t = term(token);
    if (t !== null) out.push(t);
  }
  return out;
}
