import { TUTOR_MESSAGES } from "@neonlab/shared/schemas/tutor";
import type { TutorLesson, TutorQuiz } from "../learning/service.ts";
import { type LeakGuard, leakGuard } from "./leak-guard.ts";
import { normalize } from "./leak-normalize.ts";
import { lessonMap, type Section, type Sentence, sectionLink } from "./lesson-map.ts";
import { bestSentence, type Query } from "./retrieval.ts";
import { term, tokens } from "./terms.ts";
import { HINTS, hintMarker, type Turn, type TurnPlan } from "./turn-plan.ts";

// What the tutor says, in its own words: a hint ladder for a quiz (a nudge, then a narrower hint, the explanation
// only once passed), prompts for a reflection, and for a question a short answer that links its section, quotes
// one short sentence of it and hands the thinking back. The offline assistant answers with these; a model gets
// the same plan as a note (prompt.ts), and the hint when its reply gave an answer away twice (chat.ts).

/** The guard over the correct options of the quizzes the learner has not passed. */
export function openQuizGuard(lesson: TutorLesson): LeakGuard {
  return leakGuard(openAnswers(lesson));
}

const openAnswers = (lesson: TutorLesson) =>
  lesson.quizzes
    .filter((q) => q.state !== "passed")
    .flatMap((q) => q.correctTexts.map((text) => ({ quizId: q.id, text })));

/**
 * The guard for one turn: the open quizzes' correct options, and while the turn gives hints for a quiz, every
 * option of that one too — a hint rules no option in or out by name.
 */
export function turnGuard(lesson: TutorLesson, plan: TurnPlan): LeakGuard {
  if (plan.kind !== "quiz" || plan.passed) return openQuizGuard(lesson);
  const quiz = lesson.quizzes[plan.quiz]!;
  return leakGuard([...openAnswers(lesson), ...quiz.options.map((o) => ({ quizId: quiz.id, text: o.text }))]);
}

/**
 * Whether a text holds an option of the quiz (any, or only a correct one), as the guard compares texts, anywhere
 * and not only where stated as the answer: "= **250px**" holds the option "250px".
 */
function holdsOption(
  text: string,
  quiz: TutorQuiz,
  only: { correctOnly?: boolean; minLetters?: number } = {},
): boolean {
  const t = normalize(text);
  return quiz.options.some((o) => {
    if (only.correctOnly && !o.correct) return false;
    const option = normalize(o.text).replace(/[.!?]+$/, "");
    if (option.replace(/[^\p{L}\p{N}]/gu, "").length < (only.minLetters ?? 2)) return false;
    const at = t.indexOf(option);
    return at >= 0 && !/[\p{L}\p{N}]/u.test(t[at - 1] ?? " ") && !/[\p{L}\p{N}]/u.test(t[at + option.length] ?? " ");
  });
}

/** A code line as quoted: the columns of spaces before its comment closed up. */
const codeLine = (text: string) => text.trim().replace(/\s{2,}/g, "  ");

/** A sentence as quoted: a code line in a fenced block; prose as a `>` quote, links as their text, a closing colon "…". */
const quote = (sentence: Sentence) =>
  sentence.kind === "code"
    ? `\`\`\`${sentence.lang ?? ""}\n${codeLine(sentence.text)}\n\`\`\``
    : `> ${quotedText(sentence)}`;

const quotedText = (sentence: Sentence) =>
  sentence.text
    .replace(/\n/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/:\s*$/, " …");

/** The code a quiz asks about: its last code span with a space in it (`cd ../..`, not the path before it), else its last. */
function quizCode(text: string): string | undefined {
  const spans = [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return spans.filter((c) => /\s/.test(c.trim())).at(-1) ?? spans.at(-1);
}

/** The first nudge's guiding question, from the quiz's shape. */
function nudge(quiz: TutorQuiz): string {
  const code = quizCode(quiz.question);
  if (
    code &&
    /\b(?:print|log|return|evaluate|produce|output|take|happen|give|result|store|gets?)\w*/i.test(quiz.question)
  )
    return `Work through \`${code}\` one step at a time, as that section does: what does each part do on its own?`;
  if (quiz.type === "multiple")
    return "More than one option can be right: check each one on its own against that section, and keep only those it supports.";
  if (/^\s*why\b/i.test(quiz.question))
    return "What problem does that section say this solves? Look for the option that names it.";
  return "Put the idea of that section into one sentence of your own, then compare it with each option.";
}

/** A hint for a quiz the learner has not passed: never an option's text. `hint` 1, 2, or past the last. */
export function quizHint(lesson: TutorLesson, quizIndex: number, hint: number, sectionIndex: number): string {
  const quiz = lesson.quizzes[quizIndex]!;
  const map = lessonMap(lesson);
  const section = map.sections[sectionIndex] ?? map.sections[0]!;
  const marker = hintMarker(quizIndex, hint);
  const own = quiz.hint ? `\n\nThe quiz's own hint: ${quiz.hint}` : "";
  if (hint <= 1) {
    return `${marker} — I won't give the answer away, but this gets you closer. Re-read ${sectionLink(section)}. ${nudge(quiz)}${own}`;
  }
  if (hint === 2) {
    const guard = openQuizGuard(lesson);
    const query: Query = [
      { text: quiz.question, weight: 1 },
      ...quiz.options.filter((o) => o.correct).map((o) => ({ text: o.explanation, weight: 0.6 })),
    ];
    const key = bestSentence(lesson, section.index, query, {
      exclude: (s) => holdsOption(s.text, quiz) || guard.leaks(s.text) !== null,
    });
    const apply =
      quiz.type === "multiple"
        ? "Test each option against it, one at a time: which ones does it describe?"
        : "Which options does it rule out, and which one does it leave standing?";
    return key
      ? `${marker} — a narrower one. The key sentence in ${sectionLink(section)}:\n\n${quote(key)}\n\n${apply}`
      : `${marker} — a narrower one: try the example in ${sectionLink(section)} yourself and compare what happens with each option.`;
  }
  return `${marker} — you have both hints for Quiz ${quizIndex + 1}, so the next step is yours: pick an option and check it. A wrong answer costs nothing, and once you pass it I can explain every option. ${sectionLink(section)} is the part to re-read.`;
}

/** The full explanation of a quiz the learner has passed: every option, right or not, with why. */
export function quizExplanation(lesson: TutorLesson, quizIndex: number, sectionIndex: number): string {
  const quiz = lesson.quizzes[quizIndex]!;
  const section = lessonMap(lesson).sections[sectionIndex] ?? lessonMap(lesson).sections[0]!;
  const lines = quiz.options.map((o) =>
    o.correct ? `- ✓ **${o.text}** — ${o.explanation}` : `- ✗ ${o.text} — ${o.explanation}`,
  );
  return `You passed **Quiz ${quizIndex + 1}**, so here is the full explanation (see ${sectionLink(section)}):\n\n${lines.join("\n")}`;
}

function whichQuiz(lesson: TutorLesson, sections: number[]): string {
  const map = lessonMap(lesson);
  const lines = lesson.quizzes.map(
    (q, i) =>
      `- Quiz ${i + 1}${q.state === "passed" ? " (passed)" : ""} — about ${sectionLink(map.sections[sections[i]!] ?? map.sections[0]!)}`,
  );
  return `Which quiz do you mean? I won't hand out answers, but I can give you a hint for any of them:\n\n${lines.join("\n")}\n\nAsk "hint for quiz 2", for example.`;
}

function reflectionPrompts(reflection: number, section: Section): string {
  return [
    `**Reflection ${reflection + 1}** is for your own thinking, so I won't write an answer for you. Some questions to get you started:`,
    "",
    `- Which part of ${sectionLink(section)} does it touch, and what did you try there yourself?`,
    "- What would go wrong, or be harder, without it?",
    "- Could you explain your answer to a friend in two sentences, with one example?",
  ].join("\n");
}

/** Where to look for what the lesson does not cover, by the course's subject. */
function elsewhere(course: string): string {
  if (/linux|command|shell|bash/i.test(course)) return "in the command's manual (`man <command>`) or the web";
  if (/security/i.test(course)) return "in the OWASP Cheat Sheet Series or the web";
  return "on MDN Web Docs or the web";
}

function searchWords(question: string): string {
  const words = tokens(question.replace(/[’']/g, "")).filter((t) => term(t) !== null);
  return [...new Set(words)].slice(0, 5).join(" ");
}

function notCovered(lesson: TutorLesson, question: string): string {
  const words = searchWords(question);
  const search = words ? `search for "${words}" ${elsewhere(lesson.course)}` : `search ${elsewhere(lesson.course)}`;
  return `"${lesson.title}" does not cover that. To find out, ${search}. Or ask me about something in this lesson.`;
}

function answerPrompt(plan: Extract<TurnPlan, { kind: "question" }>): string {
  if (plan.why) return "Does that reason make sense? Try saying it in your own words.";
  if (plan.how) return "Try it yourself: is the result what you expected?";
  if (plan.followUp) return "Does that answer it? If not, tell me which part is unclear.";
  return "Can you put it in your own words, then check it with the section's example?";
}

/** The sentences an earlier answer of the thread quoted (not quoted again). */
function quotedBefore(history: Turn[]): Set<string> {
  const quoted = new Set<string>();
  for (const turn of history) {
    if (turn.role !== "assistant") continue;
    for (const m of turn.content.matchAll(/^> (.+)$/gm)) quoted.add(m[1]!.trim());
    for (const m of turn.content.matchAll(/^```[\w+#.-]*\n([^\n]+)\n```$/gm)) quoted.add(codeLine(m[1]!));
  }
  return quoted;
}

/** A short answer to a question: its section as a link, one short quoted sentence, an example line for "how". */
function questionAnswer(
  lesson: TutorLesson,
  plan: Extract<TurnPlan, { kind: "question" }>,
  history: Turn[],
  question: string,
) {
  if (plan.section === null) {
    const asked = question.trim() || "that";
    return notCovered(lesson, asked);
  }
  const map = lessonMap(lesson);
  const section = map.sections[plan.section]!;
  const guard = openQuizGuard(lesson);
  const quoted = quotedBefore(history);
  const open = lesson.quizzes.filter((q) => q.state !== "passed");
  const exclude = (s: Sentence) =>
    quoted.has(s.kind === "code" ? codeLine(s.text) : quotedText(s)) ||
    guard.leaks(s.text) !== null ||
    open.some((q) => holdsOption(s.text, q, { correctOnly: true, minLetters: 3 }));
  // "Why?" after an answer: the reason is usually stated next to what was quoted.
  const near =
    plan.followUp && plan.why ? map.sentences.filter((s) => quoted.has(quotedText(s))).map((s) => s.index) : [];
  const key = bestSentence(lesson, section.index, plan.query, { why: plan.why, exclude, near });
  const example = plan.how
    ? bestSentence(lesson, section.index, plan.query, {
        kinds: ["code"],
        matching: true,
        // A line that is only a comment shows nothing.
        exclude: (s) => exclude(s) || codeLine(s.text).length > 80 || /^\s*(?:#|\/\/|--|\/\*)/.test(s.text),
      })
    : null;
  const parts = [`This is in ${sectionLink(section)}${key ? ":" : "."}`];
  if (key) parts.push(quote(key));
  if (example && !key?.text.includes(example.text.trim())) parts.push(`For example:\n\n${quote(example)}`);
  parts.push(answerPrompt(plan));
  const answer = parts.join("\n\n");
  // Belt and braces: whatever was picked, the answer as a whole must not state an option.
  return guard.leaks(answer) === null ? answer : `This is in ${sectionLink(section)}. ${answerPrompt(plan)}`;
}

/** The reply to a planned turn, without the offline assistant's lead. */
export function reply(lesson: TutorLesson, plan: TurnPlan, history: Turn[], question: string): string {
  const map = lessonMap(lesson);
  switch (plan.kind) {
    case "quiz":
      return plan.passed
        ? quizExplanation(lesson, plan.quiz, plan.section)
        : quizHint(lesson, plan.quiz, Math.min(plan.hint, HINTS + 1), plan.section);
    case "which-quiz":
      return whichQuiz(lesson, plan.sections);
    case "reflection":
      return reflectionPrompts(plan.reflection, map.sections[plan.section] ?? map.sections[0]!);
    case "question":
      return questionAnswer(lesson, plan, history, question);
  }
}

/** The offline assistant's whole answer: its lead (it always says what it is), then the reply. */
export function offlineReply(lesson: TutorLesson, plan: TurnPlan, history: Turn[], question: string): string {
  return `${TUTOR_MESSAGES.offlineLead} ${reply(lesson, plan, history, question)}`;
}
