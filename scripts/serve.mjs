#!/usr/bin/env node
// Runs the server: the bundle of scripts/build-server.mjs, built first when the server's sources changed (~30 MB
// less memory than ~1,940 modules; docs/decisions/036), or, with NEONLAB_SERVER_FROM_SOURCE=1, its TypeScript
// sources without a run-time transpiler: Node 24 (and 22.18+) strips the types itself; an older Node (22.12–22.17
// without --experimental-strip-types) registers tsx instead. First it replaces itself (same process id) by a Node
// started with the server's V8 flags and environment (scripts/node-flags.mjs) where Node can (process.execve:
// 22.15+, Linux and macOS; NEONLAB_NODE_FLAGS=off skips it).
// Used by `npm start`, the e2e run and the Node 22 smoke (docs/decisions/023).
import { pathToFileURL } from "node:url";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./node-flags.mjs";

const fromSource = process.env.NEONLAB_SERVER_FROM_SOURCE === "1";
// The bundle checked before the re-exec, handed over so the new process does not hash the sources again.
const HANDOVER = "NEONLAB_SERVER_BUNDLE";
let bundle = fromSource ? undefined : process.env[HANDOVER];
delete process.env[HANDOVER];
if (!fromSource && !bundle) bundle = await (await import("./build-server.mjs")).ensureServerBundle();

// A flag the operator set in NODE_OPTIONS (e.g. --max-old-space-size=1024) is theirs to keep.
const own = (flag) => process.env.NODE_OPTIONS?.includes(flag.split("=")[0]) ?? false;
const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag) && !own(flag));
const unset = Object.keys(SERVER_ENV).filter((name) => process.env[name] === undefined);
const reexec = missing.length > 0 || unset.length > 0;
if (reexec && typeof process.execve === "function" && process.env.NEONLAB_NODE_FLAGS !== "off") {
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, import.meta.filename, ...process.argv.slice(2)],
    { ...SERVER_ENV, ...process.env, ...(bundle ? { [HANDOVER]: bundle } : {}) },
  );
}
if (!bundle && !process.features.typescript) {
  const { register } = await import("tsx/esm/api");
  register();
}
// The compile cache and a cheaper resolver for packages' own relative imports (start-up CPU and memory).
await import("./server-preload.mjs");
await import(bundle ? pathToFileURL(bundle).href : "../apps/server/src/server.ts");
