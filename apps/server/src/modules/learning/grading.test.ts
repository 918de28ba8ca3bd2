import { describe, expect, it } from "vitest";
import { gradeQuiz, reviewQuiz } from "./grading.ts";

const options = [
  { text: "A", correct: true, explanation: "A is right." },
  { text: "B", correct: false, explanation: "B is wrong." },
  { text: "C", correct: true, explanation: "C is right too." },
];

describe("quiz grading", () => {
  it("a multiple-choice answer is correct only with exactly the correct set", () => {
    expect(gradeQuiz("multiple", options, ["0", "2"])).toMatchObject({ ok: true, correct: true, selected: [0, 2] });
    expect(gradeQuiz("multiple", options, ["2", "0", "2"])).toMatchObject({ ok: true, correct: true });
    expect(gradeQuiz("multiple", options, ["0"])).toMatchObject({ ok: true, correct: false });
    expect(gradeQuiz("multiple", options, ["0", "1", "2"])).toMatchObject({ ok: true, correct: false });
  });

  it("explains only the picked options when wrong, every option when right", () => {
    const wrong = gradeQuiz("multiple", options, ["1"]);
    expect(wrong).toMatchObject({ ok: true, correct: false, explanation: "B is wrong." });
    if (wrong.ok) expect(wrong.results.map((r) => r.option_id)).toEqual(["1"]);
    const right = gradeQuiz("multiple", options, ["0", "2"]);
    if (!right.ok) throw new Error("expected a grade");
    expect(right.explanation).toBe("A is right. C is right too.");
    expect(right.results.map((r) => [r.option_id, r.correct, r.selected])).toEqual([
      ["0", true, true],
      ["1", false, false],
      ["2", true, true],
    ]);
  });

  it("rejects unknown options and several picks on a single-choice quiz", () => {
    expect(gradeQuiz("single", options, ["3"])).toEqual({ ok: false, message: 'Unknown option "3". Pick one of 0–2.' });
    expect(gradeQuiz("single", options, ["x"])).toMatchObject({ ok: false });
    expect(gradeQuiz("single", options, ["0", "2"])).toEqual({ ok: false, message: "Pick exactly one option." });
    expect(gradeQuiz("single", options, ["0", "0"])).toMatchObject({ ok: true, correct: false });
  });

  it("reviews a passed quiz with every explanation and the picks", () => {
    expect(reviewQuiz(options, ["0", "2"]).map((r) => r.selected)).toEqual([true, false, true]);
  });
});
