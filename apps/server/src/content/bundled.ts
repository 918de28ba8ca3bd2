import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { App } from "../app.ts";
import { contentStamp, importedStamp } from "./import-stamp.ts";

/** True when the folder holds any content at all (an empty content/ is not an error at start-up). */
export function hasContent(dir: string): boolean {
  const courses = join(dir, "courses");
  const anyCourse = existsSync(courses) && readdirSync(courses).some((name) => !name.startsWith("."));
  return anyCourse || existsSync(join(dir, "categories.yaml"));
}

/**
 * Run by server.ts before it listens: imports the bundled content/ when IMPORT_CONTENT is on and the files
 * changed since the last import into this database (import-stamp.ts). Invalid content is refused as a whole
 * (the database keeps what it had) and every problem is logged.
 */
export async function importBundledContent(app: App) {
  const { config, db } = app.ctx;
  if (!config.IMPORT_CONTENT) return;
  if (!hasContent(config.CONTENT_DIR)) {
    app.log.info(`no content to import in ${config.CONTENT_DIR}`);
    return;
  }
  // Unchanged files (and import code and schema) since the last import into this database: nothing to do.
  const stamp = contentStamp(config.CONTENT_DIR);
  if ((await importedStamp(db)) === stamp) {
    app.log.info("bundled content unchanged since its last import");
    return;
  }
  // Loaded only when there is something to import (the markdown pipeline is a large module graph).
  const [{ loadContent }, { importContent }, { formatProblem, modelCounts }] = await Promise.all([
    import("./loader.ts"),
    import("./importer.ts"),
    import("./model.ts"),
  ]);
  const { model, problems } = loadContent(config.CONTENT_DIR);
  if (problems.length > 0) {
    app.log.error(
      { problems: problems.map(formatProblem) },
      `content/ has ${problems.length} problem(s) and was not imported; run \`npm run content -- check\``,
    );
    return;
  }
  const summary = await importContent(app.ctx, model, stamp);
  app.log.info({ ...summary, ...modelCounts(model) }, "bundled content imported");
}
