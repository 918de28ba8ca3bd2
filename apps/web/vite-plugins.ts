// Build plugins for the first paint: Mantine CSS per component, the theme's CSS variables in index.html,
// and early downloads of the body fonts and of the opened route's page chunk.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import react from "@vitejs/plugin-react";
import { build, type HtmlTagDescriptor, type Plugin, type ResolvedConfig, type Rollup } from "vite";
import { cssVariablesResolver, theme } from "./src/app/theme.ts";
// By path: Vite loads its config's bare imports with plain Node, which does not run the package's TypeScript.
import { WEB_SSR_ENTRY } from "../../packages/shared/src/constants.ts";
import { PRERENDERED, ROOT_MARKERS, ROUTE_MODULES } from "./src/lib/prerender-markers.ts";

/** `…/@mantine/core/esm/components/Button/Button.module.mjs` → `Button` (the class names of one component). */
const MANTINE_MODULE = /\/@mantine\/(core|notifications)\/esm\/(?:.+\/)?([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's stylesheet is ~290 KB; this loads only the styles of the components the code uses, next to
 * their code: each component's class-name module imports its own `styles/<Name>.layer.css`, so a lazy
 * page brings its components' CSS with it. The layered files sit in `@layer mantine`, which keeps the
 * app's own (unlayered) rules winning whatever order the chunks' CSS arrives in.
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: "neonlab-mantine-css-per-component",
    enforce: "pre",
    transform(code, id) {
      const match = MANTINE_MODULE.exec(id.split("?")[0] ?? "");
      if (!match) return null;
      const [, pkg, name] = match;
      const css = pkg === "core" ? `@mantine/core/styles/${name}.layer.css` : "@mantine/notifications/styles.layer.css";
      return { code: `import ${JSON.stringify(css)};\n${code}`, map: null };
    },
  };
}

/**
 * The CSS variables and responsive classes MantineProvider would inject at run time, rendered once at
 * build time from the same theme (the provider runs with `withCssVariables={false}`,
 * `withGlobalClasses={false}`). In index.html they colour the first paint, the preloader included,
 * before any JavaScript runs.
 */
export function themeCss(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: "dark" }, null),
  );
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("");
  if (!css.includes("--nl-accent")) throw new Error("the theme's CSS variables were not rendered");
  return css;
}

export function staticThemeCss(): Plugin {
  let css: string | undefined;
  return {
    name: "neonlab-static-theme-css",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        css ??= themeCss();
        return html.replace("<!-- theme-css -->", `<style data-mantine-styles>${css}</style>`);
      },
    },
  };
}

/**
 * Font files (by name, before the hash) index.html preloads: the body text's faces. Requested only when
 * the app first renders text in them, they arrived after it and the text reflowed (a layout shift).
 */
const PRELOADED_FONTS = [
  // the preloader's title and counter (the first paint)
  "orbitron-latin-700-normal",
  "share-tech-mono-latin-400-normal",
  // body text
  "rajdhani-latin-500-normal",
  "rajdhani-latin-600-normal",
  "rajdhani-latin-700-normal",
];

type RouteEntry = { path: string; guard: string; module: string };

/** The routes of src/app/routes.tsx whose page is a plain `import("…")`, with their guard. */
function routeModules(routesFile: string): RouteEntry[] {
  const source = readFileSync(routesFile, "utf8");
  const entries: RouteEntry[] = [];
  const route =
    /path:\s*"([^"]+)",\s*layout:\s*"[^"]+",\s*guard:\s*"([^"]+)",[^{}]*?page:\s*\(\)\s*=>\s*import\("([^"]+)"\)/g;
  for (const [, path, guard, module] of source.matchAll(route)) {
    if (path && guard && module) entries.push({ path, guard, module: resolve(dirname(routesFile), module) });
  }
  return entries;
}

/**
 * A stylesheet written into the page: nothing to download before the first paint. The disabled link
 * left in its place is never fetched; it tells Vite's loader of lazy chunks that the file is already in
 * the page (it looks for link[rel=stylesheet][href]), so it is not loaded a second time.
 */
function inlineStylesheet(href: string, css: string): string {
  return `<style data-href="${href}">${css.replace(/<\/style/gi, "<\\/style")}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
}

/** Page chunks and CSS per route pattern, as earlyDownloads found them (prerender reuses them). */
const routeFiles = new Map<string, { js: string[]; css: string[] }>();

/** `/courses/:slug` → a RegExp source matching that path (without a trailing slash). */
const pathPattern = (path: string) => `^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:[^/]+/g, "/[^/]+")}$`;

/**
 * Adds to index.html (1) preloads of the body fonts and (2) a small inline script that, for the route
 * being opened, starts downloading its page chunk, the chunks that page imports and its CSS while the
 * app's entry is still loading, instead of after it ran. Routes behind sign-in are left out (a
 * signed-out visitor is sent elsewhere).
 */
export function earlyDownloads(routesFile: string): Plugin {
  return {
    name: "neonlab-early-downloads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const tags: HtmlTagDescriptor[] = [];
        const assets = Object.values(bundle).filter((file): file is Rollup.OutputAsset => file.type === "asset");
        for (const font of PRELOADED_FONTS) {
          const file = assets.find((asset) => asset.fileName.includes(`${font}-`) && asset.fileName.endsWith(".woff2"));
          if (!file) throw new Error(`no built font file for ${font}`);
          tags.push({
            tag: "link",
            attrs: { rel: "preload", as: "font", type: "font/woff2", href: `/${file.fileName}`, crossorigin: "" },
            injectTo: "head",
          });
        }

        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === "chunk");
        const entry = chunks.find((chunk) => chunk.isEntry);
        const eager = new Set<string>();
        const boot = new Set<string>();
        const addStatic = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          const chunk = bundle[name];
          if (chunk?.type === "chunk") for (const dependency of chunk.imports) addStatic(dependency, into);
        };
        if (entry) {
          addStatic(entry.fileName, eager);
          // The steps src/main.tsx imports in turn: preloaded with the entry, so no step waits for a download.
          for (const name of entry.dynamicImports) addStatic(name, boot);
          for (const name of boot) {
            if (eager.has(name)) continue;
            eager.add(name);
            tags.push({
              tag: "link",
              attrs: { rel: "modulepreload", crossorigin: true, href: `/${name}` },
              injectTo: "head",
            });
          }
        }
        const cssOf = (names: Iterable<string>) =>
          [...names].flatMap((name) => {
            const chunk = bundle[name];
            return chunk?.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
        // The boot steps' CSS (global styles, the shell's components) is written into the page: Vite
        // would otherwise add it only when each step is imported, after the first paint.
        const entryCss = new Set(entry ? cssOf([entry.fileName]) : []);
        const bootStyles = [...new Set(cssOf(boot))]
          .filter((name) => !entryCss.has(name))
          .map((name) => {
            const asset = bundle[name];
            if (asset?.type !== "asset") throw new Error(`no CSS asset ${name}`);
            return inlineStylesheet(`/${name}`, String(asset.source));
          });
        const eagerCss = new Set(cssOf(eager));
        const routes: [string, string[], string[]][] = [];
        const entries = routeModules(routesFile);
        if (entries.length === 0) throw new Error(`no routes found in ${routesFile}`);
        for (const { path, guard, module } of entries) {
          if (guard !== "public" && guard !== "guest") continue;
          const page = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === module);
          if (!page) throw new Error(`no chunk for the page of ${path} (${module})`);
          const files = new Set<string>();
          addStatic(page.fileName, files);
          const js = [...files].filter((name) => !eager.has(name));
          const css = [...new Set(cssOf(files))].filter((name) => !eagerCss.has(name));
          routes.push([pathPattern(path), js.map((name) => `/${name}`), css.map((name) => `/${name}`)]);
        }
        routeFiles.clear();
        for (const [pattern, js, css] of routes) routeFiles.set(pattern, { js, css });
        // Before the stylesheet links: an inline script after them would wait for them to load.
        const script = `<script>${routePreloadScript(routes)}</script>\n    `;
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error("index.html has no module script");
        const styles = bootStyles.map((style) => `${style}\n    `).join("");
        const inlined = (html.slice(0, at) + styles + script + html.slice(at)).replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
          (link, name: string) => {
            const asset = bundle[name];
            return asset?.type === "asset" ? inlineStylesheet(`/${name}`, String(asset.source)) : link;
          },
        );
        return { html: inlined, tags };
      },
    },
  };
}

function routePreloadScript(routes: [string, string[], string[]][]): string {
  return `(() => {
  const routes = ${JSON.stringify(routes)};
  let path = location.pathname;
  while (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  const route = routes.find(([pattern]) => new RegExp(pattern).test(path));
  if (!route) return;
  window.${ROUTE_MODULES} = route[1];
  const links = route[1].map((href) => '\\x3clink rel="modulepreload" crossorigin href="' + href + '">')
    .concat(route[2].map((href) => '\\x3clink rel="preload" as="style" crossorigin href="' + href + '">'));
  document.head.insertAdjacentHTML("beforeend", links.join(""));
})();`;
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy next to each compressible file of the build,
 * which the server sends as they are (@fastify/static preCompressed): smaller than compressing each
 * response on the fly, and no compression work per request.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "neonlab-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|html|json|txt)$/.test(name)) continue;
        const file = resolve(outDir, name);
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

const ROUTE_SCRIPT = /<script>\(\(\) => \{\n {2}const routes = [\s\S]*?<\/script>\n\s*/;
/**
 * A prerendered page's start: after its first frame (at once in a hidden tab, which paints none) it
 * preloads the app's chunks and the page's, then runs the entry. Until then there is nothing to download
 * but the HTML, so the page, preloader included, paints as soon as the HTML has arrived (modulepreload
 * links in the HTML itself would be fetched at high priority, competing with that first paint).
 */
function appStart(entry: string, modules: string[], pageModules: string[]): string {
  return `(() => {
  window.${ROUTE_MODULES} = ${JSON.stringify(pageModules)};
  const start = () => {
    const links = ${JSON.stringify(modules)}.map((href) => '\\x3clink rel="modulepreload" crossorigin href="' + href + '">');
    document.head.insertAdjacentHTML("beforeend", links.join(""));
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
 * Renders each public and sign-in page without parameters (src/entry-prerender.tsx, in a server build of its own)
 * into a copy of index.html: `prerender/<name>.html`, listed in `prerender/pages.json`, which the server
 * sends for that path. The page paints with the first frame, under the preloader, instead of after the
 * app's JavaScript ran; its CSS is inlined and its chunks load after that first frame. The markup's form
 * controls are disabled until the app has taken the page over (input typed before then would be lost).
 * A page that fails to render is left out with a warning.
 */
export function prerender(options: { entry: string }): Plugin {
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
          ssr: options.entry,
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
      const { render, prerenderPaths, signInPaths } = (await import(pathToFileURL(serverEntry).href)) as {
        render: (path: string) => Promise<{ html: string; title: string | null } | null>;
        prerenderPaths: () => string[];
        signInPaths: () => string[];
      };
      const template = readFileSync(join(outDir, "index.html"), "utf8");
      if (!ROOT_MARKERS.test(template) || !ROUTE_SCRIPT.test(template)) {
        throw new Error("index.html lacks the app-html markers or the route script");
      }
      const pages: Record<string, string> = {};
      mkdirSync(join(outDir, "prerender"), { recursive: true });
      for (const path of prerenderPaths()) {
        // Only pages whose chunks and CSS earlyDownloads found (a plain import() in routes.tsx): without
        // its CSS inlined a page would paint unstyled (the placeholder pages).
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
        // The page paints from the HTML alone; its scripts start after that first frame (see appStart).
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
            () => `  <script>${appStart(entry, [...modules, ...files.js], files.js)}</script>\n  </body>`,
          )
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title ?? "NeonLab")}</title>`);
        if (!entry) throw new Error("index.html has no module script");
        const name = path === "/" ? "index.html" : `${path.slice(1).replace(/\//g, "-")}.html`;
        writeFileSync(join(outDir, "prerender", name), html);
        pages[path] = name;
      }
      writeFileSync(join(outDir, "prerender", "pages.json"), `${JSON.stringify(pages, null, 2)}\n`);
      // Sign-in-required routes: the server sends a visitor without a session cookie to /login at once.
      const patterns = signInPaths().map(pathPattern);
      if (patterns.length === 0) throw new Error("no sign-in-required routes found");
      writeFileSync(join(outDir, "prerender", "sign-in-routes.json"), `${JSON.stringify(patterns, null, 2)}\n`);
      config.logger.info(`prerendered ${Object.keys(pages).length} pages: ${Object.keys(pages).join(" ")}`);
    },
  };
}
