#!/usr/bin/env node
// Bundles the server (apps/server/src/server.ts and the PGlite worker's entry) into minified JavaScript with
// esbuild. `npm start`, the e2e run and the benches run the bundle instead of ~1,940 modules from TypeScript
// sources: ~30 MB less RSS on an idle server (docs/decisions/036). `node scripts/build-server.mjs [--always]`.
//
// Built only when its inputs changed (as the web build, build-web.mjs): each build is a folder
// apps/server/dist/<hash of the inputs>/, written aside and renamed into place, so a build never changes the
// files a running server still loads lazily, and two processes building at once both end with a whole one.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { inputsHash } from "./inputs-hash.mjs";
import { packageType } from "./package-type.mjs";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "apps/server/dist");
const INPUTS = [
  "apps/server/src",
  "apps/server/package.json",
  "apps/server/tsconfig.json",
  "packages/shared",
  "package-lock.json",
  "tsconfig.base.json",
  "scripts/build-server.mjs",
  // Bundled into the server (web-build-mode.ts reads the web build's stamp with it).
  "scripts/web-build-stamp.mjs",
];
/** Builds kept besides the newest: a server started from one may still load its lazy chunks. */
const KEEP = 3;

/**
 * Loaded from node_modules at run time, not bundled:
 * - PGlite reads its PostgreSQL .wasm and .data next to its own module (new URL(…, import.meta.url));
 * - native addons (a platform package's .node file): sharp, argon2, resvg; pg-native is pg's optional driver;
 * - CommonJS packages the server loads with import() when configured (REDIS_URL, S3_BUCKET): bundled, each became
 *   a chunk whose only export is `default`, so `Redis` and `S3Client` were undefined: a start with REDIS_URL
 *   failed, and so did every upload to S3 (`npm run check:cluster` runs the bundle with both). Node's own loader
 *   gives their named exports.
 */
const EXTERNAL = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "sharp",
  "@node-rs/argon2",
  "@resvg/resvg-js",
  "pg-native",
  "ioredis",
  "@aws-sdk/client-s3",
];

// Every chunk starts with these: `require` for the CommonJS packages' calls of Node's modules and of the external
// packages, and the chunk's folder, from which the paths below are rebuilt (all chunks lie in one folder).
const BANNER =
  'import{createRequire as __nlRequire}from"node:module";import{dirname as __nlDirname,join as __nlJoin}from"node:path";' +
  "const require=__nlRequire(import.meta.url),__nlDir=import.meta.dirname;";

const slash = (path) => path.split("\\").join("/");

/** Our code reads files beside its sources (migrations, content/, the web build): import.meta.dirname is theirs. */
function ownDirname(outdir) {
  const own = [join(root, "apps/server/src"), join(root, "packages/shared/src")];
  return {
    name: "own-dirname",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!own.some((dir) => args.path.startsWith(dir))) return undefined;
        const text = readFileSync(args.path, "utf8");
        if (!text.includes("import.meta.dirname")) return undefined;
        const from = JSON.stringify(slash(relative(outdir, dirname(args.path))));
        return { contents: text.replaceAll("import.meta.dirname", `__nlJoin(__nlDir,${from})`), loader: "ts" };
      });
    },
  };
}

/**
 * A CommonJS package's __dirname and __filename stay its own (in an ES module they do not exist): @fastify/swagger-ui
 * serves its static files from there, socket.io its client, @fastify/swagger and ioredis read their package.json.
 */
function packageDirname(outdir) {
  return {
    name: "package-dirname",
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/].*\.c?js$/ }, (args) => {
        const text = readFileSync(args.path, "utf8");
        if (!/\b__(dirname|filename)\b/.test(text)) return undefined;
        if (!args.path.endsWith(".cjs") && packageType(dirname(args.path)) === "module") return undefined;
        const file = JSON.stringify(slash(relative(outdir, args.path)));
        const own = `var __filename=__nlJoin(__nlDir,${file}),__dirname=__nlDirname(__filename);`;
        // After a hashbang line, which must stay first.
        const at = text.startsWith("#!") ? text.indexOf("\n") + 1 : 0;
        return { contents: text.slice(0, at) + own + text.slice(at), loader: "js" };
      });
    },
  };
}

async function bundle(outdir) {
  const esbuild = await import("esbuild");
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: { server: "apps/server/src/server.ts", "pglite-worker": "apps/server/src/db/pglite-worker.ts" },
      outdir,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node22",
      minify: true,
      // What the server imports lazily (Better Auth, the markdown pipeline, SDKs) stays in chunks of its own.
      splitting: true,
      legalComments: "none",
      external: EXTERNAL,
      banner: { js: BANNER },
      plugins: [ownDirname(outdir), packageDirname(outdir)],
      logLevel: "warning",
    });
  } finally {
    await esbuild.stop();
  }
}

/** Removes all but the newest builds, and builds left half-written (a process stopped while building). */
function prune(current) {
  const now = Date.now();
  const entries = readdirSync(dist, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== current);
  const builds = entries
    .filter((e) => /^[0-9a-f]{16}$/.test(e.name))
    .map((e) => ({ path: join(dist, e.name), mtime: statSync(join(dist, e.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of builds.slice(KEEP)) rmSync(old.path, { recursive: true, force: true });
  for (const e of entries.filter((e) => e.name.startsWith(".building-"))) {
    const path = join(dist, e.name);
    if (now - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
}

let ensured;

/**
 * Where the bundle built from the current inputs is (apps/server/dist/<hash>/server.js) and whether it was built,
 * without building it (`npm run start:prod`). A build found is marked in use, so prune() keeps it.
 */
export function currentServerBundle() {
  const hash = inputsHash(root, INPUTS, (name) => /\.test\.[cm]?tsx?$/.test(name)).slice(0, 16);
  const folder = join(dist, hash);
  const entry = join(folder, "server.js");
  const built = existsSync(entry);
  if (built) {
    const now = new Date();
    try {
      utimesSync(folder, now, now);
    } catch {
      // A build owned by another user (a container's image): nothing here prunes it either.
    }
  }
  return { hash, folder, entry, built };
}

/**
 * The absolute path of the server bundle's entry (apps/server/dist/<hash>/server.js), built first when none was
 * built from the current inputs (or with `always`). Checking costs tens of milliseconds; building a few seconds.
 */
export function ensureServerBundle({ always = false } = {}) {
  if (!always && ensured) return ensured;
  ensured = (async () => {
    const started = performance.now();
    const { hash, folder, entry, built } = currentServerBundle();
    if (!always && built) {
      console.log(
        `server bundle unchanged since its last build (checked in ${Math.round(performance.now() - started)} ms)`,
      );
      return entry;
    }
    console.log(existsSync(dist) ? "server sources changed: bundling the server" : "bundling the server (first start)");
    mkdirSync(dist, { recursive: true });
    const building = join(dist, `.building-${hash}-${process.pid}`);
    rmSync(building, { recursive: true, force: true });
    try {
      await bundle(building);
      if (always) rmSync(folder, { recursive: true, force: true });
      try {
        renameSync(building, folder);
      } catch (error) {
        // Another process finished the same build first: its folder is as good as ours.
        if (!existsSync(entry)) throw error;
      }
    } finally {
      rmSync(building, { recursive: true, force: true });
    }
    prune(hash);
    console.log(`server bundled in ${Math.round(performance.now() - started)} ms: ${relative(root, folder)}`);
    return entry;
  })();
  return ensured;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  await ensureServerBundle({ always: process.argv.includes("--always") });
}
