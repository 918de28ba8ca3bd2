import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Built pages the server sends itself (spa.ts), never as files. */
const NOT_FILES = new Set(["prerender"]);

/**
 * Serves the web build's files with few routes: one wildcard route per top-level folder (`/assets/*`,
 * `/avatars/*`) and a route per file at the top (favicon, robots.txt …). With a route per file (the plugin's
 * `wildcard: false`) ~1,000 files took 15–25 MB of an idle server (bench/README.md, "Memory"); one root
 * wildcard (`/*`) would catch /api paths too, where the router answers 414 for a too-long parameter.
 * A folder's route serves exactly the files the folder held at start (the build does not change under a
 * running server): the plugin's own wildcard route reads the folder's listing on every request to refuse a
 * path spelled differently from its file (~900 names in /assets, ~1 ms of CPU each time). A path that is no
 * file goes on to the not-found handler (the page fallback).
 */
export async function registerBuildFiles(app: FastifyInstance, dist: string) {
  const assets = join(dist, "assets") + sep;
  // The service worker and the web manifest name the current build's files: asked again on every load, so
  // a new version is found at once (browsers check sw.js themselves at most daily whatever its caching).
  const REVALIDATED = new Set(["sw.js", "manifest.webmanifest"].map((file) => join(dist, file)));
  const entries = readdirSync(dist, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory() && !e.name.startsWith(".") && !NOT_FILES.has(e.name));
  // The files at the top, one route each; the compressed copies are sent through their original's route.
  await app.register(fastifyStatic, {
    root: dist,
    index: false,
    wildcard: false,
    globIgnore: [...folders.map((e) => `${e.name}/**`), "prerender/**", "**/*.br", "**/*.gz"],
    // The build's own stamp (.build-stamp) and any other dotfile is no file of the app.
    dotfiles: "ignore",
    // The web build writes .br and .gz copies (apps/web/vite-plugins.ts); sent as they are.
    preCompressed: true,
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
  });
  for (const folder of folders) {
    const files = filesOf(join(dist, folder.name));
    app.route({
      method: ["GET", "HEAD"],
      url: `/${folder.name}/*`,
      // Files, not API operations: out of the OpenAPI document (as the plugin's own routes are).
      schema: { hide: true },
      handler: (request, reply) => {
        const file = (request.params as { "*": string })["*"];
        // A folder ("/assets/"), a dotfile, a compressed copy or any other name: the page fallback answers.
        if (!files.has(file)) return reply.callNotFound();
        return reply.sendFile(`${folder.name}/${file}`);
      },
    });
  }
}

/** The paths (with "/") of a folder's files and its subfolders' files, but dotfiles and compressed copies. */
function filesOf(folder: string): Set<string> {
  const names = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(folder, join(e.parentPath, e.name)).split(sep).join("/"))
    .filter((path) => !path.split("/").some((part) => part.startsWith(".")) && !/\.(br|gz)$/.test(path));
  return new Set(names);
}
