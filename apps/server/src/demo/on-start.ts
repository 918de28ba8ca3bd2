import { join } from "node:path";
import type { App } from "../app.ts";
import type { Config } from "../config.ts";
import { claimFirstSeeding, clearMarker, readMarker } from "./marker.ts";

/** Where the demo content's files are: content/demo/ (beside the courses). */
export const demoDir = (config: Pick<Config, "CONTENT_DIR">) => join(config.CONTENT_DIR, "demo");

/**
 * Run by server.ts before it listens (docs/decisions/042): outside production and unless DEMO_CONTENT=false, a
 * database that never had the demo content gets it, once. A database with the marker (seeded before, also when
 * the content was removed since, or moved and restored with it) costs one query. The files are checked before
 * the marker is claimed; a seeding that fails is undone and the marker dropped, so the next start tries again.
 */
export async function seedDemoContentOnStart(app: App) {
  const { config, db } = app.ctx;
  if (!config.demoContent) return;
  if (await readMarker(db)) return;
  const [{ hasDemoFiles, loadDemoFiles }, { formatProblem }] = await Promise.all([
    import("./files.ts"),
    import("../content/model.ts"),
  ]);
  const dir = demoDir(config);
  if (!hasDemoFiles(dir)) {
    app.log.info(`no demo content to seed in ${dir}`);
    return;
  }
  const { files, problems } = loadDemoFiles(dir);
  if (!files) {
    app.log.error(
      { problems: problems.map(formatProblem) },
      `content/demo has ${problems.length} problem(s) and was not seeded; run \`npm run content -- check\``,
    );
    return;
  }
  // Another instance on the same database may be seeding right now: only the one that wrote the marker seeds.
  if (!(await claimFirstSeeding(db))) return;
  const started = performance.now();
  const { seedDemoContent, removeDemoContent } = await import("./seed.ts");
  try {
    const summary = await seedDemoContent(app.ctx, files);
    app.log.info(
      { ...summary, ms: Math.round(performance.now() - started) },
      "demo content seeded (once per database; `npm run content -- demo --remove` removes it, DEMO_CONTENT=false skips it)",
    );
  } catch (error) {
    app.log.error(
      { err: error },
      "seeding the demo content failed; what it made is removed, the next start tries again",
    );
    await removeDemoContent(app.ctx)
      .then(() => clearMarker(db))
      .catch((undo) => app.log.error({ err: undo }, "undoing the demo content failed"));
  }
}
