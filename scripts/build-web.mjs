#!/usr/bin/env node
// Builds the web app (`npm run build`, `--always`), or, as `npm start`'s first step, only when what it is built
// from changed since the last build (docs/decisions/023). apps/web/dist/.build-stamp keeps the mode it was built
// for (NODE_ENV) and a hash of its inputs and of the environment the build reads (web-build-stamp.mjs); a missing
// dist/ or stamp, another NODE_ENV, BUILD_ID or VITE_ variable, or any change in apps/web (sources, config,
// public files), packages/shared, the lock file or the base tsconfig, builds again.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { inputsHash } from "./inputs-hash.mjs";
import {
  needsBuild,
  readWebBuildStamp,
  STAMP_FILE,
  webBuildEnv,
  webBuildStamp,
  writeWebBuildStamp,
} from "./web-build-stamp.mjs";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "apps/web/dist");
const inputs = ["apps/web", "packages/shared", "package-lock.json", "tsconfig.base.json"];

/** One hash over the inputs' paths and contents (~1,000 files: tens of milliseconds). */
export function webInputsHash() {
  return inputsHash(root, inputs);
}

const started = performance.now();
const buildEnv = webBuildEnv();
const current = webBuildStamp(webInputsHash(), buildEnv);
const built = readWebBuildStamp(dist);
const always = process.argv.includes("--always");
if (!always && !needsBuild(built, current) && existsSync(join(dist, "index.html"))) {
  console.log(`web app unchanged since its last build (checked in ${Math.round(performance.now() - started)} ms)`);
} else {
  if (!always) {
    if (!built) console.log(`building the web app for ${current.mode} (first start)`);
    else if (built.mode !== current.mode) {
      console.log(`web app built for ${built.mode ?? "an unrecorded mode"}: building it for ${current.mode}`);
    } else console.log("web app sources or build environment changed: building it");
  }
  // A build that fails half-way leaves no stamp, so the next start builds again.
  rmSync(join(dist, STAMP_FILE), { force: true });
  // NODE_ENV set explicitly, so Vite builds for the mode the stamp records (an .env file cannot change it).
  const env = { ...process.env, NODE_ENV: buildEnv.NODE_ENV };
  const result = spawnSync("npm", ["run", "build", "-w", "@neonlab/web"], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeWebBuildStamp(dist, current);
}
