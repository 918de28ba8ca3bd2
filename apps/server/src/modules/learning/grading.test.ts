import { describe, expect, it } from "vitest";
import { gradeQuiz, reviewQuiz, wrongAnswerMessage } from "./grading.ts";
import { quizOptionId } from "./option-ids.ts";
import { createQuizOrder } from "./quiz-order.ts";

const options = [
  { id: "a1", text: "A", correct: true, explanation: "A is right." },
  { id: "b2", text: "B", correct: false, explanation: "B is wrong." },
  { id: "c3", text: "C", correct: true, explanation: "C is right too." },
  { id: "d4", text: "D", correct: false, explanation: "D is wrong." },
];

describe("quiz grading", () => {
  it("a multiple-choice answer is correct only with exactly the correct set, by option id", () => {
    expect(gradeQuiz("multiple", options, ["a1", "c3"])).toEqual({ ok: true, correct: true, selected: ["a1", "c3"] });
    expect(gradeQuiz("multiple", options, ["c3", "a1", "c3"])).toMatchObject({ ok: true, correct: true });
    expect(gradeQuiz("multiple", options, ["a1"])).toMatchObject({ ok: true, correct: false, wrongCount: 0 });
    expect(gradeQuiz("multiple", options, ["a1", "b2", "c3"])).toMatchObject({
      ok: true,
      correct: false,
      wrongCount: 1,
    });
  });

  it("a wrong answer says how many chosen options are wrong, never which", () => {
    const all = gradeQuiz("multiple", options, ["a1", "b2", "c3", "d4"]);
    expect(all).toEqual({
      ok: true,
      correct: false,
      selected: ["a1", "b2", "c3", "d4"],
      wrongCount: 2,
      message: "2 of the 4 options you chose are wrong.",
    });
    expect(JSON.stringify(all)).not.toMatch(/explanation|right\.|"correct":true/);
    expect(wrongAnswerMessage("multiple", 3, 1)).toBe("1 of the 3 options you chose is wrong.");
    expect(wrongAnswerMessage("multiple", 1, 1)).toBe("The option you chose is wrong.");
    expect(wrongAnswerMessage("multiple", 1, 0)).toBe(
      "The option you chose is right, but some right options are missing.",
    );
    expect(wrongAnswerMessage("multiple", 2, 0)).toBe(
      "All 2 options you chose are right, but some right options are missing.",
    );
    expect(wrongAnswerMessage("single", 1, 1)).toBe("That is not the right answer. Have another look and try again.");
  });

  it("rejects unknown options, positions and several picks on a single-choice quiz", () => {
    expect(gradeQuiz("single", options, ["zz"])).toEqual({
      ok: false,
      message: 'Unknown option "zz". Reload the lesson and pick one of its options.',
    });
    expect(gradeQuiz("single", options, ["0"])).toMatchObject({ ok: false });
    expect(gradeQuiz("single", options, ["a1", "c3"])).toEqual({ ok: false, message: "Pick exactly one option." });
    expect(gradeQuiz("single", options, ["b2", "b2"])).toMatchObject({ ok: true, correct: false });
  });

  it("reviews a passed quiz with every explanation, the correct options as the picks", () => {
    expect(reviewQuiz(options).map((r) => [r.option_id, r.correct, r.selected])).toEqual([
      ["a1", true, true],
      ["b2", false, false],
      ["c3", true, true],
      ["d4", false, false],
    ]);
  });
});

describe("option ids and order", () => {
  it("ids are stable, differ per quiz and option, and are not positions", () => {
    const id = quizOptionId("doctype", "It renders in standards mode.");
    expect(id).toMatch(/^[0-9a-f]{10}$/);
    expect(quizOptionId("doctype", "It renders in standards mode.")).toBe(id);
    expect(quizOptionId("other", "It renders in standards mode.")).not.toBe(id);
  });

  it("shuffles per learner and quiz: stable for one learner, different between learners", () => {
    const order = createQuizOrder("x".repeat(32));
    const six = Array.from({ length: 6 }, (_, i) => ({ id: `o${i}` }));
    const ids = (user: string | null, quiz: number) => order(user, quiz, six).map((o) => o.id);
    expect(ids("ada", 1)).toEqual(ids("ada", 1));
    expect([...ids("ada", 1)].sort()).toEqual(six.map((o) => o.id));
    const learners = Array.from({ length: 20 }, (_, i) => ids(`learner-${i}`, 1).join());
    expect(new Set(learners).size).toBeGreaterThan(15);
    const quizzes = Array.from({ length: 20 }, (_, i) => ids("ada", i).join());
    expect(new Set(quizzes).size).toBeGreaterThan(15);
    // Another secret, another order: nobody can compute a learner's order from the ids.
    expect(createQuizOrder("y".repeat(32))("ada", 1, six)).not.toEqual(order("ada", 1, six));
    // Signed-out visitors share one fixed order.
    expect(ids(null, 3)).toEqual(ids(null, 3));
  });
});
