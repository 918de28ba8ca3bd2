import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../../../config.ts";

/** BUILD_ID, else the id the web build wrote next to index.html, else "dev". */
export function buildId(config: Config): string {
  if (config.BUILD_ID) return config.BUILD_ID;
  try {
    return readFileSync(join(config.WEB_DIST, "build-id.txt"), "utf8").trim() || "dev";
  } catch {
    return "dev";
  }
}
