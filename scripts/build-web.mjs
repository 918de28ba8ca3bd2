#!/usr/bin/env node
// Builds the web app (`npm run build`, `--always`), or, as `npm start`'s first step, only when what it is built
// from changed since the last build (docs/decisions/023). The inputs' content hash is kept in
// apps/web/dist/.build-stamp; a missing dist/ or stamp, or any change in apps/web (sources, config, public
// files), packages/shared, the lock file or the base tsconfig, builds again.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { inputsHash } from "./inputs-hash.mjs";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "apps/web/dist");
const stampFile = join(dist, ".build-stamp");
const inputs = ["apps/web", "packages/shared", "package-lock.json", "tsconfig.base.json"];

/** One hash over the inputs' paths and contents (~1,000 files: tens of milliseconds). */
export function webInputsHash() {
  return inputsHash(root, inputs);
}

const started = performance.now();
const current = webInputsHash();
const built = existsSync(stampFile) ? readFileSync(stampFile, "utf8").trim() : null;
const always = process.argv.includes("--always");
if (!always && built === current && existsSync(join(dist, "index.html"))) {
  console.log(`web app unchanged since its last build (checked in ${Math.round(performance.now() - started)} ms)`);
} else {
  if (!always) console.log(built ? "web app sources changed: building it" : "building the web app (first start)");
  const result = spawnSync("npm", ["run", "build", "-w", "@neonlab/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}
