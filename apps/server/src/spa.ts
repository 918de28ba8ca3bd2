import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompress, brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { preferredEncoding } from "./lib/compression.ts";
import { blogPage } from "./spa-blog-page.ts";
import { registerBuildFiles } from "./spa-static.ts";
import { hackPageAnswer, withHeadTags } from "./spa-hack-pages.ts";
import { movedUserPage, pageExists } from "./spa-not-found.ts";
import { RETURN_PATH_COOKIE, SESSION_COOKIE, WEB_SSR_ENTRY } from "@neonlab/shared/constants";

/**
 * The built index.html, the prerendered public pages (path → HTML), the sign-in-required routes' path
 * patterns and every route's (null from a build that did not list them: every path is a page), or null
 * without a build.
 */
export type SpaPages = {
  index: string;
  pages: Map<string, string>;
  signInRoutes: RegExp[];
  routes: RegExp[] | null;
};

const readPatterns = (file: string): RegExp[] | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as string[]).map((pattern) => new RegExp(pattern)) : null;

/**
 * Reads the SPA's HTML once at start (like the static files): index.html, `prerender/pages.json`,
 * `prerender/sign-in-routes.json` and `prerender/routes.json` (written by the web build,
 * apps/web/vite-plugins/prerender.ts).
 */
export function readSpa(dist: string): SpaPages | null {
  const file = join(dist, "index.html");
  if (!existsSync(file)) return null;
  const pages = new Map<string, string>();
  const manifest = join(dist, "prerender", "pages.json");
  if (existsSync(manifest)) {
    const names = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, string>;
    for (const [path, name] of Object.entries(names))
      pages.set(path, readFileSync(join(dist, "prerender", name), "utf8"));
  }
  return {
    index: readFileSync(file, "utf8"),
    pages,
    signInRoutes: readPatterns(join(dist, "prerender", "sign-in-routes.json")) ?? [],
    routes: readPatterns(join(dist, "prerender", "routes.json")),
  };
}

/** Whether the request carries the web app's session cookie (whole or in chunks; lib/auth-token.ts). */
function hasSessionCookie(header: string | undefined): boolean {
  return (header ?? "").split(";").some((part) => {
    const [name, value] = part.trim().split("=", 2);
    return (name === SESSION_COOKIE.name || name === `${SESSION_COOKIE.name}.0`) && Boolean(value);
  });
}

/**
 * CSP sources for the inline scripts of the SPA's HTML (run before the first paint: the colour mode, the
 * opened route's downloads), as 'sha256-…' of each script's exact text, so the policy needs no
 * 'unsafe-inline'.
 */
export function inlineScriptHashes(documents: string[]): string[] {
  const hashes = new Set<string>();
  for (const html of documents) {
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc\s*=/i.test(attributes ?? "") || (body ?? "").trim() === "") continue;
      hashes.add(
        `'sha256-${createHash("sha256")
          .update(body ?? "", "utf8")
          .digest("base64")}'`,
      );
    }
  }
  return [...hashes];
}

/** What the server uses of the web build's server-side render (apps/web/src/entry-prerender.tsx). */
type WebSsr = {
  liveRequests(path: string): string[] | null;
  renderLivePage(page: string, path: string, answers: unknown[]): Promise<string>;
};

const LIVE_CHECK_MS = 5000;

/**
 * The pages that show API data, rendered by the web build's server-side render with the answers of the
 * app's own API (anonymous GETs, through `inject`) instead of the build's placeholders, so their content
 * and images need no script to start. A page's render is kept while the answers stay the same, and the
 * answers are asked again at most every LIVE_CHECK_MS (so a busy leaderboard costs one render per
 * interval, not one per view). Null (send the build's copy) when the answers fail or the render does: a
 * failed render is logged once and not tried again until the answers change.
 */
function liveRenderer(app: FastifyInstance, dist: string, forget: (html: string) => void) {
  const file = join(dist, WEB_SSR_ENTRY);
  if (!existsSync(file)) return null;
  let web: Promise<WebSsr | null> | undefined;
  const rendered = new Map<string, { answers: string; html: string | null; checkedAt: number }>();
  const checking = new Map<string, Promise<string | null>>();
  const check = async (ssr: WebSsr, requests: string[], path: string, page: string): Promise<string | null> => {
    const last = rendered.get(path);
    const responses = await Promise.all(requests.map((url) => app.inject({ method: "GET", url })));
    if (responses.some((response) => response.statusCode !== 200)) return null;
    const answers = responses.map((response) => response.body).join("\n");
    if (last?.answers === answers) {
      last.checkedAt = Date.now();
      return last.html;
    }
    let html: string | null = null;
    try {
      html = await ssr.renderLivePage(
        page,
        path,
        responses.map((response) => response.json()),
      );
    } catch (error) {
      app.log.error({ err: error, path }, "live page render failed; sending the build's copy");
    }
    if (last?.html) forget(last.html);
    rendered.set(path, { answers, html, checkedAt: Date.now() });
    return html;
  };
  return async (path: string, page: string): Promise<string | null> => {
    web ??= (import(pathToFileURL(file).href) as Promise<WebSsr>).catch((error: unknown) => {
      app.log.error({ err: error, file }, "the web build's server-side render did not load");
      return null;
    });
    const ssr = await web;
    const requests = ssr?.liveRequests(path);
    if (!ssr || !requests) return null;
    const last = rendered.get(path);
    if (last && Date.now() - last.checkedAt < LIVE_CHECK_MS) return last.html;
    // Visitors arriving together share one check (and at most one render).
    let pending = checking.get(path);
    if (!pending) {
      pending = check(ssr, requests, path, page).finally(() => checking.delete(path));
      checking.set(path, pending);
    }
    return pending;
  };
}

/**
 * Serves the built SPA with long-lived caching for hashed assets and, for any other GET, the page's
 * prerendered HTML or index.html, each compressed once when first sent (the global compression hook only
 * reaches routes, not the not-found handler). A path that is no page of the app (no route, or a course,
 * lesson or learner that does not exist) gets index.html with status 404: the app shows its not-found page.
 */
export async function registerSpa(app: FastifyInstance, dist: string, spa: SpaPages | null) {
  // First sent with a quick brotli (~5 ms); the smallest one (quality 11, ~150 ms) is made off the event
  // loop meanwhile and sent from then on.
  const encoded = new Map<string, { br: Buffer; gzip: Buffer }>();
  const encode = (html: string) => {
    let entry = encoded.get(html);
    if (!entry) {
      const quick = {
        br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
        gzip: gzipSync(html),
      };
      encoded.set(html, quick);
      entry = quick;
      brotliCompress(html, (error, best) => {
        if (!error) encoded.set(html, { ...quick, br: best });
      });
    }
    return entry;
  };
  if (spa) await registerBuildFiles(app, dist);
  const renderLive = liveRenderer(app, dist, (html) => encoded.delete(html));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api" || request.method !== "GET") {
      return reply
        .status(404)
        .send({ statusCode: 404, statusMessage: "Not Found", message: `No API route ${request.method} ${path}` });
    }
    if (!spa) return reply.status(503).type("text/plain").send("The web app is not built. Run `npm run build`.");
    const page = path.length > 1 ? path.replace(/\/+$/, "") : path;
    const send = (html: string, status = 200, keep = true) => {
      reply
        .status(status)
        .header("cache-control", "no-cache")
        .header("vary", "accept-encoding")
        .type("text/html; charset=utf-8");
      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      if (!encoding) return reply.send(html);
      // `keep: false`: a page made for one request (a blog's head tags) is compressed once, not kept.
      const body = keep
        ? encode(html)[encoding]
        : encoding === "br"
          ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(html);
      return reply.header("content-encoding", encoding).send(body);
    };
    // An old username in a profile, connections or hack link: the same page under the current name.
    const moved = await movedUserPage(app, page);
    if (moved) {
      const query = request.url.slice(path.length);
      return reply.header("cache-control", "no-store").redirect(`${moved}${query}`, 301);
    }
    if (!(await pageExists(app, page, spa.routes))) return send(spa.index, 404);
    // The app's guard would send a visitor without a session to /login after loading; do it before, the
    // same way: the asked-for page is kept in the return-path cookie (apps/web/src/lib/return-path.ts).
    if (spa.signInRoutes.some((route) => route.test(page)) && !hasSessionCookie(request.headers.cookie)) {
      const secure = request.protocol === "https" ? "; Secure" : "";
      return reply
        .header("cache-control", "no-store")
        .header(
          "set-cookie",
          `${RETURN_PATH_COOKIE.name}=${encodeURIComponent(request.url)}; Path=/; Max-Age=${RETURN_PATH_COOKIE.maxAgeSeconds}; SameSite=Lax${secure}`,
        )
        .redirect("/login", 302);
    }
    const blog = await blogPage(app, page, spa.index);
    if (blog && "redirect" in blog) return reply.header("cache-control", "no-cache").redirect(blog.redirect, 301);
    if (blog && "notFound" in blog) return send(spa.index, 404);
    if (blog) return send(blog.html, 200, false);
    // A hack's live view redirects to the preview site; its code view gets its card's tags (spa-hack-pages.ts).
    const hack = await hackPageAnswer(app, page);
    if (hack && "redirect" in hack) return reply.header("cache-control", "no-store").redirect(hack.redirect, 302);
    if (hack) {
      // One document per hack and version: sent as it is, not kept in the compressed pages' cache.
      const html = withHeadTags(spa.index, hack.headTags);
      return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
    }
    const prerendered = spa.pages.get(page);
    // A signed-in visitor's page is rendered by the app (their data and header differ); a query string
    // may change what the page shows, so only the plain path is rendered with data.
    const live =
      prerendered && renderLive && !request.url.includes("?") && !hasSessionCookie(request.headers.cookie)
        ? await renderLive(page, prerendered)
        : null;
    return send(live ?? prerendered ?? spa.index);
  });
}
