import type { LessonQuiz, QuizResult } from "@neonlab/shared/schemas/learning";
import { describe, expect, it } from "vitest";
import { canSubmit, initialQuizState, optionFeedback, type QuizState, quizReducer } from "./quiz-state.ts";

const quiz = (type: LessonQuiz["type"], extra: Partial<LessonQuiz> = {}): LessonQuiz => ({
  id: 7,
  key: "q",
  type,
  question: "Which?",
  options: [
    { id: "0", text: "A" },
    { id: "1", text: "B" },
    { id: "2", text: "C" },
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

const result = (correct: boolean, explanations = [option("0", correct, true)]): QuizResult => ({
  quiz_id: 7,
  correct,
  explanation: explanations.map((e) => e.explanation).join(" "),
  explanations,
  passed: correct,
});

const pick = (state: QuizState, optionId: string, checked = true) =>
  quizReducer(state, { type: "pick", optionId, checked });

describe("quiz state", () => {
  it("single choice keeps one pick; multiple keeps a set in display order", () => {
    let single = initialQuizState(quiz("single"));
    single = pick(pick(single, "2"), "0");
    expect(single.selected).toEqual(["0"]);

    let multiple = initialQuizState(quiz("multiple"));
    multiple = pick(pick(pick(multiple, "2"), "0"), "2", false);
    multiple = pick(multiple, "1");
    expect(multiple.selected).toEqual(["0", "1"]);
  });

  it("can not submit without a pick, or twice while checking", () => {
    const empty = initialQuizState(quiz("single"));
    expect(canSubmit(empty)).toBe(false);
    expect(quizReducer(empty, { type: "submit" })).toBe(empty);
    const checking = quizReducer(pick(empty, "1"), { type: "submit" });
    expect(checking.status).toBe("checking");
    expect(canSubmit(checking)).toBe(false);
    expect(pick(checking, "2")).toBe(checking);
  });

  it("a wrong answer shows the picked option's explanation; changing the pick clears it for a retry", () => {
    let state = quizReducer(pick(initialQuizState(quiz("single")), "1"), { type: "submit" });
    state = quizReducer(state, { type: "result", result: result(false, [option("1", false, true)]) });
    expect(state.status).toBe("wrong");
    expect(state.attempts).toBe(1);
    expect(optionFeedback(state, "1")?.explanation).toBe("because 1");
    expect(canSubmit(state)).toBe(false);

    state = pick(state, "0");
    expect(state.status).toBe("idle");
    expect(state.feedback).toEqual([]);
    expect(canSubmit(state)).toBe(true);
  });

  it("a right answer passes the quiz, explains every option and locks the picks", () => {
    const all = [option("0", true, true), option("1", false, false), option("2", false, false)];
    let state = quizReducer(pick(initialQuizState(quiz("single")), "0"), { type: "submit" });
    state = quizReducer(state, { type: "result", result: result(true, all) });
    expect(state.status).toBe("passed");
    expect(optionFeedback(state, "2")?.correct).toBe(false);
    expect(pick(state, "1")).toBe(state);
    expect(canSubmit(state)).toBe(false);
  });

  it("a failed request returns to idle with the picks kept", () => {
    const state = quizReducer(quizReducer(pick(initialQuizState(quiz("single")), "2"), { type: "submit" }), {
      type: "failed",
    });
    expect(state.status).toBe("idle");
    expect(state.selected).toEqual(["2"]);
  });

  it("a quiz passed earlier opens with its review and the earlier picks", () => {
    const review = [option("0", false, false), option("1", true, true), option("2", true, true)];
    const state = initialQuizState(quiz("multiple", { passed: true, review }));
    expect(state.status).toBe("passed");
    expect(state.selected).toEqual(["1", "2"]);
    expect(optionFeedback(state, "0")?.explanation).toBe("because 0");
  });
});
