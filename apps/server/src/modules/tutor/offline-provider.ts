import MiniSearch from "minisearch";
import { TUTOR_MESSAGES } from "@neonlab/shared/schemas/tutor";
import type { ChatProvider, LessonText } from "./provider.ts";

/** A paragraph of the lesson (with the code block that follows it) under its section's heading. */
export type Passage = { id: number; section: string; text: string };

const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can could do does did for from how i if in into is it its me my of on or so " +
    "than that the their them then there these this to was what when where which who why will with would you your " +
    "explain tell about please mean means"
  ).split(" "),
);

/** The lesson's passages: sections by their `##`/`###` headings, paragraphs by blank lines, code kept with its lead-in. */
export function lessonPassages(lesson: LessonText): Passage[] {
  const passages: Passage[] = [];
  let section = lesson.title;
  let current: string[] = [];
  let inFence = false;
  const flush = () => {
    const text = current.join("\n").trim();
    if (text) passages.push({ id: passages.length, section, text });
    current = [];
  };
  for (const line of lesson.body.split("\n")) {
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      current.push(line);
      continue;
    }
    if (inFence) {
      current.push(line);
      continue;
    }
    const heading = /^#{2,4}\s+(.+)$/.exec(line);
    if (heading) {
      flush();
      section = heading[1]!.trim();
    } else if (line.trim() === "") {
      // A code block belongs with the paragraph that introduces it: do not split before a fence.
      if (current.length > 0 && !current.at(-1)?.trimEnd().endsWith(":")) flush();
    } else {
      current.push(line);
    }
  }
  flush();
  return passages;
}

const processTerm = (term: string) => {
  const t = term.toLowerCase();
  return STOP_WORDS.has(t) || t.length < 2 ? null : t;
};

/** Longest excerpt: a passage with its neighbours in the same section, up to this many characters. */
const EXCERPT_MAX = 1400;

/** An excerpt: a found passage with the passages around it in its section, as long as it stays short. */
function excerpt(passages: Passage[], hit: Passage): Passage {
  const parts = [hit];
  let before = hit.id - 1;
  let after = hit.id + 1;
  const size = () => parts.reduce((n, p) => n + p.text.length, 0);
  while (size() < EXCERPT_MAX) {
    const prev = passages[before];
    const next = passages[after];
    const canPrev = prev?.section === hit.section && size() + prev.text.length <= EXCERPT_MAX;
    const canNext = next?.section === hit.section && size() + next.text.length <= EXCERPT_MAX;
    if (canPrev) {
      parts.unshift(prev);
      before--;
    } else if (canNext) {
      parts.push(next);
      after++;
    } else break;
  }
  return { id: hit.id, section: hit.section, text: parts.map((p) => p.text).join("\n\n") };
}

/**
 * The excerpts most relevant to the question, best first (MiniSearch: BM25 with prefix and fuzzy terms over the
 * passages): the best passage with its neighbours, and the best one of another section when nearly as relevant.
 */
export function searchPassages(passages: Passage[], question: string): Passage[] {
  const index = new MiniSearch<Passage>({
    fields: ["section", "text"],
    storeFields: ["section", "text"],
    processTerm,
    // Code such as `let x = 1` splits on symbols too.
    tokenize: (text) => text.split(/[^\p{L}\p{N}_$]+/u).filter(Boolean),
  });
  index.addAll(passages);
  const results = index.search(question, { boost: { section: 1.5 }, prefix: true, fuzzy: 0.2, combineWith: "OR" });
  const first = results[0];
  if (!first) return [];
  const best = passages[first.id as number]!;
  const other = results.find((r) => passages[r.id as number]!.section !== best.section && r.score >= first.score * 0.5);
  return [best, ...(other ? [passages[other.id as number]!] : [])].map((hit) => excerpt(passages, hit));
}

/** A question that asks for a quiz's answer rather than for help ("what is the answer to the quiz?"). */
const ASKS_FOR_ANSWER = /\b(answers?|solutions?|correct (option|one|choice)|which option|right option)\b/i;

/** The answer text of the offline assistant for a question (always names itself first). */
export function offlineAnswer(lesson: LessonText, question: string): string {
  const found = searchPassages(lessonPassages(lesson), question);
  const lead = TUTOR_MESSAGES.offlineLead;
  if (found.length === 0) {
    return `${lead}\n\nI could not find a passage of "${lesson.title}" about that. Try other words from the lesson, or re-read its goal: ${lesson.goal}`;
  }
  const parts = found.map((p) => `From **${p.section}**:\n\n${p.text}`);
  if (ASKS_FOR_ANSWER.test(question)) {
    return `${lead}\n\nI will not give you a quiz's answer, but here is a hint: the answer is in the part of the lesson below. Read it, predict what the example does, then try the quiz again.\n\n${parts.join("\n\n---\n\n")}`;
  }
  return `${lead} The most relevant part${found.length > 1 ? "s" : ""}:\n\n${parts.join("\n\n---\n\n")}\n\nRead it again with your question in mind, then try the example yourself.`;
}

/**
 * The built-in offline assistant: retrieval over the lesson's own text, streamed a few words at a time so the
 * panel behaves as with a model.
 */
export function offlineProvider(): ChatProvider {
  return {
    kind: "offline",
    model: "offline",
    async *stream({ lesson, question, signal }) {
      const answer = offlineAnswer(lesson, question);
      for (const piece of answer.match(/\S+\s*/g) ?? [answer]) {
        if (signal.aborted) throw signal.reason;
        yield piece;
      }
    },
  };
}
