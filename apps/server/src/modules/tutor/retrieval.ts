import { type LessonMap, lessonMap, type Section, type Sentence } from "./lesson-map.ts";
import { terms } from "./terms.ts";

// The offline assistant's search over one lesson: BM25 over its passages, each passage also holding its
// section's title (weighted up), terms matched exactly or by a long shared start ("execute" and "executable").
// A section scores as its best passage plus a little of its second best.

const K1 = 1.2;
const B = 0.75;
const TITLE_WEIGHT = 2;
/** A section's score: (1 - BLEND) × (its best passage + SECOND × its second best) + BLEND × the section as a whole. */
const BLEND = 0.3;
const SECOND = 0.2;
/** How much a term that only shares a long start with the question's term counts. */
const PARTIAL = 0.6;

type Index = {
  map: LessonMap;
  /** Per passage: term → frequency (its section's title terms counted TITLE_WEIGHT times each). */
  tf: Map<string, number>[];
  length: number[];
  averageLength: number;
  df: Map<string, number>;
  stf: Map<string, number>[];
  slength: number[];
  saverage: number;
  sdf: Map<string, number>;
  /** Every term of the lesson (title, goal, text). */
  vocabulary: Set<string>;
};

const indexes = new WeakMap<LessonMap, Index>();

/** A passage's text as searched: link targets left out (`[variables](/courses/…)` is about variables, not courses). */
const searched = (text: string) => text.replace(/\]\([^)\s]*\)/g, "]");

type LessonText = { title: string; goal?: string; body: string; course?: string };

function indexOf(lesson: LessonText): Index {
  const map = lessonMap(lesson);
  let index = indexes.get(map);
  if (index) return index;
  const titleTerms = map.sections.map((s) => terms(s.index === 0 ? "" : s.title));
  const tf = map.passages.map((p) => {
    const counts = new Map<string, number>();
    for (const t of terms(searched(p.text))) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const t of titleTerms[p.section]!) counts.set(t, (counts.get(t) ?? 0) + TITLE_WEIGHT);
    return counts;
  });
  const length = tf.map((counts) => [...counts.values()].reduce((a, b) => a + b, 0));
  const df = new Map<string, number>();
  for (const counts of tf) for (const t of counts.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const vocabulary = new Set([...df.keys(), ...terms(`${lesson.title} ${lesson.goal ?? ""}`)]);
  const stf = map.sections.map(() => new Map<string, number>());
  tf.forEach((counts, p) => {
    const target = stf[map.passages[p]!.section]!;
    for (const [t, f] of counts) target.set(t, (target.get(t) ?? 0) + f);
  });
  const slength = stf.map((counts) => [...counts.values()].reduce((a, b) => a + b, 0));
  const sdf = new Map<string, number>();
  for (const counts of stf) for (const t of counts.keys()) sdf.set(t, (sdf.get(t) ?? 0) + 1);
  index = {
    map,
    tf,
    length,
    averageLength: length.reduce((a, b) => a + b, 0) / Math.max(1, length.length),
    df,
    stf,
    slength,
    saverage: slength.reduce((a, b) => a + b, 0) / Math.max(1, slength.length),
    sdf,
    vocabulary,
  };
  indexes.set(map, index);
  return index;
}

function commonStart(a: string, b: string) {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** How much `term` of the lesson matches the question's `q`: 1 the same, PARTIAL a long shared start, else 0. */
export function matchWeight(q: string, term: string): number {
  if (q === term) return 1;
  if (q.startsWith("-") || term.startsWith("-")) return 0;
  if (!/^[a-z]+$/.test(q) || !/^[a-z]+$/.test(term)) return 0;
  const shared = commonStart(q, term);
  const shorter = Math.min(q.length, term.length);
  const longer = Math.max(q.length, term.length);
  // "execute"/"executable", "change"/"chang", "fail"/"failure"
  return (shared >= 5 && shared >= 0.8 * shorter) || (shared === shorter && shorter >= 4 && longer - shorter <= 3)
    ? PARTIAL
    : 0;
}

/** The lesson's terms that match each of the question's terms. */
function expand(index: Index, queryTerms: string[]) {
  return [...new Set(queryTerms)].map((q) => ({
    q,
    matches: [...index.vocabulary].flatMap((t) => {
      const weight = matchWeight(q, t);
      return weight > 0 ? [{ term: t, weight }] : [];
    }),
  }));
}

/** The share of the question's terms the lesson uses at all (0 when it has none). */
export function coverage(lesson: LessonText, question: string): number {
  const index = indexOf(lesson);
  const expanded = expand(index, terms(question));
  if (expanded.length === 0) return 0;
  return expanded.filter((e) => e.matches.length > 0).length / expanded.length;
}

/** For each of the text's terms that the lesson has, the sections that have it. */
export function sectionsWithTerms(lesson: LessonText, text: string): Set<number>[] {
  const index = indexOf(lesson);
  return expand(index, terms(text))
    .filter((e) => e.matches.length > 0)
    .map(({ matches }) => {
      const sections = new Set<number>();
      index.tf.forEach((counts, p) => {
        if (matches.some((m) => counts.has(m.term))) sections.add(index.map.passages[p]!.section);
      });
      return sections;
    });
}

export type Query = { text: string; weight: number }[];
export type RankedSection = { section: Section; score: number };

/**
 * The lesson's sections by relevance to the query (parts of it weighted: a follow-up adds the earlier question
 * at a lower weight), best first; `prefer` multiplies one section's score (the thread's current topic).
 */
export function rankSections(
  lesson: LessonText,
  query: Query,
  prefer?: { section: number; factor: number },
): RankedSection[] {
  const index = indexOf(lesson);
  const passageScores = new Array<number>(index.map.passages.length).fill(0);
  const sectionScores = new Array<number>(index.map.sections.length).fill(0);
  const n = index.map.passages.length;
  const ns = index.map.sections.length;
  for (const part of query) {
    for (const { matches } of expand(index, terms(part.text))) {
      for (const { term, weight } of matches) {
        const df = index.df.get(term) ?? 0;
        if (df === 0) continue;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        index.tf.forEach((counts, p) => {
          const f = counts.get(term);
          if (!f) return;
          const norm = f + K1 * (1 - B + (B * index.length[p]!) / index.averageLength);
          passageScores[p]! += part.weight * weight * idf * ((f * (K1 + 1)) / norm);
        });
        const sdf = index.sdf.get(term) ?? 0;
        const sidf = Math.log(1 + (ns - sdf + 0.5) / (sdf + 0.5));
        index.stf.forEach((counts, p) => {
          const f = counts.get(term);
          if (!f) return;
          const norm = f + K1 * (1 - B + (B * index.slength[p]!) / index.saverage);
          sectionScores[p]! += part.weight * weight * sidf * ((f * (K1 + 1)) / norm);
        });
      }
    }
  }
  const bySection = index.map.sections.map(() => [] as number[]);
  for (const [i, p] of index.map.passages.entries()) bySection[p.section]!.push(passageScores[i]!);
  return index.map.sections
    .map((section, i) => {
      const [best = 0, second = 0] = bySection[i]!.sort((a, b) => b - a);
      const own = (1 - BLEND) * (best + SECOND * second) + BLEND * sectionScores[i]!;
      const score = own * (prefer?.section === i ? prefer.factor : 1);
      return { section, score };
    })
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.section.index - b.section.index);
}

/** A sentence that points to another lesson or to later ("the next lesson", "You will write many more…"). */
const SIGNPOST =
  /\b(?:next (?:lesson|chapter)|last chapter|the final chapter|in the next|coming up|later in|you will (?:learn|write|use|meet|see))\b|\]\((?:\/courses\/|\.\.?\/)/i;

const CAUSE =
  /\b(?:because|so that|that is why|which is why|the reason|otherwise|in order to|since|protects?|instead of)\b/i;

export type SentenceOptions = {
  /** Prefer sentences that give a reason (a "why?" question). */
  why?: boolean;
  /** Sentences not to pick (quoted before in the thread, or stating an option). */
  exclude?: (sentence: Sentence) => boolean;
  /** Only these kinds (default: prose, list items and table rows). */
  kinds?: Sentence["kind"][];
  /** Sentences quoted before in the thread: their neighbours come first (a follow-up continues there). */
  near?: number[];
  /** None unless a sentence has one of the query's terms (else the section's first sentence). */
  matching?: boolean;
};

/** The section's sentence that says most about the query's terms (its first one when none does). */
export function bestSentence(
  lesson: LessonText,
  section: number,
  query: Query,
  options: SentenceOptions = {},
): Sentence | null {
  const index = indexOf(lesson);
  const kinds = options.kinds ?? ["prose", "item", "row"];
  const usable = (s: Sentence) => {
    const words = s.text.split(/\s+/).length;
    return (
      kinds.includes(s.kind) && !(options.exclude?.(s) ?? false) && (s.kind === "code" || (words >= 4 && words <= 35))
    );
  };
  const inSection = index.map.sentences.filter((s) => s.section === section);
  const n = index.map.passages.length;
  const wanted = query.flatMap((part) => expand(index, terms(part.text)).map((e) => ({ ...e, weight: part.weight })));
  let best: { sentence: Sentence; score: number } | null = null;
  for (const [position, sentence] of inSection.entries()) {
    if (!usable(sentence)) continue;
    const own = new Set(terms(sentence.text));
    const bold = new Set([...sentence.text.matchAll(/\*\*([^*]+)\*\*/g)].flatMap((m) => terms(m[1]!)));
    let score = 0;
    let hits = 0;
    let defines = false;
    for (const { matches, weight } of wanted) {
      const hit = matches.find((m) => own.has(m.term));
      if (!hit) continue;
      score += weight * hit.weight * Math.log(1 + n / (index.df.get(hit.term) ?? 1));
      hits++;
      defines ||= bold.has(hit.term);
    }
    if (options.matching && hits === 0) continue;
    if (options.why && CAUSE.test(sentence.text)) score += 1.5;
    const distance = Math.min(...(options.near ?? []).map((i) => Math.abs(i - sentence.index)));
    if (distance === 1) score += 2;
    else if (distance === 2) score += 1;
    // Where the lesson defines a term, it sets it in bold; a sentence pointing elsewhere answers nothing here.
    if (defines) score += 1;
    if (SIGNPOST.test(sentence.text)) score -= 1.5;
    if (sentence.text.trimEnd().endsWith(":")) score -= 0.3;
    if (sentence.kind === "prose") score += 0.2 + 0.4 * (1 - position / inSection.length);
    if (sentence.text.split(/\s+/).length > 30) score -= 0.5;
    if (!best || score > best.score) best = { sentence, score };
  }
  const chosen = best?.sentence ?? null;
  // A question the lesson asks itself ("How wide is the panel on screen?") is answered by what follows it.
  if (chosen && chosen.kind !== "code" && chosen.text.trimEnd().endsWith("?")) {
    const next = inSection.find(
      (s) => s.index > chosen.index && s.passage === chosen.passage && s.kind !== "code" && usable(s),
    );
    if (next) return next;
  }
  return chosen;
}
