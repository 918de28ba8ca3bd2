import { existsSync } from "node:fs";
import { join } from "node:path";
import { readWebBuildStamp } from "../../../scripts/web-build-stamp.mjs";
import type { Config } from "./config.ts";

/**
 * In production, why the web build in WEB_DIST must not be served: its stamp (scripts/web-build-stamp.mjs) says
 * it was built for another NODE_ENV, i.e. React's development build (several times larger and slower), or does
 * not say (a stamp from before the mode was recorded). Null otherwise, and for a build without a stamp (built by
 * Vite directly): nothing tells its mode.
 */
export function webBuildRefusal(config: Config): string | null {
  const dist = config.WEB_DIST;
  if (!config.isProduction || !existsSync(join(dist, "index.html"))) return null;
  const stamp = readWebBuildStamp(dist);
  if (stamp === null || stamp.mode === "production") return null;
  return `The web app in ${dist} was built for ${stamp.mode ?? "an unrecorded mode"}; run \`npm run build\` with NODE_ENV=production (or \`npm start\`, which rebuilds it) before starting in production.`;
}
