// The "type" of the package a folder lies in ("module" or "commonjs"), each package.json read once: used by the
// server's resolver hook (server-preload.mjs) and its bundler (build-server.mjs).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const typeOfDir = new Map();

/** The nearest package.json's "type" above `dir` ("commonjs" when it names none, or none is found). */
export function packageType(dir) {
  const known = typeOfDir.get(dir);
  if (known !== undefined) return known;
  let type;
  try {
    type = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).type ?? "commonjs";
  } catch {
    const parent = dirname(dir);
    type = parent === dir ? "commonjs" : packageType(parent);
  }
  typeOfDir.set(dir, type);
  return type;
}
