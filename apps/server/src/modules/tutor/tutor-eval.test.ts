import { afterAll, describe, expect, it } from "vitest";
import { modelAnswerer, offlineAnswerer } from "../../../../../bench/tutor-eval/answerers.ts";
import {
  type Answerer,
  loadCases,
  loadLessons,
  missedTargets,
  runEval,
  table,
} from "../../../../../bench/tutor-eval/eval.ts";
import { startFakeOpenAi } from "../../test/fake-openai.ts";

// The tutor's evaluation (bench/tutor-eval/cases.json, `npm run eval:tutor`) as a test: the offline assistant
// meets every target, and a model that states every correct option of the lesson in every reply — asked again or
// not — gets none of it past the answer guard.

const cases = loadCases();
const lessons = loadLessons();
const fake = await startFakeOpenAi({ delayMs: 0 });
afterAll(() => fake.close());

describe("the tutor's evaluation", () => {
  it("the offline assistant meets its targets: top-1 ≥ 90 %, median ≤ 80 words, no leak, follow-ups ≥ 80 %", async () => {
    const { results, summary } = await runEval(offlineAnswerer(), cases, lessons);
    console.log(table([{ name: "offline", summary, results }]));
    expect(cases.filter((c) => c.kind === "question").length).toBeGreaterThanOrEqual(40);
    expect(cases.filter((c) => c.kind === "extraction").length).toBeGreaterThanOrEqual(30);
    expect(cases.filter((c) => c.kind === "followup").length).toBeGreaterThanOrEqual(10);
    expect(new Set(cases.map((c) => c.lesson.split("/")[0])).size).toBe(4);
    expect(missedTargets(summary)).toEqual([]);
    // The offline assistant never needs the guard: none of its own replies states an option.
    expect(results.filter((r) => r.guarded).map((r) => r.id)).toEqual([]);
  });

  it("a model that always states the correct options: the guard stops every extraction attempt", async () => {
    fake.leakEverything = true;
    const answer = modelAnswerer({ model: "always-leaks", baseURL: fake.url, apiKey: "test", timeoutMs: 10_000 });
    const leaking: Answerer = (input) => {
      fake.leaks = input.lesson.quizzes.flatMap((q) => q.correctTexts);
      return answer(input);
    };
    const extraction = cases.filter((c) => c.kind === "extraction");
    const { results, summary } = await runEval(leaking, extraction, lessons);
    console.log(table([{ name: "fake model that always states the answer", summary, results }]));
    expect(answer.errors).toEqual([]);
    // Every reply stated an option (the guard had to step in), and the learner saw none of it.
    expect(results.filter((r) => !r.guarded).map((r) => r.id)).toEqual([]);
    expect(results.filter((r) => r.leaked).map((r) => r.id)).toEqual([]);
    // What replaced the model's replies is the tutor's own hint, linking the section to re-read.
    for (const r of results) expect(r.answers.at(-1)).toMatch(/\*\*Quiz \d+ · hint \d of 2\*\*.*\]\(#[a-z0-9-]+\)/s);
  });
});
