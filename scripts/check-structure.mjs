#!/usr/bin/env node
// The house rules CI checks (`npm run check:structure`):
// - no import cycle between files (dependency-cruiser, .dependency-cruiser.cjs);
// - no cycle between modules: a server module (apps/server/src/modules/<m>, its parts included), a web feature
//   (apps/web/src/features/<f>) or any other top-level folder or file of a package's src; a table's foreign key to
//   identity's users table (a schema.ts importing identity/accounts/schema.ts or columns.ts) is not counted;
// - a web feature imports another only through its index.ts; a server module imports no other module's
//   schema.ts but identity's users table — both rules in .dependency-cruiser.cjs;
// - no source file over 400 lines outside tests;
// - one way to open a transaction in the server: ctx.transaction (apps/server/src/transaction.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cruise } from "dependency-cruiser";

const ROOTS = ["apps/server/src", "apps/web/src", "packages/shared/src"];
const MAX_LINES = 400;
const require = createRequire(import.meta.url);
const config = require("../.dependency-cruiser.cjs");

const result = await cruise(ROOTS, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
const { modules, summary } = result.output;
const problems = [];

for (const violation of summary.violations) {
  const path = violation.cycle
    ? [violation.from, ...violation.cycle.map((step) => step.name)]
    : [violation.from, violation.to];
  const message = `${violation.rule.name}: ${path.join(" → ")}`;
  // A "warn" rule is reported without failing: it holds for new code while older breaches are moved out.
  if (violation.rule.severity === "warn") console.warn(`warning: ${message}`);
  else problems.push(message);
}

/** The module a file belongs to: modules/<m> and features/<f> folders, else the first level under src. */
function moduleOf(file) {
  const match = /^(apps\/server\/src|apps\/web\/src|packages\/shared\/src)\/((?:modules|features)\/[^/]+|[^/]+)/.exec(
    file,
  );
  return match ? `${match[1]}/${match[2]}`.replace(/\.(ts|tsx)$/, "") : null;
}

// Type-only imports are left out: they vanish at run time, and the app context names every service's type.
// Tests and test support (src/test/, test-helpers, testing/) may reach into any module.
const isTestSupport = (file) => /(^|\/)(test|testing)\/|test-helpers\.ts$|\.test\.tsx?$/.test(file);
// A server module's manifest wires its parts into the app (app/modules.ts reads it); no module imports it.
const isManifest = (file) => /^apps\/server\/src\/modules\/[^/]+\/manifest\.ts$/.test(file);
// Every table may reference identity's users table: the one import the module rules allow across modules.
const isUsersForeignKey = (from, to) =>
  /(^|\/)schema\.ts$/.test(from) && /^apps\/server\/src\/modules\/identity\/accounts\/(schema|columns)\.ts$/.test(to);
const edges = new Map();
for (const module of modules) {
  const from = moduleOf(module.source);
  if (!from || isTestSupport(module.source) || isManifest(module.source)) continue;
  for (const dependency of module.dependencies) {
    if (dependency.dependencyTypes.includes("type-only")) continue;
    if (isUsersForeignKey(module.source, dependency.resolved)) continue;
    const to = moduleOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}
for (const cycle of stronglyConnected(edges)) problems.push(`module cycle: ${cycle.join(" ⇄ ")}`);

for (const module of modules) {
  const file = module.source;
  if (!/\.(ts|tsx|mjs|js)$/.test(file) || /\.test\.tsx?$/.test(file) || file.includes("node_modules")) continue;
  const lines = readFileSync(file, "utf8").split("\n").length;
  if (lines > MAX_LINES) problems.push(`too long: ${file} has ${lines} lines (at most ${MAX_LINES})`);
}

// The runner is handed around as `ctx.transaction`, `deps.transaction` or a `transaction` parameter; any other
// `.transaction(` is a database's own. Only the runner (transaction.ts), the drivers (db/) and tests call that.
const SERVER_SRC = "apps/server/src/";
const mayOpenTransactions = (file) =>
  file === `${SERVER_SRC}transaction.ts` || file.startsWith(`${SERVER_SRC}db/`) || isTestSupport(file);
for (const module of modules) {
  const file = module.source;
  if (!file.startsWith(SERVER_SRC) || mayOpenTransactions(file)) continue;
  const source = readFileSync(file, "utf8");
  for (const call of source.matchAll(/([\w$)\]]+)\s*\.\s*transaction\s*\(/g)) {
    if (call[1] === "ctx" || call[1] === "deps") continue;
    const line = source.slice(0, call.index).split("\n").length;
    problems.push(
      `raw transaction: ${file}:${line} calls ${call[1]}.transaction(…); open it with ctx.transaction (the runner, src/transaction.ts), handed to the service`,
    );
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(
  `structure: ${modules.length} files, ${edges.size} modules, no cycles, no file over ${MAX_LINES} lines, transactions through ctx.transaction`,
);

/** Tarjan's algorithm; returns each group of modules that reach one another. */
function stronglyConnected(graph) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return groups;
}
