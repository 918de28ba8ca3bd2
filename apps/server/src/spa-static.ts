import { readdirSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic, { type FastifyStaticOptions } from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Built pages the server sends itself (spa.ts), never as files. */
const NOT_FILES = new Set(["prerender"]);

/**
 * Serves the web build's files with few routes: one wildcard route per top-level folder (`/assets/*`,
 * `/avatars/*`) and a route per file at the top (favicon, robots.txt …). With a route per file (the plugin's
 * `wildcard: false`) ~1,000 files took 15–25 MB of an idle server (bench/README.md, "Memory"); one root
 * wildcard (`/*`) would catch /api paths too, where the router answers 414 for a too-long parameter.
 * A path that is no file goes on to the not-found handler (the page fallback).
 */
export async function registerBuildFiles(app: FastifyInstance, dist: string) {
  const assets = join(dist, "assets") + sep;
  // The service worker and the web manifest name the current build's files: asked again on every load, so
  // a new version is found at once (browsers check sw.js themselves at most daily whatever its caching).
  const REVALIDATED = new Set(["sw.js", "manifest.webmanifest"].map((file) => join(dist, file)));
  const common: FastifyStaticOptions = {
    root: dist,
    index: false,
    // The build's own stamp (.build-stamp) and any other dotfile is no file of the app.
    dotfiles: "ignore",
    // The web build writes .br and .gz copies (apps/web/vite-plugins.ts); sent as they are.
    preCompressed: true,
    // A folder ("/assets/") is no file: the page fallback answers.
    allowedPath: (pathName) => !pathName.endsWith("/"),
    setHeaders(res, path) {
      const hashed = path.startsWith(assets);
      res.header(
        "cache-control",
        hashed
          ? "public, max-age=31536000, immutable"
          : REVALIDATED.has(path.replace(/\.(br|gz)$/, ""))
            ? "no-cache"
            : "public, max-age=300",
      );
    },
  };
  const entries = readdirSync(dist, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory() && !e.name.startsWith(".") && !NOT_FILES.has(e.name));
  // The files at the top, one route each; the compressed copies are sent through their original's route.
  await app.register(fastifyStatic, {
    ...common,
    wildcard: false,
    globIgnore: [...folders.map((e) => `${e.name}/**`), "prerender/**", "**/*.br", "**/*.gz"],
  });
  for (const folder of folders) {
    await app.register(fastifyStatic, {
      ...common,
      root: join(dist, folder.name),
      prefix: `/${folder.name}/`,
      wildcard: true,
      decorateReply: false,
    });
  }
}
