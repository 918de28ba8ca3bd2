import { CHECK_MESSAGE_SOURCE, type ProjectCheck, type ProjectFile } from "@neonlab/shared/schemas/projects";

// The check runner: a script handed to the sandboxed preview (PreviewFrame's extraScript, run after the
// learner's scripts) that runs a step's script checks one after another against the learner's page and
// posts the results to the app as { source: "neonlab-check", run, results }. docs/decisions/029.

/** Longest a single check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 5000;

export type RunnerResult = { id: string; passed: boolean; message: string };
export type RunnerMessage = { source: typeof CHECK_MESSAGE_SOURCE; run: string; results: RunnerResult[] };

/** JSON that stays inert inside an inline <script> (no "</script>" or "<!--" can end or bend it). */
const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** The helpers a check's script gets as `h` (documented in content/README.md, "Guided projects"). */
const HELPERS = String.raw`
const el = (target) => {
  if (target === document || target === window || (target && target.nodeType === 1)) return target;
  const found = document.querySelector(target);
  if (!found) throw new Error("Nothing on the page matches " + target + ".");
  return found;
};
const h = {
  $: (selector) => document.querySelector(selector),
  $$: (selector) => Array.from(document.querySelectorAll(selector)),
  text: (target) => {
    const found = typeof target === "string" ? document.querySelector(target) : target;
    return found ? found.textContent.replace(/\s+/g, " ").trim() : "";
  },
  file: (name) => (FILES[name] ?? ""),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  fail: (message) => { throw new Error(message); },
  assert: (condition, message) => { if (!condition) throw new Error(message); },
  async until(read, ms = 1500, message = "Timed out.") {
    const end = Date.now() + ms;
    for (;;) {
      let value;
      try { value = read(); } catch { value = undefined; }
      if (value) return value;
      if (Date.now() > end) throw new Error(message);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  },
  type(target, text) {
    const field = el(target);
    field.focus();
    field.value = text;
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  },
  press(target, key) {
    const on = target ? el(target) : (document.activeElement || document.body);
    for (const type of ["keydown", "keyup"]) {
      on.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true, cancelable: true }));
    }
  },
  click(target) {
    el(target).click();
  },
  submit(target) {
    const form = el(target);
    // A synthetic submit event: the page's own handler runs; nothing navigates.
    form.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true }));
  },
};
`;

/**
 * The runner for a step's script checks. Each check's script (project content, reviewed like lessons) is
 * the body of an async function of `h`; it passes unless it throws. `run` ties the report to this run.
 */
export function buildCheckRunner(run: string, checks: ProjectCheck[], files: ProjectFile[]): string {
  const scripts = checks.filter((c) => c.kind === "script" && c.script);
  const fns = scripts
    .map(
      (c) =>
        `{ id: ${inlineJson(c.id)}, fn: async function (h) {\n${(c.script ?? "").replace(/<\/script/gi, "<\\/script")}\n} }`,
    )
    .join(",\n");
  const fileMap = Object.fromEntries(files.map((f) => [f.name, f.content]));
  return `;(() => {
const RUN = ${inlineJson(run)};
const FILES = ${inlineJson(fileMap)};
${HELPERS}
const CHECKS = [
${fns}
];
const timeout = (ms) => new Promise((_, reject) => setTimeout(() => reject(new Error("The check took too long.")), ms));
const loaded = () => new Promise((resolve) => (document.readyState === "complete" ? resolve() : addEventListener("load", resolve)));
(async () => {
  await loaded();
  await h.wait(30);
  const results = [];
  for (const check of CHECKS) {
    try {
      await Promise.race([check.fn(h), timeout(${CHECK_TIMEOUT_MS})]);
      results.push({ id: check.id, passed: true, message: "" });
    } catch (error) {
      results.push({ id: check.id, passed: false, message: String((error && error.message) || error).slice(0, 400) });
    }
  }
  parent.postMessage({ source: ${inlineJson(CHECK_MESSAGE_SOURCE)}, run: RUN, results }, "*");
})();
})();`;
}

/** The runner's message for this run, or null for anything else the page posts. */
export function runnerMessage(data: unknown, run: string): RunnerMessage | null {
  if (!data || typeof data !== "object") return null;
  const message = data as Partial<RunnerMessage>;
  if (message.source !== CHECK_MESSAGE_SOURCE || message.run !== run || !Array.isArray(message.results)) return null;
  const results = message.results
    .filter((r): r is RunnerResult => !!r && typeof r.id === "string" && typeof r.passed === "boolean")
    .map((r) => ({ id: r.id.slice(0, 60), passed: r.passed, message: String(r.message ?? "").slice(0, 500) }));
  return { source: CHECK_MESSAGE_SOURCE, run, results };
}
