// `npm run check:budget` (after `npm run build`): fails when the first route's JavaScript exceeds the gzip budget,
// or when a prerendered public page loads zod at start.
// Checks apps/web/dist, or the build named by the first argument or WEB_DIST.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BUDGET_KIB, checkBudget, editorChunkReport, pagesStartingWithZod } from "./web-budget.mjs";

const distDir = process.argv[2] ?? process.env.WEB_DIST ?? join(import.meta.dirname, "../apps/web/dist");
if (!existsSync(join(distDir, "index.html"))) {
  console.error(`No build at ${distDir}: run \`npm run build -w @neonlab/web\` first.`);
  process.exit(1);
}

const { report, over } = await checkBudget(distDir, BUDGET_KIB);
console.log("JavaScript loaded by the first route (static imports, not import()):\n");
console.log(report);
const editor = await editorChunkReport(distDir);
if (editor) console.log(editor);
if (over) {
  console.error(
    `\nThe first route loads more than ${BUDGET_KIB} KiB of gzip JavaScript: lazy-load routes and heavy parts.`,
  );
  process.exit(1);
}
const zodPages = await pagesStartingWithZod(distDir);
if (zodPages.length > 0) {
  console.error(
    `\nThese public pages load zod at start: ${zodPages.join(", ")}. Load a form's schema on focus (lib/zod-form.ts) and take constants from the zod-free modules.`,
  );
  process.exit(1);
}
console.log("public pages starting with zod: none");
