import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pgliteOptions } from "./pglite-options.ts";
import { remotePglite } from "./pglite-remote.ts";

describe("the embedded database's memory settings", () => {
  it("refuses a size that is not one, naming the variable", () => {
    expect(() => pgliteOptions({ PGLITE_SHARED_BUFFERS: "lots" })).toThrow(/PGLITE_SHARED_BUFFERS/);
    expect(pgliteOptions({ PGLITE_SHARED_BUFFERS: "64MB" }).startParams).toContain("shared_buffers=64MB");
  });

  it("creates a new cluster on a thread of its own, then serves it with 16 MB of shared buffers; reopens it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "neonlab-pglite-"));
    const location = join(dir, "pglite");
    try {
      const first = remotePglite(location);
      const { rows } = await first.query<{ setting: string }>("select current_setting('shared_buffers') as setting");
      expect(rows[0]!.setting).toBe("16MB");
      await first.exec("create table kept (n int); insert into kept values (7)");
      await first.close();
      expect(existsSync(join(location, "PG_VERSION"))).toBe(true);

      const again = remotePglite(location);
      expect((await again.query<{ n: number }>("select n from kept")).rows).toEqual([{ n: 7 }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
