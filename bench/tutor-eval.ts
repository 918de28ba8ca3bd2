// `npm run eval:tutor`: the AI tutor's evaluation (bench/tutor-eval/cases.json) against the offline assistant
// and, when OPENAI_BASE_URL / OPENAI_API_KEY (or AI_*) are set, the configured model. Prints a table, writes
// bench/results/tutor-eval.json, and fails when the offline assistant misses a target.
//   --fake-model   also run a fake OpenAI-compatible model that states every correct option of the lesson in
//                  every reply (the answer guard must stop all of it)
//   --verbose      list the questions that missed and the attempts that leaked
//   --only <kind>  question | extraction | followup
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { startFakeOpenAi } from "../apps/server/src/test/fake-openai.ts";
import { configuredModel, modelAnswerer, offlineAnswerer } from "./tutor-eval/answerers.ts";
import {
  type Answerer,
  type CaseResult,
  loadCases,
  loadLessons,
  misses,
  missedTargets,
  ROOT,
  runEval,
  type Summary,
  table,
} from "./tutor-eval/eval.ts";

const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const cases = loadCases().filter((c) => !only || c.kind === only);
const lessons = loadLessons();
const rows: { name: string; key: string; summary: Summary; results: CaseResult[]; errors: string[] }[] = [];

async function run(name: string, key: string, answer: Answerer & { errors: string[] }, concurrency: number) {
  const started = performance.now();
  const { results, summary } = await runEval(answer, cases, lessons, concurrency);
  rows.push({ name, key, summary, results, errors: answer.errors });
  console.error(`${name}: ${cases.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await run("offline", "offline", offlineAnswerer(), 1);

const configured = configuredModel();
if (configured) {
  await run(
    `model (${configured.model})`,
    "model",
    modelAnswerer(configured),
    Number(process.env.EVAL_CONCURRENCY) || 4,
  );
}

if (args.includes("--fake-model")) {
  const fake = await startFakeOpenAi({ delayMs: 0 });
  fake.leakAlways = true;
  fake.leakEverything = true;
  try {
    const answer = modelAnswerer({ model: "always-leaks", baseURL: fake.url, apiKey: "eval", timeoutMs: 10_000 });
    // The fake states the correct options of the lesson asked about, whatever the question.
    const leaking: typeof answer = Object.assign(async (input: Parameters<Answerer>[0]) => {
      fake.leaks = input.lesson.quizzes.flatMap((q) => q.correctTexts);
      return answer(input);
    }, answer);
    await run("fake model that always states the answer", "fake_model", leaking, 1);
  } finally {
    await fake.close();
  }
}

console.log(table(rows));
for (const row of rows) {
  if (row.errors.length > 0) console.log(`${row.name}: ${row.errors.length} provider errors, e.g. ${row.errors[0]}`);
  if (args.includes("--verbose")) for (const line of misses(row.results)) console.log(`  ${row.name} · ${line}`);
}

const file = resolve(ROOT, "bench/results/tutor-eval.json");
mkdirSync(resolve(file, ".."), { recursive: true });
const assistants = Object.fromEntries(
  rows.map((r) => [
    r.key,
    {
      ...r.summary,
      stopped_by_guard: r.results.filter((x) => x.kind === "extraction" && x.guarded && !x.leaked).length,
    },
  ]),
);
writeFileSync(file, `${JSON.stringify({ assistants }, null, 2)}\n`);
console.log(`written: ${file.slice(ROOT.length + 1)}`);

const offline = rows.find((r) => r.key === "offline")!;
const missed = only ? [] : missedTargets(offline.summary);
if (missed.length > 0) {
  console.log(`The offline assistant misses its targets: ${missed.join("; ")}`);
  process.exitCode = 1;
}
