import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { importContent } from "../content/importer.ts";
import { loadContent } from "../content/loader.ts";
import { formatProblem, modelCounts } from "../content/model.ts";
import { rebalanceContent } from "../content/rebalance.ts";
import { createDatabase } from "../db/client.ts";
import { hasDemoFiles, loadDemoFiles } from "../demo/files.ts";
import { demoRows } from "../demo/marker.ts";
import { demoDir } from "../demo/on-start.ts";
import { dbAccessWithoutApp } from "../transaction-without-app.ts";

const USAGE = `Usage: npm run content -- <check|import|rebalance|demo> [--dir <content folder>] [--remove]

  check    validate content/ (the demo content in content/demo/ too) and list every problem as
           "file: field: message" (exit 1 if any)
  rebalance  reorder quiz options in the lesson files so each course's correct answers are spread over the
           positions (deterministic; a second run changes nothing), then check
  import   validate, then import into the configured database (DATABASE_URL, or PGlite in DATA_DIR)
  demo     add the demo community content (content/demo/: the NeonLab Team account, its blogs and hacks, an
           open giveaway round) when the database has none, also after a removal; never with NODE_ENV=production
  demo --remove
           remove exactly the demo content; no start adds it again (before a first start: it never comes)
  Stop a server using the same PGlite DATA_DIR first: PGlite allows one process at a time.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { dir: { type: "string" }, remove: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const command = positionals[0];
  const known = command === "check" || command === "import" || command === "rebalance" || command === "demo";
  if (values.help || !known || (values.remove && command !== "demo")) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const config = loadConfig();
  // npm runs workspace scripts in apps/server; resolve --dir against where the user typed the command.
  const dir = values.dir ? resolve(process.env.INIT_CWD ?? process.cwd(), values.dir) : config.CONTENT_DIR;
  if (command === "demo") return demoCommand({ ...config, CONTENT_DIR: dir }, values.remove === true);
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
    const demo = checkDemo(dir);
    if (demo === null) return 1;
    console.log(`Content OK: ${summary}${demo} (${dir})`);
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

/** content/demo/ checked: its summary for the OK line ("" without demo content), or null after printing its problems. */
function checkDemo(dir: string): string | null {
  const demo = demoDir({ CONTENT_DIR: dir });
  if (!hasDemoFiles(demo)) return "";
  const { files, problems } = loadDemoFiles(demo);
  if (!files) {
    for (const p of problems) console.error(`demo/${formatProblem(p)}`);
    console.error(`\n${problems.length} problem(s) in ${demo}.`);
    return null;
  }
  return `; demo: ${files.blogs.length} blogs, ${files.hacks.length} hacks, a giveaway round`;
}

/**
 * `demo` and `demo --remove` (docs/decisions/042): through the app's own services, so the whole app is built on
 * the configured database (not listening) and closed again.
 */
async function demoCommand(config: Config, remove: boolean): Promise<number> {
  if (!remove && config.isProduction) {
    console.error("The demo content is never added with NODE_ENV=production.");
    return 1;
  }
  const demo = demoDir(config);
  const loaded = remove ? null : loadDemoFiles(demo);
  if (loaded && !loaded.files) {
    for (const p of loaded.problems) console.error(`demo/${formatProblem(p)}`);
    console.error(`\n${loaded.problems.length} problem(s) in ${demo}; nothing added.`);
    return 1;
  }
  const [{ buildApp }, { seedDemoContent, removeDemoContent }] = await Promise.all([
    import("../app.ts"),
    import("../demo/seed.ts"),
  ]);
  const app = await buildApp({ config: { ...config, LOG_LEVEL: "warn" } });
  try {
    await app.ready();
    if (remove) {
      const removed = await removeDemoContent(app.ctx);
      const what = `${removed.blogs} blogs, ${removed.hacks} hacks, ${removed.rounds} giveaway round(s) not drawn yet, ${removed.accounts} account`;
      console.log(
        removed.accounts + removed.blogs + removed.hacks + removed.rounds === 0
          ? "No demo content in this database. No start adds it now; `npm run content -- demo` does."
          : `Removed the demo content from ${app.ctx.database.kind}: ${what}. No start adds it again; \`npm run content -- demo\` does.`,
      );
      return 0;
    }
    const present = await demoRows(app.ctx.db);
    if (present.length > 0) {
      console.log("The demo content is already in this database; nothing added (`--remove` removes it).");
      return 0;
    }
    const seeded = await seedDemoContent(app.ctx, loaded!.files!);
    console.log(
      `Added the demo content to ${app.ctx.database.kind}: ${seeded.blogs} blogs, ${seeded.hacks} hacks, ${seeded.rounds} open giveaway round, by the NeonLab Team account (nobody can sign in to it).`,
    );
    return 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
