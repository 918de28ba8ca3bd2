// The web build's stamp, dist/.build-stamp: one JSON line `{"mode":"production","hash":"…"}` written by
// build-web.mjs after a build. `mode` is the NODE_ENV Vite built with (React's development build comes from any
// other); `hash` covers the inputs' contents and the environment the build reads. build-web.mjs builds again when
// either differs; the server refuses in production a build whose stamp does not say production.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const STAMP_FILE = ".build-stamp";

/**
 * What the web build reads from the environment: NODE_ENV as Vite uses it (unset or empty is production for
 * `vite build`), BUILD_ID (apps/web/vite-plugins/build-id.ts) when set, and every VITE_ variable (import.meta.env).
 */
export function webBuildEnv(env = process.env) {
  const read = { NODE_ENV: env.NODE_ENV || "production" };
  if (env.BUILD_ID !== undefined) read.BUILD_ID = env.BUILD_ID;
  for (const name of Object.keys(env).sort()) {
    if (name.startsWith("VITE_") && env[name] !== undefined) read[name] = env[name];
  }
  return read;
}

/** The stamp of a build of files whose inputsHash is `filesHash`, made with `buildEnv` (webBuildEnv). */
export function webBuildStamp(filesHash, buildEnv) {
  const hash = createHash("sha256").update(filesHash).update("\0").update(JSON.stringify(buildEnv)).digest("hex");
  return { mode: buildEnv.NODE_ENV, hash };
}

/**
 * The stamp in `dist`: null without one; `mode` null when it does not say (a bare hash, written before the mode
 * was recorded, or anything unreadable).
 */
export function readWebBuildStamp(dist) {
  let text;
  try {
    text = readFileSync(join(dist, STAMP_FILE), "utf8").trim();
  } catch {
    return null;
  }
  try {
    const stamp = JSON.parse(text);
    if (typeof stamp?.mode === "string" && typeof stamp.hash === "string")
      return { mode: stamp.mode, hash: stamp.hash };
  } catch {
    // a bare hash: see below
  }
  return { mode: null, hash: text };
}

export function writeWebBuildStamp(dist, stamp) {
  writeFileSync(join(dist, STAMP_FILE), `${JSON.stringify({ mode: stamp.mode, hash: stamp.hash })}\n`);
}

/** Whether a build stamped `built` (or null: none) must be made again to be `current`. */
export function needsBuild(built, current) {
  return built === null || built.mode !== current.mode || built.hash !== current.hash;
}
