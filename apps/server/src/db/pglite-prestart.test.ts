import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "./client.ts";
import { pgliteLocation, prestartPglite, takePrestartedPglite } from "./pglite-remote.ts";

describe("a PGlite worker started before the app loads (server.ts)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "neonlab-prestart-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("is taken over by createDatabase for the same data directory, once", async () => {
    const location = pgliteLocation(dataDir);
    prestartPglite(location);
    const database = createDatabase({ dataDir, pgliteWorker: true });
    // createDatabase took the prestarted worker: nothing is left to take.
    expect(takePrestartedPglite(location)).toBeUndefined();
    await database.migrate();
    expect(await database.ping()).toBe(true);
    await database.close();
  });
});
