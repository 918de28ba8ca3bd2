// One content hash over a build's inputs (their paths and contents), for the builds that `npm start` runs only
// when what they are built from changed: the web app (build-web.mjs) and the server bundle (build-server.mjs).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const SKIP_DIRS = new Set(["node_modules", "dist", ".vite", "coverage"]);

function* files(path, skipFile) {
  const entries = readdirSync(path, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = join(path, entry.name);
    if (entry.isDirectory()) yield* files(full, skipFile);
    else if (entry.isFile() && !skipFile(entry.name)) yield full;
  }
}

/**
 * sha-256 in hex of `inputs` (files or folders, relative to `root`; a missing one is left out), walked in a stable
 * order without node_modules, dist, .vite and coverage folders, nor the files `skipFile(name)` refuses.
 */
export function inputsHash(root, inputs, skipFile = () => false) {
  const hash = createHash("sha256");
  for (const input of inputs) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    for (const file of statSync(path).isFile() ? [path] : files(path, skipFile)) {
      hash.update(relative(root, file));
      hash.update("\0");
      hash.update(readFileSync(file));
      hash.update("\0");
    }
  }
  return hash.digest("hex");
}
