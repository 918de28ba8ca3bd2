import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin, type ResolvedConfig } from "vite";
// By path: Vite loads its config's bare imports with plain Node, which does not run the package's TypeScript.
import { WEB_SSR_ENTRY } from "../../../packages/shared/src/constants.ts";
import { PRERENDERED, ROOT_MARKERS, ROUTE_MODULES } from "../src/lib/prerender-markers.ts";
import { ROUTE_SCRIPT } from "./early-downloads.ts";
import { inlineStylesheet, pathPattern, type RouteFiles, routePaths, signInPaths } from "./route-files.ts";

/**
 * Modulepreload links added per task: on a slow machine each costs the main thread a few ms (setting up
 * its request), and six at once made tasks of 10–35 ms there, long ones on a phone four times slower.
 */
const PRELOADS_PER_TASK = 3;

/**
 * A prerendered page's start: after its first frame (at once in a hidden tab, which paints none) it
 * preloads the app's chunks and the page's, then runs the entry. Until then there is nothing to download
 * but the HTML, so the page, preloader included, paints as soon as the HTML has arrived (modulepreload
 * links in the HTML itself would be fetched at high priority, competing with that first paint). The links
 * go in a few per task while the tab is shown: the ~90 of a page added at once were one task of over
 * 100 ms that input waited on.
 */
function appStart(entry: string, modules: string[], pageModules: string[]): string {
  return `(() => {
  window.${ROUTE_MODULES} = ${JSON.stringify(pageModules)};
  const modules = ${JSON.stringify(modules)};
  let next = 0;
  const start = () => {
    // A hidden tab paints nothing, and runs a chain of timers only once a second.
    const perTask = document.visibilityState === "hidden" ? modules.length : ${PRELOADS_PER_TASK};
    const links = modules.slice(next, (next += perTask));
    document.head.insertAdjacentHTML(
      "beforeend",
      links.map((href) => '\\x3clink rel="modulepreload" crossorigin href="' + href + '">').join(""),
    );
    if (next < modules.length) return void setTimeout(start, 0);
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = ${JSON.stringify(entry)};
    document.head.appendChild(script);
  };
  if (document.visibilityState === "hidden") start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();`;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * index.html with the page's markup and title, its CSS inlined, and the app's scripts started after the
 * first frame (see appStart) instead of by the module script and modulepreload links.
 */
function prerenderedPage(
  template: string,
  page: { html: string; title: string | null },
  styles: string[],
  pageModules: string[],
): string {
  const modules: string[] = [];
  let entry = "";
  const html = template
    .replace(ROOT_MARKERS, () => `<!--app-html-->${page.html}<!--/app-html-->`)
    .replace('<div id="root">', `<div id="root" ${PRERENDERED}="">`)
    .replace(ROUTE_SCRIPT, "")
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, src: string) => {
      entry = src;
      return "";
    })
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      modules.push(href);
      return "";
    })
    .replace("</head>", () => `  ${styles.join("\n    ")}\n  </head>`)
    .replace(
      "</body>",
      () => `  <script>${appStart(entry, [...modules, ...pageModules], pageModules)}</script>\n  </body>`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title ?? "NeonLab")}</title>`);
  if (!entry) throw new Error("index.html has no module script");
  return html;
}

/**
 * Renders each public and sign-in page without parameters (src/entry-prerender.tsx, in a server build of its own)
 * into a copy of index.html: `prerender/<name>.html`, listed in `prerender/pages.json`, which the server
 * sends for that path. The page paints with the first frame, under the preloader, instead of after the
 * app's JavaScript ran; its CSS is inlined and its chunks load after that first frame. The markup's form
 * controls are disabled until the app has taken the page over (input typed before then would be lost).
 * A page that fails to render is left out with a warning. Only pages the early-downloads plugin found
 * files for (`routeFiles`) are rendered: without its CSS inlined a page would paint unstyled.
 */
export function prerender({ entry: ssrEntry, routeFiles }: { entry: string; routeFiles: RouteFiles }): Plugin {
  let config: ResolvedConfig;
  return {
    name: "neonlab-prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      // Kept in the build (self-contained: the server may run it from a copied build, away from
      // node_modules) for the pages the server renders again with live data (apps/server/src/spa.ts).
      const serverEntry = join(outDir, WEB_SSR_ENTRY);
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: "warn",
        define: config.define,
        plugins: [react()],
        publicDir: false,
        ssr: { noExternal: true },
        build: {
          ssr: ssrEntry,
          outDir: dirname(serverEntry),
          emptyOutDir: true,
          // .mjs throughout: away from the web package's "type": "module", a .js file would load as CommonJS.
          rollupOptions: {
            output: {
              entryFileNames: basename(serverEntry),
              chunkFileNames: "assets/[name]-[hash].mjs",
              format: "esm",
            },
          },
        },
      });
      const { render, prerenderPaths } = (await import(pathToFileURL(serverEntry).href)) as {
        render: (path: string) => Promise<{ html: string; title: string | null } | null>;
        prerenderPaths: () => string[];
      };
      const template = readFileSync(join(outDir, "index.html"), "utf8");
      if (!ROOT_MARKERS.test(template) || !ROUTE_SCRIPT.test(template)) {
        throw new Error("index.html lacks the app-html markers or the route script");
      }
      const pages: Record<string, string> = {};
      mkdirSync(join(outDir, "prerender"), { recursive: true });
      for (const path of prerenderPaths()) {
        // Not the placeholder pages: earlyDownloads found no files for them.
        const files = routeFiles.get(pathPattern(path));
        if (!files) continue;
        let page: { html: string; title: string | null } | null;
        try {
          page = await render(path);
        } catch (error) {
          config.logger.warn(`prerender: ${path} left out, it failed to render: ${String(error)}`);
          continue;
        }
        if (!page) continue;
        const styles = files.css.map((href) => inlineStylesheet(href, readFileSync(join(outDir, href), "utf8")));
        const html = prerenderedPage(template, page, styles, files.js);
        const name = path === "/" ? "index.html" : `${path.slice(1).replace(/\//g, "-")}.html`;
        writeFileSync(join(outDir, "prerender", name), html);
        pages[path] = name;
      }
      writeFileSync(join(outDir, "prerender", "pages.json"), `${JSON.stringify(pages, null, 2)}\n`);
      // Sign-in-required routes: the server sends a visitor without a session cookie to /login at once.
      const patterns = signInPaths().map(pathPattern);
      if (patterns.length === 0) throw new Error("no sign-in-required routes found");
      writeFileSync(join(outDir, "prerender", "sign-in-routes.json"), `${JSON.stringify(patterns, null, 2)}\n`);
      // Every route: the server answers any other path with the not-found page and status 404.
      writeFileSync(
        join(outDir, "prerender", "routes.json"),
        `${JSON.stringify(routePaths().map(pathPattern), null, 2)}\n`,
      );
      config.logger.info(`prerendered ${Object.keys(pages).length} pages: ${Object.keys(pages).join(" ")}`);
    },
  };
}
