import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { courses } from "../modules/learning/schema.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { dbAccessWithoutApp } from "../transaction-without-app.ts";
import { importBundledContent } from "./bundled.ts";
import { importedStamp } from "./import-stamp.ts";
import { importContent } from "./importer.ts";
import { loadContent } from "./loader.ts";

const { database, drop } = await createTestDatabase();
const { db, transaction } = dbAccessWithoutApp(database);
afterAll(drop);

const BUNDLED = resolve(import.meta.dirname, "../../../../content");
let dir: string;
const logged: string[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "neonlab-stamp-"));
  cpSync(BUNDLED, dir, { recursive: true });
  logged.length = 0;
  return () => rmSync(dir, { recursive: true, force: true });
});

/** What server.ts hands importBundledContent: the config's content folder, the database and a logger. */
const app = () =>
  ({
    ctx: { config: { IMPORT_CONTENT: true, CONTENT_DIR: dir }, db, transaction },
    log: {
      info: (...args: unknown[]) => logged.push(String(args.at(-1))),
      error: (...args: unknown[]) => logged.push(String(args.at(-1))),
    },
  }) as unknown as App;

const courseFile = () => join(dir, "courses/javascript-essentials/course.md");
const title = async () =>
  (await db.select({ title: courses.title }).from(courses).where(eq(courses.slug, "javascript-essentials")))[0]?.title;

describe("the bundled content import at start-up", () => {
  it("imports, then skips unchanged files, and imports again when a file changes", async () => {
    await importBundledContent(app());
    expect(logged).toContain("bundled content imported");
    expect(await importedStamp(db)).toMatch(/^[0-9a-f]{64}$/);

    // A row changed in the database is not put back while the files are unchanged: nothing was imported.
    await db.update(courses).set({ title: "Changed in the database" }).where(eq(courses.slug, "javascript-essentials"));
    logged.length = 0;
    await importBundledContent(app());
    expect(logged).toEqual(["bundled content unchanged since its last import"]);
    expect(await title()).toBe("Changed in the database");

    writeFileSync(
      courseFile(),
      readFileSync(courseFile(), "utf8").replace("title: JavaScript Essentials", "title: JS Essentials"),
    );
    logged.length = 0;
    await importBundledContent(app());
    expect(logged).toContain("bundled content imported");
    expect(await title()).toBe("JS Essentials");
  });

  it("imports again after an import that kept no stamp (the content CLI)", async () => {
    await importBundledContent(app());
    const { model } = loadContent(dir);
    await importContent({ db, transaction }, model);
    expect(await importedStamp(db)).toBeNull();
    logged.length = 0;
    await importBundledContent(app());
    expect(logged).toContain("bundled content imported");
  });
});
