import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import YAML, { isMap, isSeq, type YAMLSeq } from "yaml";
import type { ContentModel, CourseModel, QuizModel } from "./model.ts";

// `npm run content -- rebalance`: reorders the options in the lesson files so the correct answers of each
// course are spread evenly over the positions. Deterministic (targets come from the quizzes' ids and
// reading order, not from the current order), so a second run changes nothing.

/** New file order of a quiz's options, as indexes into the current order. */
export type QuizPlan = { file: string; quizIndex: number; order: number[] };

const tieBreak = (key: string, position: number) =>
  createHash("sha256").update(`${key}:${position}`).digest().readUInt32BE(0);

/** Picks `count` positions among `size`: the least used so far in the course, ties broken per quiz. */
function pickPositions(usage: number[], size: number, count: number, key: string): number[] {
  return Array.from({ length: size }, (_, i) => i)
    .sort((a, b) => (usage[a] ?? 0) - (usage[b] ?? 0) || tieBreak(key, a) - tieBreak(key, b))
    .slice(0, count)
    .sort((a, b) => a - b);
}

/** Correct options go to the chosen positions, the others fill the rest; each keeps its relative order. */
function orderFor(quiz: QuizModel, targets: number[]): number[] {
  const correct = quiz.options.flatMap((o, i) => (o.correct ? [i] : []));
  const wrong = quiz.options.flatMap((o, i) => (o.correct ? [] : [i]));
  const target = new Set(targets);
  return quiz.options.map((_, position) => (target.has(position) ? correct.shift()! : wrong.shift()!));
}

export function planCourse(course: CourseModel): QuizPlan[] {
  const usage = { single: [] as number[], multiple: [] as number[] };
  const plans: QuizPlan[] = [];
  for (const chapter of course.chapters) {
    for (const lesson of chapter.lessons) {
      lesson.quizzes.forEach((quiz, quizIndex) => {
        const count = quiz.options.filter((o) => o.correct).length;
        const used = usage[quiz.type];
        const targets = pickPositions(used, quiz.options.length, count, `${lesson.file}#${quiz.key}`);
        for (const t of targets) used[t] = (used[t] ?? 0) + 1;
        const order = orderFor(quiz, targets);
        if (order.some((from, to) => from !== to)) plans.push({ file: lesson.file, quizIndex, order });
      });
    }
  }
  return plans;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?\r?\n)---\r?\n/;

/** The lesson file's text with one quiz's option blocks moved, each block's lines kept exactly as written. */
export function reorderOptionsInFile(text: string, quizIndex: number, order: number[], file: string): string {
  const match = FRONTMATTER.exec(text);
  if (!match) throw new Error(`${file}: no frontmatter`);
  const front = match[1];
  const offset = match[0].indexOf(front);
  const doc = YAML.parseDocument(front);
  const options = doc.getIn(["quizzes", quizIndex, "options"], true);
  if (!isSeq(options) || !options.items.every(isMap)) throw new Error(`${file}: quizzes.${quizIndex}.options`);
  const lineStart = (at: number) => front.lastIndexOf("\n", at - 1) + 1;
  const items = (options as YAMLSeq<YAML.YAMLMap>).items;
  const starts = items.map((item) => lineStart(item.range![0]));
  const last = items[items.length - 1].range![1];
  const end = front.indexOf("\n", last - 1) + 1 || front.length;
  const blocks = starts.map((start, i) => front.slice(start, i + 1 < starts.length ? starts[i + 1] : end));
  const before = doc.toJS().quizzes[quizIndex].options;
  const rewritten = front.slice(0, starts[0]) + order.map((from) => blocks[from]).join("") + front.slice(end);
  const after = YAML.parse(rewritten).quizzes[quizIndex].options;
  if (
    !isDeepStrictEqual(
      after,
      order.map((from) => before[from]),
    )
  ) {
    throw new Error(`${file}: quizzes.${quizIndex}.options could not be moved line by line; reorder them by hand`);
  }
  return text.slice(0, offset) + rewritten + text.slice(offset + front.length);
}

/** Applies every course's plan to the files under the content root; returns the files changed. */
export function rebalanceContent(model: ContentModel): string[] {
  const byFile = new Map<string, QuizPlan[]>();
  for (const plan of model.courses.flatMap(planCourse)) {
    byFile.set(plan.file, [...(byFile.get(plan.file) ?? []), plan]);
  }
  for (const [file, plans] of byFile) {
    const abs = join(model.root, file);
    let text = readFileSync(abs, "utf8");
    for (const plan of plans) text = reorderOptionsInFile(text, plan.quizIndex, plan.order, file);
    writeFileSync(abs, text);
  }
  return [...byFile.keys()];
}
