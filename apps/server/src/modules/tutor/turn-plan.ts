import type { TutorLesson, TutorQuiz } from "../learning/service.ts";
import { normalize } from "./leak-normalize.ts";
import { INTRO_ID, lessonMap } from "./lesson-map.ts";
import { coverage, type Query, rankSections, sectionsWithTerms } from "./retrieval.ts";
import { terms, tokens } from "./terms.ts";

// What a question is, decided before any assistant answers it (docs/decisions/030, "Hints, not answers"): about
// one of the lesson's quizzes (named by number, pasted, its options pasted back, or asked for "the answer"), about
// a reflection, or a question about the lesson — with the thread's earlier turns as context, so "why?" and "and
// with -r?" stay on the thread's topic.

export type Turn = { role: "user" | "assistant"; content: string };

/** How many hints a quiz gets before the tutor only repeats that the quiz itself is the next step. */
export const HINTS = 2;

export type TurnPlan =
  /** A quiz (index in the lesson, from 0): `hint` 1 or 2 while not passed (3: none left), its explanation once passed. */
  | { kind: "quiz"; quiz: number; hint: number; passed: boolean; section: number }
  /** Asked for "the answer" without saying which quiz, in a lesson with several open ones. */
  | { kind: "which-quiz"; sections: number[] }
  | { kind: "reflection"; reflection: number; section: number }
  /** A question: the section that answers it (null: the lesson does not cover it), and how it was asked. */
  | { kind: "question"; section: number | null; query: Query; followUp: boolean; why: boolean; how: boolean };

/** The marker a hint starts with, read back from the thread to climb the ladder: "**Quiz 2 · hint 1 of 2**". */
export const hintMarker = (quiz: number, hint: number) =>
  `**Quiz ${quiz + 1} · hint ${Math.min(hint, HINTS)} of ${HINTS}**`;
const HINT_MARKER = /\*\*Quiz (\d+) · hint (\d) of \d\*\*/g;

/** Asks for a quiz's answer: "the answer", "answer to quiz 2", "which option", "¿cuál es la respuesta correcta?"… */
const ASKS_FOR_ANSWER =
  /\b(?:(?:the|an?|your|correct|right|real|final|true) answers?|answers? (?:to|for|of|key)|solutions?|(?:correct|right|true) (?:options?|choices?|answers?|letters?)|which (?:option|choice|letter)s?|respuestas?|correctas?|antwort|richtig|réponse|bonne|resposta|certa|correto|risposta|giusta)\b/i;
/** "Which one is right?" asks for an answer only when it is about a quiz. */
const WHICH_ONE = /\b(?:which (?:one|is (?:it|right|correct))|is (?:it|this|that) (?:right|correct))\b/i;
const ABOUT_QUIZ = /\b(?:quiz(?:zes)?|question|option|exercise|frage|pregunta)\b/i;
const MENTIONS_QUIZ = /\bquiz(?:zes)?\b/i;
/** Names a quiz or asks for a hint without saying which ("I'm stuck on the chmod quiz", "a hint please"). */
const QUIZ_HELP = /\b(?:quiz(?:zes)?|hints?|clues?|pista|tipp|indice|dica)\b/i;
const ANOTHER_HINT =
  /\b(?:another|next|second|more|other|one more|further)\s+(?:hint|clue|tip|nudge)\b|\bstill stuck\b|\bnot (?:helping|enough)\b|\botra pista\b|\bnoch einen? (?:tipp|hinweis)\b|\bun autre indice\b|\boutra dica\b/i;
const QUIZ_WORD = "quiz(?:zes)?|question|frage|pregunta|questão|questao|domanda";
const NUMBERED = new RegExp(
  `\\b(?:${QUIZ_WORD})\\s*(?:#|no\\.?\\s*|nr\\.?\\s*|n[°º]\\s*|number\\s*)?(\\d{1,2})\\b`,
  "i",
);
const NUMBER_FIRST = new RegExp(`(?:^|\\s)(\\d{1,2})(?:st|nd|rd|th)\\s+(?:${QUIZ_WORD})\\b`, "i");
const ORDINALS: [RegExp, number][] = [
  [/\b(?:first|1st|one|erste[nr]?|primera?|premi[eè]re?|primeira|prima)\b/i, 1],
  [/\b(?:second|2nd|two|zweite[nr]?|segunda?|deuxi[eè]me|seconde?)\b/i, 2],
  [/\b(?:third|3rd|three|dritte[nr]?|tercera?|troisi[eè]me|terceira|terza)\b/i, 3],
  [/\b(?:fourth|4th|four|vierte[nr]?|cuarta?|quatri[eè]me|quarta)\b/i, 4],
];
const ORDINAL_QUIZ = new RegExp(`(?:${QUIZ_WORD})`, "i");
const REFLECTION = /\breflection\s*(?:#|no\.?\s*)?(\d{1,2})\b/i;
const LAST_QUIZ = new RegExp(`\\blast\\s+(?:${QUIZ_WORD})\\b`, "i");

/** The quiz a question names by number ("quiz 2", "the second question", "last quiz"), as an index; null if none. */
function quizByNumber(question: string, count: number): number | null {
  const n = Number(NUMBERED.exec(question)?.[1] ?? NUMBER_FIRST.exec(question)?.[1] ?? Number.NaN);
  if (Number.isInteger(n) && n >= 1) return Math.min(n, count) - 1;
  if (LAST_QUIZ.test(question)) return count - 1;
  if (ORDINAL_QUIZ.test(question)) {
    const near = new RegExp(`(\\S+\\s+){0,2}(?:${QUIZ_WORD})(\\s+\\S+){0,1}`, "i").exec(question)?.[0] ?? "";
    for (const [re, value] of ORDINALS) if (re.test(near) && value <= count) return value - 1;
  }
  return null;
}

/** The share of `of`'s terms that `text` has too, and how many. */
function overlap(text: string, of: string) {
  const mine = new Set(terms(text));
  const theirs = [...new Set(terms(of))];
  const shared = theirs.filter((t) => mine.has(t)).length;
  return { shared, of: theirs.length, share: theirs.length === 0 ? 0 : shared / theirs.length };
}

/** Code spans of a quiz question (`cd ../..`), as compared: normalised, without spaces. */
const codeSpans = (text: string) =>
  [...text.matchAll(/`([^`]+)`/g)].map((m) => normalize(m[1]!).replace(/\s+/g, "")).filter((c) => c.length >= 4);

/** Options of the quiz found in the question, longest first, each place used once ("/home" not inside "/home/neo"). */
function pastedOptions(question: string, quiz: TutorQuiz): { count: number; letters: number } {
  const text = normalize(question);
  const taken: boolean[] = new Array(text.length).fill(false);
  let count = 0;
  let letters = 0;
  const options = quiz.options.map((o) => normalize(o.text).replace(/[.!?]+$/, "")).sort((a, b) => b.length - a.length);
  for (const option of options) {
    const key = option.replace(/[^\p{L}\p{N}]/gu, "");
    if (option.length < 2 && key.length === 0) continue;
    for (let at = text.indexOf(option); at >= 0; at = text.indexOf(option, at + 1)) {
      const before = text[at - 1] ?? " ";
      const after = text[at + option.length] ?? " ";
      const bounded = !/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after);
      if (!bounded || taken.slice(at, at + option.length).some(Boolean)) continue;
      taken.fill(true, at, at + option.length);
      count++;
      letters += key.length;
      break;
    }
  }
  return { count, letters };
}

/** The quiz whose wording or options the question repeats, as an index; null when none clearly does. */
function quizByText(question: string, quizzes: TutorQuiz[]): number | null {
  let best: { index: number; score: number } | null = null;
  quizzes.forEach((quiz, index) => {
    const words = overlap(question, quiz.question);
    const asked = normalize(question).replace(/\s+/g, "");
    const code = codeSpans(quiz.question).filter((c) => asked.includes(c));
    const pasted = pastedOptions(question, quiz);
    let score = 0;
    if (words.shared >= Math.min(3, words.of) && words.of >= 2 && words.share >= 0.6) score = 1 + words.share;
    // The quiz's code pasted: a long snippet is the quiz; a short one (`flex: 1`) only with its wording too.
    if (code.length > 0 && (code.some((c) => c.length >= 10) || words.share >= 0.4)) score = Math.max(score, 1.5);
    if (pasted.count >= 3 || (pasted.count === 2 && pasted.letters >= 4) || (pasted.count >= 1 && pasted.letters >= 16))
      score = Math.max(score, 1 + pasted.count / 2);
    if (score > 0 && (!best || score > best.score)) best = { index, score };
  });
  return (best as { index: number } | null)?.index ?? null;
}

/** The quiz the thread's last hint was about, and how many hints it has had: read from the markers. */
function hintsInThread(history: Turn[]): { quiz: number; hints: Map<number, number> } | null {
  let last: number | null = null;
  const hints = new Map<number, number>();
  for (const turn of history) {
    if (turn.role !== "assistant") continue;
    for (const m of turn.content.matchAll(HINT_MARKER)) {
      const quiz = Number(m[1]) - 1;
      hints.set(quiz, Math.max(hints.get(quiz) ?? 0, Number(m[2])));
      last = quiz;
    }
  }
  return last === null ? null : { quiz: last, hints };
}

/** The section a quiz is about: found by its question and its options' explanations (never shown as such). */
export function quizSection(lesson: TutorLesson, quiz: TutorQuiz): number {
  const query: Query = [
    { text: quiz.question, weight: 1 },
    ...quiz.options.map((o) => ({ text: o.explanation, weight: o.correct ? 0.6 : 0.2 })),
  ];
  return rankSections(lesson, query)[0]?.section.index ?? 0;
}

/** The section an answer of the thread linked to last (its topic), as an index. */
function linkedSection(lesson: TutorLesson, answer: string): number | null {
  const sections = lessonMap(lesson).sections;
  const ids = [...answer.matchAll(/\]\(#([^)\s]+)\)/g)].map((m) => m[1]);
  const id = ids.find((i) => i !== INTRO_ID) ?? ids[0];
  const found = sections.find((s) => s.id === id);
  return found ? found.index : null;
}

const CONTINUATION =
  /^\s*(?:and|but|so|or|then|also|what about|how about|why|how come|what if|really|ok(?:ay)?|and with)\b/i;
const ANAPHORA = /\b(?:it|that|this|they|them|those|these|one|ones|there)\b/i;

/** Decides what the question is about, with the thread's earlier turns (oldest first) as context. */
export function planTurn(lesson: TutorLesson, history: Turn[], question: string): TurnPlan {
  const quizzes = lesson.quizzes;
  const thread = hintsInThread(history);
  const asksAnswer = ASKS_FOR_ANSWER.test(question) || (WHICH_ONE.test(question) && ABOUT_QUIZ.test(question));
  const anotherHint = ANOTHER_HINT.test(question);
  let quiz = quizzes.length > 0 ? (quizByNumber(question, quizzes.length) ?? quizByText(question, quizzes)) : null;
  if (quiz === null && thread && (anotherHint || asksAnswer)) quiz = thread.quiz;
  if (quiz === null && (asksAnswer || QUIZ_HELP.test(question)) && quizzes.length > 0) {
    // "Which option is right?" about no quiz in particular: the one it shares most words with, if only one does;
    // a hint asked about something that is no quiz ("a hint on centring with flexbox") is a question.
    const scores = quizzes.map((q) => overlap(question, q.question).shared);
    const top = Math.max(...scores);
    const open = quizzes.flatMap((q, i) => (q.state === "passed" ? [] : [i]));
    const aboutQuizzes = asksAnswer || MENTIONS_QUIZ.test(question);
    if (top > 0 && scores.filter((s) => s === top).length === 1) quiz = scores.indexOf(top);
    else if (open.length === 1) quiz = open[0]!;
    else if (aboutQuizzes) return { kind: "which-quiz", sections: quizzes.map((q) => quizSection(lesson, q)) };
  }
  if (quiz !== null) {
    const q = quizzes[quiz]!;
    const given = thread?.hints.get(quiz) ?? 0;
    return { kind: "quiz", quiz, hint: given + 1, passed: q.state === "passed", section: quizSection(lesson, q) };
  }
  const reflection = reflectionOf(lesson, question);
  if (reflection !== null) {
    const section = rankSections(lesson, [{ text: lesson.reflections[reflection]!, weight: 1 }])[0]?.section.index;
    return { kind: "reflection", reflection, section: section ?? 0 };
  }
  return questionPlan(lesson, history, question);
}

function reflectionOf(lesson: TutorLesson, question: string): number | null {
  const n = Number(REFLECTION.exec(question)?.[1] ?? Number.NaN);
  if (Number.isInteger(n) && n >= 1 && n <= lesson.reflections.length) return n - 1;
  const index = lesson.reflections.findIndex((prompt) => {
    const o = overlap(question, prompt);
    return o.of >= 2 && o.shared >= Math.min(4, o.of) && o.share >= 0.6;
  });
  return index >= 0 ? index : null;
}

function questionPlan(lesson: TutorLesson, history: Turn[], question: string): TurnPlan {
  const why = /^\s*(?:why|how come|wieso|warum|por ?qu[eé]|pourquoi)\b/i.test(question);
  // How to do something, or a flag or operator named ("and with -r?", "what about 2>&1?"): an example line helps.
  const how =
    /\b(?:how (?:do|can|to|would|should)|how's|command|which command|what command)\b/i.test(question) ||
    tokens(question).some((t) => /^-|^[^\p{L}\p{N}]/u.test(t));
  const own = [...new Set(terms(question))];
  const previous = [...history].reverse().find((t) => t.role === "user")?.content;
  const previousAnswer = [...history].reverse().find((t) => t.role === "assistant")?.content;
  const topic = previousAnswer ? linkedSection(lesson, previousAnswer) : null;
  const followUp =
    previous !== undefined &&
    (own.length <= 3 || CONTINUATION.test(question) || (own.length <= 6 && ANAPHORA.test(question)));
  if (!followUp) {
    const query: Query = [{ text: question, weight: 1 }];
    const covered = own.length > 0 && coverage(lesson, question) >= 0.5;
    const section = covered ? (rankSections(lesson, query)[0]?.section.index ?? null) : null;
    return { kind: "question", section, query, followUp: false, why, how };
  }
  const query: Query = [
    { text: question, weight: 1 },
    { text: previous!, weight: 0.5 },
  ];
  // An elliptical question ("why?", "and with -r?") stays on the thread's topic when the topic's section has
  // whatever it names; it moves on when it names something only another section has.
  const named = sectionsWithTerms(lesson, question);
  if (topic !== null && named.every((sections) => sections.has(topic))) {
    return { kind: "question", section: topic, query, followUp: true, why, how };
  }
  const ranked = rankSections(lesson, query, topic === null ? undefined : { section: topic, factor: 1.5 });
  return { kind: "question", section: ranked[0]?.section.index ?? topic, query, followUp: true, why, how };
}
