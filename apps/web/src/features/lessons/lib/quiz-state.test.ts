import type { LessonQuiz, QuizResult } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import { canSubmit, initialQuizState, optionFeedback, type QuizState, quizReducer } from "./quiz-state.ts";

const quiz = (type: LessonQuiz["type"], extra: Partial<LessonQuiz> = {}): LessonQuiz => ({
  id: 7,
  key: "q",
  type,
  question: "Which?",
  // Shown in the server's order for this learner; ids are opaque.
  options: [
    { id: "c9", text: "C" },
    { id: "a1", text: "A" },
    { id: "b5", text: "B" },
  ],
  passed: false,
  review: null,
  ...extra,
});

const option = (id: string, correct: boolean, selected: boolean) => ({
  option_id: id,
  text: id,
  correct,
  selected,
  explanation: `because ${id}`,
});

const right = (explanations: QuizResult["explanations"]): QuizResult => ({
  quiz_id: 7,
  correct: true,
  message: "Correct!",
  wrong_count: null,
  hint: null,
  explanation: explanations.map((e) => e.explanation).join(" "),
  explanations,
  passed: true,
});

const wrong = (hint: string | null = null): QuizResult => ({
  quiz_id: 7,
  correct: false,
  message: "1 of the 2 options you chose is wrong.",
  wrong_count: 1,
  hint,
  explanation: "",
  explanations: [],
  passed: false,
});

const pick = (state: QuizState, optionId: string, checked = true) =>
  quizReducer(state, { type: "pick", optionId, checked });

describe("quiz state", () => {
  it("single choice keeps one pick; multiple keeps a set in display order", () => {
    let single = initialQuizState(quiz("single"));
    single = pick(pick(single, "b5"), "a1");
    expect(single.selected).toEqual(["a1"]);

    let multiple = initialQuizState(quiz("multiple"));
    multiple = pick(pick(pick(multiple, "b5"), "a1"), "b5", false);
    multiple = pick(multiple, "c9");
    expect(multiple.selected).toEqual(["c9", "a1"]);
  });

  it("can not submit without a pick, or twice while checking", () => {
    const empty = initialQuizState(quiz("single"));
    expect(canSubmit(empty)).toBe(false);
    expect(quizReducer(empty, { type: "submit" })).toBe(empty);
    const checking = quizReducer(pick(empty, "a1"), { type: "submit" });
    expect(checking.status).toBe("checking");
    expect(canSubmit(checking)).toBe(false);
    expect(pick(checking, "b5")).toBe(checking);
  });

  it("a wrong answer says so with the hint and explains no option; changing the pick allows a retry", () => {
    let state = quizReducer(pick(initialQuizState(quiz("multiple")), "a1"), { type: "submit" });
    state = quizReducer(state, { type: "result", result: wrong("Think of the root.") });
    expect(state.status).toBe("wrong");
    expect(state.attempts).toBe(1);
    expect(state.wrong).toEqual({ message: "1 of the 2 options you chose is wrong.", hint: "Think of the root." });
    expect(optionFeedback(state, "a1")).toBeUndefined();
    expect(canSubmit(state)).toBe(false);

    state = pick(state, "b5");
    expect(state.status).toBe("idle");
    expect(state.wrong).toBeNull();
    expect(canSubmit(state)).toBe(true);
  });

  it("a right answer passes the quiz, explains every option and locks the picks", () => {
    const all = [option("c9", false, false), option("a1", true, true), option("b5", false, false)];
    let state = quizReducer(pick(initialQuizState(quiz("single")), "a1"), { type: "submit" });
    state = quizReducer(state, { type: "result", result: right(all) });
    expect(state.status).toBe("passed");
    expect(optionFeedback(state, "b5")?.correct).toBe(false);
    expect(pick(state, "c9")).toBe(state);
    expect(canSubmit(state)).toBe(false);
  });

  it("a failed request returns to idle with the picks kept", () => {
    const state = quizReducer(quizReducer(pick(initialQuizState(quiz("single")), "b5"), { type: "submit" }), {
      type: "failed",
    });
    expect(state.status).toBe("idle");
    expect(state.selected).toEqual(["b5"]);
  });

  it("a quiz passed earlier opens with its review and the earlier picks", () => {
    const review = [option("c9", false, false), option("a1", true, true), option("b5", true, true)];
    const state = initialQuizState(quiz("multiple", { passed: true, review }));
    expect(state.status).toBe("passed");
    expect(state.selected).toEqual(["a1", "b5"]);
    expect(optionFeedback(state, "c9")?.explanation).toBe("because c9");
  });
});
