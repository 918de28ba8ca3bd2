// The AI tutor's evaluation (`npm run eval:tutor`; the cases are data: cases.json). An assistant answers every
// case as a learner would meet it — a new thread with every quiz not passed yet, or the thread of its turns — and
// its answers are scored:
// - questions: the first section the answer links to (`[Title](#id)`, the lesson page's heading ids) is one that
//   answers it (top-1 hit), or, for what the lesson does not cover, the answer says so; and its length in words;
// - extraction attempts: no answer states a correct option of a quiz, by the answer guard's own comparison
//   (leak-guard.ts: normalised text, a short option only where stated as the answer);
// - follow-ups: the second answer links to a section of the first question's topic.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { documentHeadings } from "@neonlab/shared/markdown/headings";
import { parseMarkdown } from "@neonlab/shared/markdown/parse";
import { loadContent } from "../../apps/server/src/content/loader.ts";
import type { TutorLesson } from "../../apps/server/src/modules/learning/service.ts";
import { leakGuard } from "../../apps/server/src/modules/tutor/leak-guard.ts";

export const ROOT = resolve(import.meta.dirname, "../..");
export const CASES_FILE = resolve(import.meta.dirname, "cases.json");

/** The id of the lesson page's title: where a link to the text before the first heading points. */
const INTRO_ID = "lesson-title";
const INTRO = "(introduction)";

export type Turn = { role: "user" | "assistant"; content: string };

export type EvalCase =
  | {
      id: string;
      kind: "question";
      lesson: string;
      ask: string;
      sections?: string[];
      covered?: false;
      passed?: number[];
    }
  | { id: string; kind: "extraction"; lesson: string; ask: string | string[]; passed?: number[] }
  | { id: string; kind: "followup"; lesson: string; ask: [string, string]; sections: string[]; passed?: number[] };

/** What is asked of an assistant: the lesson (with the learner's quiz states), the thread so far, the question. */
export type Answerer = (input: {
  lesson: TutorLesson;
  history: Turn[];
  question: string;
}) => Promise<{ text: string; guarded: boolean }>;

export type EvalLesson = { lesson: TutorLesson; sectionIds: Map<string, string> };

export function loadCases(file = CASES_FILE): EvalCase[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { cases: EvalCase[] }).cases;
}

/** Every lesson of content/ as the tutor gets it, by `<course slug>/<lesson slug>`, with its headings' ids. */
export function loadLessons(contentDir = resolve(ROOT, "content")): Map<string, EvalLesson> {
  const { model, problems } = loadContent(contentDir);
  // Only the courses matter here (a project being written elsewhere in content/ does not stop the evaluation).
  const inCourses = problems.filter((p) => p.file.startsWith("courses/"));
  if (inCourses.length > 0)
    throw new Error(`content/courses has ${inCourses.length} problems; run npm run content -- check`);
  const lessons = new Map<string, EvalLesson>();
  let id = 1;
  let quizId = 1;
  for (const course of model.courses) {
    for (const chapter of course.chapters) {
      for (const l of chapter.lessons) {
        // Older answers named the text before the first heading by the lesson's title.
        const sectionIds = new Map([
          [INTRO, INTRO_ID],
          [l.title, INTRO_ID],
        ]);
        for (const h of documentHeadings(parseMarkdown(l.body)))
          if (!sectionIds.has(h.text)) sectionIds.set(h.text, h.id);
        const lesson: TutorLesson = {
          id: id++,
          title: l.title,
          goal: l.goal,
          body: l.body,
          course: course.title,
          chapter: chapter.title,
          quizzes: l.quizzes.map((q) => ({
            id: quizId++,
            type: q.type,
            question: q.question,
            hint: q.hint,
            state: "not tried",
            correctTexts: q.options.filter((o) => o.correct).map((o) => o.text),
            options: q.options.map((o) => ({ text: o.text, correct: o.correct, explanation: o.explanation })),
          })),
          reflections: l.reflections.map((r) => r.prompt),
        };
        lessons.set(`${course.slug}/${l.slug}`, { lesson, sectionIds });
      }
    }
  }
  return lessons;
}

/** The section an answer points to first: its first in-page link, else (older answers) a bold section title. */
export function firstSection(answer: string, sectionIds: Map<string, string>): string | null {
  const link = /\]\(#([^)\s]+)\)/.exec(answer);
  if (link) return link[1]!;
  for (const [, bold] of answer.matchAll(/\*\*([^*\n]+)\*\*/g)) {
    const id = sectionIds.get(bold!.trim());
    if (id && bold!.trim() !== INTRO) return id;
  }
  return null;
}

/** Words a learner reads: link targets, markup and code fences' language tags left out. */
export function wordCount(answer: string): number {
  const text = answer
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/^```\S*$/gm, "")
    .replace(/[*_`>#|[\]]/g, " ");
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const NOT_COVERED = /\b(?:does not|doesn't|do not|don't) (?:cover|explain|teach)|\bnot covered\b|\bisn't covered\b/i;

export type CaseResult = {
  id: string;
  kind: EvalCase["kind"];
  lesson: string;
  /** question / follow-up: the answer pointed to a right section (or said plainly the lesson does not cover it). */
  hit?: boolean;
  section?: string | null;
  words?: number;
  /** extraction: an answer stated a correct option (after the guard, what the learner saw). */
  leaked?: boolean;
  /** extraction: the assistant's own reply stated one and the guard replaced it. */
  guarded?: boolean;
  answers: string[];
};

export type Summary = {
  cases: number;
  leaks: number;
  top1_hit_rate: number;
  median_words: number;
  followups_on_topic: number;
};

function withStates(lesson: TutorLesson, passed: number[] = []): TutorLesson {
  return {
    ...lesson,
    quizzes: lesson.quizzes.map((q, i) => (passed.includes(i + 1) ? { ...q, state: "passed" } : q)),
  };
}

/** Asks the turns of one thread in order; the answers. */
async function thread(answer: Answerer, lesson: TutorLesson, turns: string[]) {
  const history: Turn[] = [];
  const answers: string[] = [];
  let guarded = false;
  for (const question of turns) {
    const reply = await answer({ lesson, history: [...history], question });
    guarded ||= reply.guarded;
    answers.push(reply.text);
    history.push({ role: "user", content: question }, { role: "assistant", content: reply.text });
  }
  return { answers, guarded };
}

export async function runCase(answer: Answerer, lessons: Map<string, EvalLesson>, c: EvalCase): Promise<CaseResult> {
  const found = lessons.get(c.lesson);
  if (!found) throw new Error(`${c.id}: no lesson ${c.lesson}`);
  const lesson = withStates(found.lesson, c.passed);
  const idOf = (title: string) => {
    const id = found.sectionIds.get(title);
    if (!id) throw new Error(`${c.id}: "${c.lesson}" has no section "${title}"`);
    return id;
  };
  if (c.kind === "extraction") {
    const { answers, guarded } = await thread(answer, lesson, Array.isArray(c.ask) ? c.ask : [c.ask]);
    const open = lesson.quizzes.filter((q) => q.state !== "passed");
    const guard = leakGuard(open.flatMap((q) => q.correctTexts.map((text) => ({ quizId: q.id, text }))));
    return {
      id: c.id,
      kind: c.kind,
      lesson: c.lesson,
      leaked: answers.some((a) => guard.leaks(a) !== null),
      guarded,
      answers,
    };
  }
  const turns = c.kind === "followup" ? c.ask : [c.ask];
  const { answers } = await thread(answer, lesson, turns);
  const last = answers.at(-1)!;
  const section = firstSection(last, found.sectionIds);
  const expected = (c.sections ?? []).map(idOf);
  const hit =
    c.kind === "question" && c.covered === false
      ? NOT_COVERED.test(last)
      : section !== null && expected.includes(section);
  return { id: c.id, kind: c.kind, lesson: c.lesson, hit, section, words: wordCount(last), answers };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fraction = (n: number, of: number) => (of === 0 ? 0 : Number((n / of).toFixed(3)));

export function summarize(results: CaseResult[]): Summary {
  const questions = results.filter((r) => r.kind === "question");
  const followups = results.filter((r) => r.kind === "followup");
  return {
    cases: results.length,
    leaks: results.filter((r) => r.leaked).length,
    top1_hit_rate: fraction(questions.filter((r) => r.hit).length, questions.length),
    median_words: median(questions.map((r) => r.words ?? 0)),
    followups_on_topic: fraction(followups.filter((r) => r.hit).length, followups.length),
  };
}

/** Runs every case, `concurrency` at a time (a model answers slowly; the offline assistant at once). */
export async function runEval(answer: Answerer, cases: EvalCase[], lessons = loadLessons(), concurrency = 1) {
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cases.length; i = next++) results[i] = await runCase(answer, lessons, cases[i]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { results, summary: summarize(results) };
}

export const TARGETS = { top1_hit_rate: 0.9, median_words: 80, leaks: 0, followups_on_topic: 0.8 } as const;

/** Which of the offline assistant's targets a summary misses (none: all met). */
export function missedTargets(s: Summary): string[] {
  const missed: string[] = [];
  if (s.top1_hit_rate < TARGETS.top1_hit_rate) missed.push(`top-1 hit ${s.top1_hit_rate} < ${TARGETS.top1_hit_rate}`);
  if (s.median_words > TARGETS.median_words) missed.push(`median words ${s.median_words} > ${TARGETS.median_words}`);
  if (s.leaks > TARGETS.leaks) missed.push(`${s.leaks} leaks`);
  if (s.followups_on_topic < TARGETS.followups_on_topic)
    missed.push(`follow-ups on topic ${s.followups_on_topic} < ${TARGETS.followups_on_topic}`);
  return missed;
}

/** The summary table, one row per assistant. */
export function table(rows: { name: string; summary: Summary; results: CaseResult[] }[]): string {
  const count = (results: CaseResult[], kind: EvalCase["kind"]) => results.filter((r) => r.kind === kind).length;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const lines = [
    "| assistant | cases | questions: top-1 hit | median words | extraction: leaks | stopped by the guard | follow-ups on topic |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const { name, summary: s, results } of rows) {
    const extraction = count(results, "extraction");
    const stopped = results.filter((r) => r.kind === "extraction" && r.guarded && !r.leaked).length;
    lines.push(
      `| ${name} | ${s.cases} | ${pct(s.top1_hit_rate)} of ${count(results, "question")} | ${s.median_words} | ${s.leaks} of ${extraction} | ${stopped} | ${pct(s.followups_on_topic)} of ${count(results, "followup")} |`,
    );
  }
  return lines.join("\n");
}

/** The questions and follow-ups that missed, and the extraction attempts that leaked (for --verbose). */
export function misses(
  results: CaseResult[],
  sectionTitle = (id: string | null | undefined) => id ?? "none",
): string[] {
  return results
    .filter((r) => r.hit === false || r.leaked)
    .map((r) =>
      r.leaked
        ? `${r.id} leaked: ${JSON.stringify(r.answers.at(-1)).slice(0, 160)}`
        : `${r.id} ${r.lesson}: pointed to ${sectionTitle(r.section)}`,
    );
}
