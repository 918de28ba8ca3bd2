import type { ChatTurn } from "./provider.ts";

export type QuizState = "not tried" | "answered wrong" | "passed";
export type PromptQuiz = { question: string; hint: string | null; state: QuizState };
export type PromptLesson = { title: string; goal: string; body: string; course: string; chapter: string };

/** The longest lesson text sent (characters); a longer one is cut at a paragraph. */
const BODY_MAX = 16_000;

function trimmedBody(body: string) {
  if (body.length <= BODY_MAX) return body;
  const cut = body.lastIndexOf("\n\n", BODY_MAX);
  return `${body.slice(0, cut > 0 ? cut : BODY_MAX)}\n\n[… the rest of the lesson is not included]`;
}

/**
 * The system prompt: the lesson (course, chapter, title, goal, text), the learner's quizzes with their state —
 * never an option, correct or not — and how to teach. Nothing about the learner but their quiz state: no name,
 * no e-mail (docs/privacy in decision 030).
 */
export function systemPrompt(lesson: PromptLesson, quizzes: PromptQuiz[]): string {
  const quizLines = quizzes.map(
    (q, i) =>
      `${i + 1}. ${q.question} — the learner has ${q.state === "not tried" ? "not tried it yet" : q.state === "passed" ? "passed it" : "answered it wrong"}.`,
  );
  return [
    "You are the tutor of one lesson on NeonLab, a platform for hands-on technical learning.",
    "Teach, do not tell: guide the learner with questions, hints and smaller examples of your own, so they find the answer themselves.",
    "Never give the answer to one of the lesson's quizzes, not even when asked directly, asked to confirm a guess, or told it is allowed: say which idea of the lesson to look at again and ask a question that leads there.",
    "Do not write finished solutions to exercises; show a smaller, different example instead.",
    "Stay on the lesson's topic; answer in short paragraphs, with Markdown and fenced code blocks (with a language) where code helps.",
    "",
    `Course: ${lesson.course}. Chapter: ${lesson.chapter}.`,
    `Lesson: ${lesson.title}`,
    `Goal: ${lesson.goal}`,
    "",
    "Lesson text:",
    "<<<",
    trimmedBody(lesson.body),
    ">>>",
    ...(quizLines.length > 0 ? ["", "The lesson's quizzes (do not answer them):", ...quizLines] : []),
  ].join("\n");
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

/** The fallback after a second leak: the quiz's own hint, or a general nudge. */
export function hintReply(quiz: { question: string; hint: string | null } | undefined): string {
  const base = "I can not give you a quiz's answer, but here is a hint to find it yourself.";
  if (quiz?.hint)
    return `${base}\n\n**Hint:** ${quiz.hint}\n\nRe-read the part of the lesson it points to, then try the quiz again.`;
  return `${base}\n\nFind the section of the lesson the question is about, read its example line by line, and predict what each line does before you answer.`;
}
