import { describe, expect, it } from "vitest";
import { loadLessons } from "../../../../../bench/tutor-eval/eval.ts";
import type { TutorLesson } from "../learning/service.ts";
import { normalize } from "./leak-normalize.ts";
import { historyWithinBudget, systemPrompt } from "./prompt.ts";
import { reply } from "./teaching.ts";
import { planTurn, type Turn } from "./turn-plan.ts";

// What the tutor makes of a question (turn-plan.ts) and says (teaching.ts), on real lessons of content/.

const lessons = loadLessons();
const paths = lessons.get("linux-command-line/paths-and-navigation")!.lesson;
const files = lessons.get("linux-command-line/working-with-files")!.lesson;
const passed = (lesson: TutorLesson, index: number): TutorLesson => ({
  ...lesson,
  quizzes: lesson.quizzes.map((q, i) => (i === index ? { ...q, state: "passed" } : q)),
});

/** Asks the turns of one thread; the replies. */
function thread(lesson: TutorLesson, questions: string[]) {
  const history: Turn[] = [];
  return questions.map((question) => {
    const answer = reply(lesson, planTurn(lesson, history, question), history, question);
    history.push({ role: "user", content: question }, { role: "assistant", content: answer });
    return answer;
  });
}

/** Whether a reply holds any option of the quiz, right or wrong (as the guard compares texts; "/" is in every path). */
const holdsAnOption = (answer: string, lesson: TutorLesson, quiz: number) =>
  lesson.quizzes[quiz]!.options.some((o) => {
    const option = normalize(o.text).replace(/[.!?]+$/, "");
    if (option.replace(/[^\p{L}\p{N}]/gu, "").length < 2) return false;
    return new RegExp(
      `(?<![\\p{L}\\p{N}])${option.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`,
      "u",
    ).test(normalize(answer));
  });

describe("what a question is about", () => {
  it.each([
    ["right option for Quiz 2?", 1],
    ["just tell me the answer to quiz 1", 0],
    ["help with the second question please", 1],
    ["Quelle est la bonne réponse à la question 1 ?", 0],
    ["You are in `/home/neo/neonlab`. Which directory does `cd ../..` take you to?", 0],
    ["is it /home/neo or /home??", 0],
    ["Which of these are absolute paths? neonlab/notes.txt /var/log/syslog /tmp ../etc", 1],
  ])("%j is about quiz %i", (question, quiz) => {
    expect(planTurn(paths, [], question)).toMatchObject({ kind: "quiz", quiz, hint: 1, passed: false });
  });

  it.each(["what is an absolute path?", "what's in /home/neo?", "how do I see hidden files with ls"])(
    "%j is a question about the lesson",
    (question) => {
      expect(planTurn(paths, [], question)).toMatchObject({ kind: "question", followUp: false });
    },
  );

  it("asks which quiz when asked for an answer without saying which, in a lesson with several open ones", () => {
    expect(planTurn(paths, [], "which option is correct?")).toMatchObject({ kind: "which-quiz" });
    const answer = reply(paths, planTurn(paths, [], "which option is correct?"), [], "which option is correct?");
    expect(answer).toContain("- Quiz 1 — about [");
    expect(holdsAnOption(answer, paths, 0) || holdsAnOption(answer, paths, 1)).toBe(false);
  });

  it("keeps a follow-up on the thread's topic, and moves on when it names something else", () => {
    const history: Turn[] = [
      { role: "user", content: "how do I copy a file?" },
      { role: "assistant", content: reply(files, planTurn(files, [], "how do I copy a file?"), [], "") },
    ];
    const copying = planTurn(files, [], "how do I copy a file?");
    expect(copying).toMatchObject({ kind: "question" });
    const followUp = planTurn(files, history, "and with -r?");
    expect(followUp).toMatchObject({
      kind: "question",
      followUp: true,
      section: (copying as { section: number }).section,
    });
    const elsewhere = planTurn(files, history, "what about brace expansion?");
    expect(elsewhere).toMatchObject({ kind: "question" });
    expect((elsewhere as { section: number }).section).not.toBe((copying as { section: number }).section);
  });
});

describe("the hint ladder", () => {
  it("gives a nudge, then a narrower hint, then no more: never an option, always the section to re-read", () => {
    const [first, second, third] = thread(paths, ["help with quiz 1", "another hint", "just give me the answer"]);
    expect(first).toMatch(/^\*\*Quiz 1 · hint 1 of 2\*\* — .*Re-read \[[^\]]+\]\(#[a-z-]+\)/);
    expect(second).toMatch(/^\*\*Quiz 1 · hint 2 of 2\*\* — a narrower one/);
    expect(second).toMatch(/\n> .+/);
    expect(third).toContain("you have both hints for Quiz 1");
    for (const answer of [first, second, third]) expect(holdsAnOption(answer!, paths, 0)).toBe(false);
  });

  it("explains every option once the learner has passed the quiz", () => {
    const lesson = passed(paths, 0);
    const [answer] = thread(lesson, ["explain quiz 1 please"]);
    expect(answer).toContain("You passed **Quiz 1**");
    for (const o of lesson.quizzes[0]!.options) expect(answer).toContain(o.explanation);
    expect(answer).toContain(`✓ **${lesson.quizzes[0]!.options.find((o) => o.correct)!.text}**`);
  });

  it("answers a reflection with questions to think further, not a model answer", () => {
    const prompt = files.reflections[0]!;
    const [answer] = thread(files, [prompt]);
    expect(answer).toMatch(/^\*\*Reflection 1\*\* is for your own thinking/);
    expect(answer).toMatch(/- Which part of \[[^\]]+\]\(#[a-z-]+\)/);
  });
});

describe("what a model is sent", () => {
  it("the plan of the question, the sections as links, and an option only of a passed quiz", () => {
    const open = systemPrompt(paths, planTurn(paths, [], "right option for quiz 1?"));
    expect(open).toContain("About the learner's question: The question is about quiz 1");
    expect(open).toContain("Give a first nudge");
    expect(open).toContain("- [Absolute and relative paths](#absolute-and-relative-paths)");
    for (const q of paths.quizzes) for (const o of q.options) expect(open).not.toContain(o.explanation);
    const explained = systemPrompt(passed(paths, 0), planTurn(passed(paths, 0), [], "explain quiz 1"));
    expect(explained).toContain("which the learner has passed: explain it fully");
    expect(explained).toContain("[right] /home — ");
  });

  it("the thread's latest turns within the token budget", () => {
    const turn = (i: number): Turn => ({ role: i % 2 ? "assistant" : "user", content: `${i} ${"x".repeat(396)}` });
    const history = Array.from({ length: 12 }, (_, i) => turn(i));
    const kept = historyWithinBudget(history, 500);
    expect(kept.map((t) => t.content.split(" ")[0])).toEqual(["8", "9", "10", "11"]);
    const one = historyWithinBudget([{ role: "assistant", content: "y".repeat(10_000) }], 100);
    expect(one).toHaveLength(1);
    expect(one[0]!.content.length).toBeLessThan(500);
  });
});
