import type { HtmlTagDescriptor, Plugin, Rollup } from "vite";
import { ROUTE_MODULES } from "../src/lib/prerender-markers.ts";
import { inlineStylesheet, pathPattern, type RouteFiles, signedOutPageRoutes } from "./route-files.ts";

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

type Bundle = Rollup.OutputBundle;
/** [path pattern, page chunks, page CSS] per route, as the route script gets them. */
type RouteRow = [string, string[], string[]];

function fontPreloads(bundle: Bundle): HtmlTagDescriptor[] {
  const assets = Object.values(bundle).filter((file): file is Rollup.OutputAsset => file.type === "asset");
  return PRELOADED_FONTS.map((font) => {
    const file = assets.find((asset) => asset.fileName.includes(`${font}-`) && asset.fileName.endsWith(".woff2"));
    if (!file) throw new Error(`no built font file for ${font}`);
    return {
      tag: "link",
      attrs: { rel: "preload", as: "font", type: "font/woff2", href: `/${file.fileName}`, crossorigin: "" },
      injectTo: "head",
    };
  });
}

/** `name` and every chunk it imports statically, added to `into`. */
function addStatic(bundle: Bundle, name: string, into: Set<string>) {
  if (into.has(name)) return;
  into.add(name);
  const chunk = bundle[name];
  if (chunk?.type === "chunk") for (const dependency of chunk.imports) addStatic(bundle, dependency, into);
}

/**
 * `names` with every chunk after the chunks it imports (of those listed): the order their CSS must have
 * in the page, as Vite's loader gives it. A component's CSS overrides the CSS of what it is built on
 * (Button's background over UnstyledButton's transparent one: same specificity, so the later one wins).
 */
function dependenciesFirst(bundle: Bundle, names: Iterable<string>): string[] {
  const listed = new Set(names);
  const ordered = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (ordered.has(name) || path.has(name)) return;
    path.add(name);
    const chunk = bundle[name];
    if (chunk?.type === "chunk")
      for (const dependency of chunk.imports) if (listed.has(dependency)) visit(dependency, path);
    ordered.add(name);
  };
  for (const name of listed) visit(name, new Set());
  return [...ordered];
}

const cssOf = (bundle: Bundle, names: Iterable<string>) =>
  dependenciesFirst(bundle, names).flatMap((name) => {
    const chunk = bundle[name];
    return chunk?.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  });

/** The chunk `import()` of `module` loads, and the chunks it imports statically. */
function dynamicEntryFiles(bundle: Bundle, module: string, what: string): Set<string> {
  const chunk = Object.values(bundle).find(
    (file): file is Rollup.OutputChunk =>
      file.type === "chunk" && file.isDynamicEntry && file.facadeModuleId === module,
  );
  if (!chunk) throw new Error(`no chunk for ${what} (${module})`);
  const files = new Set<string>();
  addStatic(bundle, chunk.fileName, files);
  return files;
}

/**
 * The route script's rows: each signed-out page's chunks, with the shell's, that the entry and boot steps do
 * not load, and the page's CSS that the page does not hold already (`inlinedCss`).
 */
function routeRows(
  bundle: Bundle,
  routesFile: string,
  eager: Set<string>,
  shell: Set<string>,
  inlinedCss: Set<string>,
): RouteRow[] {
  const routes = signedOutPageRoutes(routesFile);
  if (routes.length === 0) throw new Error("the route table has no signed-out pages");
  return routes.map(({ path, module }) => {
    const files = new Set([...shell, ...dynamicEntryFiles(bundle, module, `the page of ${path}`)]);
    const js = [...files].filter((name) => !eager.has(name));
    const css = [...new Set(cssOf(bundle, files))].filter((name) => !inlinedCss.has(name));
    return [pathPattern(path), js.map((name) => `/${name}`), css.map((name) => `/${name}`)];
  });
}

/** Matches the inline script routePreloadScript writes (the prerender plugin takes it out again). */
export const ROUTE_SCRIPT = /<script>\(\(\) => \{\n {2}const routes = [\s\S]*?<\/script>\n\s*/;

function routePreloadScript(routes: RouteRow[]): string {
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
 * Adds to index.html (1) preloads of the body fonts and (2) a small inline script that, for the route
 * being opened, starts downloading its page chunk, the chunks that page imports, the shell's chunks and
 * the page's CSS while the app's entry is still loading, instead of after it ran. The routes come from the route table
 * (src/app/routes.ts); those behind sign-in are left out (a signed-out visitor is sent elsewhere).
 * What it found per route goes into `routeFiles` for the prerender plugin.
 */
export function earlyDownloads({
  routesFile,
  shellModules,
  routeFiles,
}: {
  routesFile: string;
  /** Modules every page shows that the app loads apart (app/layouts: the header and footer). */
  shellModules: string[];
  routeFiles: RouteFiles;
}): Plugin {
  return {
    name: "neonlab-early-downloads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const tags = fontPreloads(bundle);
        const entry = Object.values(bundle).find(
          (file): file is Rollup.OutputChunk => file.type === "chunk" && file.isEntry,
        );
        const eager = new Set<string>();
        const boot = new Set<string>();
        if (entry) {
          addStatic(bundle, entry.fileName, eager);
          // The steps src/main.tsx imports in turn: preloaded with the entry, so no step waits for a download.
          for (const name of entry.dynamicImports) addStatic(bundle, name, boot);
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
        const shell = new Set(shellModules.flatMap((module) => [...dynamicEntryFiles(bundle, module, "the shell")]));
        // The boot steps' CSS (global styles) and the shell's (header, footer and their components) is
        // written into the page: Vite would otherwise add it only when each is imported, after the first paint.
        const entryCss = new Set(entry ? cssOf(bundle, [entry.fileName]) : []);
        const pageCss = [...new Set(cssOf(bundle, [...boot, ...shell]))].filter((name) => !entryCss.has(name));
        const bootStyles = pageCss.map((name) => {
          const asset = bundle[name];
          if (asset?.type !== "asset") throw new Error(`no CSS asset ${name}`);
          return inlineStylesheet(`/${name}`, String(asset.source));
        });
        const routes = routeRows(bundle, routesFile, eager, shell, new Set([...entryCss, ...pageCss]));
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
