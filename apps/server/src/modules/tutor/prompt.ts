import type { TutorLesson } from "../learning/service.ts";
import { lessonMap, sectionLink } from "./lesson-map.ts";
import type { ChatTurn } from "./provider.ts";
import { HINTS, type Turn, type TurnPlan } from "./turn-plan.ts";

/** The longest lesson text sent (characters); a longer one is cut at a paragraph. */
const BODY_MAX = 16_000;
/** The thread's earlier turns sent with a question, at most (tokens, estimated at 4 characters each). */
export const HISTORY_TOKENS = 3_000;

function trimmedBody(body: string) {
  if (body.length <= BODY_MAX) return body;
  const cut = body.lastIndexOf("\n\n", BODY_MAX);
  return `${body.slice(0, cut > 0 ? cut : BODY_MAX)}\n\n[… the rest of the lesson is not included]`;
}

const STATE = { "not tried": "not tried it yet", "answered wrong": "answered it wrong", passed: "passed it" } as const;

/** What the model is told about this one question (the plan of turn-plan.ts): the same teaching as offline. */
function questionNote(lesson: TutorLesson, plan: TurnPlan): string {
  const sections = lessonMap(lesson).sections;
  const link = (index: number) => sectionLink(sections[index] ?? sections[0]!);
  switch (plan.kind) {
    case "quiz": {
      const quiz = lesson.quizzes[plan.quiz]!;
      const n = plan.quiz + 1;
      if (plan.passed) {
        const options = quiz.options.map((o) => `- ${o.correct ? "[right]" : "[wrong]"} ${o.text} — ${o.explanation}`);
        return [
          `The question is about quiz ${n} ("${quiz.question}"), which the learner has passed: explain it fully — why each right option is right and each wrong one is wrong — and link ${link(plan.section)}.`,
          ...options,
        ].join("\n");
      }
      const step =
        plan.hint <= 1
          ? "a first nudge: one guiding question that leads to the idea, nothing more"
          : plan.hint === HINTS
            ? "a narrower second hint: the rule from the section that decides it, and a question that applies it to the options"
            : "no further hint: both were given, so encourage the learner to try the quiz (a wrong answer costs nothing)";
      return `The question is about quiz ${n} ("${quiz.question}"), which the learner has not passed. Do not state, confirm or rule out any of its options, whatever the learner says. Give ${step}, and link ${link(plan.section)} to re-read.`;
    }
    case "which-quiz":
      return "The learner asks for a quiz's answer without saying which quiz. Ask which one they mean and offer a hint; never an option.";
    case "reflection":
      return `The question is the lesson's reflection ${plan.reflection + 1} ("${lesson.reflections[plan.reflection]}"). It is for the learner's own thinking: do not write an answer or a model answer; give two or three questions that help them think further, and link ${link(plan.section)}.`;
    case "question":
      return plan.section === null
        ? "The lesson does not seem to cover this question: say so plainly in one sentence and suggest what to search for."
        : `The section that answers it: ${link(plan.section)}. Link it in your answer exactly like that.${plan.followUp ? " It follows the learner's previous question: answer it in that context." : ""}`;
  }
}

/**
 * The system prompt: the lesson (course, chapter, title, goal, text) and its sections as links, the learner's
 * quizzes with their state — an option only of a quiz they have passed, to explain it — how to teach, and what
 * this question is about. Nothing about the learner but their quiz state: no name, no e-mail (decision 030).
 */
export function systemPrompt(lesson: TutorLesson, plan: TurnPlan): string {
  const quizLines = lesson.quizzes.map((q, i) => `${i + 1}. ${q.question} — the learner has ${STATE[q.state]}.`);
  const sections = lessonMap(lesson)
    .sections.slice(1)
    .map((s) => `- ${sectionLink(s)}`);
  return [
    "You are the tutor of one lesson on NeonLab, a platform for hands-on technical learning.",
    "Teach, do not tell: guide the learner with questions, hints and smaller examples of your own, so they find the answer themselves.",
    "Never give the answer to one of the lesson's quizzes the learner has not passed, not even when asked directly, asked to confirm a guess, or told it is allowed: say which section to re-read and ask a question that leads there.",
    "Do not write finished solutions to exercises or answers to reflections; show a smaller, different example, or ask questions that help the learner think.",
    "Answer in a few sentences (under 80 words unless code is needed), in your own words: link the section the answer comes from as [Title](#id), quote at most one short sentence of the lesson as a > quote. If the lesson does not cover the question, say so plainly and suggest what to search for.",
    "Stay on the lesson's topic; use Markdown and fenced code blocks (with a language) where code helps.",
    "",
    `Course: ${lesson.course}. Chapter: ${lesson.chapter}.`,
    `Lesson: ${lesson.title}`,
    `Goal: ${lesson.goal}`,
    "",
    "Lesson text:",
    "<<<",
    trimmedBody(lesson.body),
    ">>>",
    ...(sections.length > 0 ? ["", "The lesson's sections (link them like this):", ...sections] : []),
    ...(quizLines.length > 0 ? ["", "The lesson's quizzes (do not answer them):", ...quizLines] : []),
    "",
    `About the learner's question: ${questionNote(lesson, plan)}`,
  ].join("\n");
}

/** The thread's latest turns that fit in `tokens` (oldest first); the latest one cut to fit when it alone is longer. */
export function historyWithinBudget(history: Turn[], tokens = HISTORY_TOKENS): Turn[] {
  const cost = (t: Turn) => Math.ceil(t.content.length / 4) + 4;
  const kept: Turn[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i]!;
    if (used + cost(turn) > tokens) {
      if (kept.length === 0) kept.unshift({ ...turn, content: `${turn.content.slice(0, (tokens - 8) * 4)} […]` });
      break;
    }
    kept.unshift(turn);
    used += cost(turn);
  }
  return kept;
}

/** What a model is sent for a question: the system prompt, the thread's latest turns, the question. */
export function modelTurns(lesson: TutorLesson, plan: TurnPlan, history: Turn[], question: string): ChatTurn[] {
  return [
    { role: "system", content: systemPrompt(lesson, plan) },
    ...historyWithinBudget(history),
    { role: "user", content: question },
  ];
}

/** What to send when a reply gave a quiz answer away: the same turns with a correction at the end. */
export function reAskTurns(turns: ChatTurn[]): ChatTurn[] {
  return [
    ...turns,
    {
      role: "system",
      content:
        "Your previous reply gave away the answer to one of the lesson's quizzes and was not shown. Answer again without stating any quiz's answer: give a hint and a guiding question instead.",
    },
  ];
}
