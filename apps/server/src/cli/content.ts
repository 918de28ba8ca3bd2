import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { importContent } from "../content/importer.ts";
import { loadContent } from "../content/loader.ts";
import { formatProblem, modelCounts } from "../content/model.ts";
import { rebalanceContent } from "../content/rebalance.ts";
import { createDatabase } from "../db/client.ts";
import { dbAccessWithoutApp } from "../transaction-without-app.ts";

const USAGE = `Usage: npm run content -- <check|import|rebalance> [--dir <content folder>]

  check    validate content/ and list every problem as "file: field: message" (exit 1 if any)
  rebalance  reorder quiz options in the lesson files so each course's correct answers are spread over the
           positions (deterministic; a second run changes nothing), then check
  import   validate, then import into the configured database (DATABASE_URL, or PGlite in DATA_DIR)
           Stop a server using the same PGlite DATA_DIR first: PGlite allows one process at a time.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { dir: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const command = positionals[0];
  if (values.help || (command !== "check" && command !== "import" && command !== "rebalance")) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const config = loadConfig();
  // npm runs workspace scripts in apps/server; resolve --dir against where the user typed the command.
  const dir = values.dir ? resolve(process.env.INIT_CWD ?? process.cwd(), values.dir) : config.CONTENT_DIR;
  if (command === "rebalance") {
    const before = loadContent(dir, { answerPositions: false });
    if (before.problems.length > 0) {
      for (const p of before.problems) console.error(formatProblem(p));
      console.error(`\n${before.problems.length} problem(s) in ${dir}; fix them before rebalancing.`);
      return 1;
    }
    const changed = rebalanceContent(before.model);
    console.log(`Rebalanced ${changed.length} lesson file(s).`);
  }
  const { model, problems } = loadContent(dir);
  const counts = modelCounts(model);
  if (problems.length > 0) {
    for (const p of problems) console.error(formatProblem(p));
    console.error(`\n${problems.length} problem(s) in ${dir}${command === "import" ? "; nothing imported" : ""}.`);
    return 1;
  }
  const summary = `${counts.categories} categories, ${counts.courses} courses, ${counts.chapters} chapters, ${counts.lessons} lessons, ${counts.quizzes} quizzes, ${counts.reflections} reflections, ${counts.projects} projects, ${counts.steps} project steps`;
  if (command !== "import") {
    console.log(`Content OK: ${summary} (${dir})`);
    return 0;
  }
  const database = createDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    const result = await importContent(dbAccessWithoutApp(database), model);
    console.log(
      `Imported into ${database.kind}: ${summary}; ${result.hidden} hidden (removed from files, kept for progress), ${result.removed} deleted.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
