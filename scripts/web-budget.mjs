// The JavaScript the first route of the built web app loads, and its gzip size against the budget.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { init, parse } from "es-module-lexer";

export const BUDGET_KIB = 130;

const ORIGIN = "http://app.local";

/** Attribute map of one HTML tag's source, e.g. `<script type="module" src="/a.js">`. */
function attributes(tag) {
  const attrs = {};
  for (const match of tag.matchAll(/([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return attrs;
}

/** Same-origin path of a URL in the page, or null for another origin or a data: URL. */
function localPath(url, base = "/") {
  const resolved = new URL(url, new URL(base, ORIGIN));
  return resolved.origin === ORIGIN ? decodeURIComponent(resolved.pathname) : null;
}

/**
 * Scripts index.html loads itself: every same-origin `<script src>` (module or classic) and
 * `<link rel="modulepreload">`, in document order. `modules` are the ones whose imports are followed.
 */
export function htmlScripts(html) {
  const files = [];
  const modules = [];
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const tag = match[1].toLowerCase();
    const attrs = attributes(match[2]);
    const isModulepreload = tag === "link" && attrs.rel?.toLowerCase().split(/\s+/).includes("modulepreload");
    const url = tag === "script" ? attrs.src : isModulepreload ? attrs.href : undefined;
    if (!url) continue;
    const path = localPath(url);
    if (!path || files.includes(path)) continue;
    files.push(path);
    if (isModulepreload || attrs.type === "module") modules.push(path);
  }
  return { files, modules };
}

/** Specifiers of a module's static `import`/`export … from` statements; `import()` is left out. */
export async function staticImports(source) {
  await init;
  const [imports] = parse(source);
  return imports.filter((entry) => entry.d === -1 && entry.n !== undefined).map((entry) => entry.n);
}

/**
 * Every script the first route loads eagerly: the page's scripts plus the static imports of its
 * modules, followed transitively. `readModule(path)` returns a module's source by its URL path.
 */
export async function firstRouteScripts(html, readModule) {
  const { files, modules } = htmlScripts(html);
  const seen = new Set(files);
  const queue = [...modules];
  while (queue.length > 0) {
    const importer = queue.shift();
    for (const specifier of await staticImports(readModule(importer))) {
      const path = localPath(specifier, importer);
      if (!path || seen.has(path)) continue;
      seen.add(path);
      files.push(path);
      queue.push(path);
    }
  }
  return files;
}

/** Raw and gzip (level 9) size in bytes of each file. */
export function measure(paths, read) {
  return paths.map((path) => {
    const content = read(path);
    return { file: path, raw: Buffer.byteLength(content), gzip: gzipSync(content, { level: 9 }).length };
  });
}

const kib = (bytes) => (bytes / 1024).toFixed(1);

/** Plain-text table of the measured files, largest gzip first, with the total against the budget. */
export function formatReport(rows, budgetKiB = BUDGET_KIB) {
  const sorted = [...rows].sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(4, ...sorted.map((row) => row.file.length));
  const line = (file, raw, gzip) => `${file.padEnd(width)}  ${raw.padStart(9)}  ${gzip.padStart(9)}`;
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);
  return [
    line("file", "raw KiB", "gzip KiB"),
    ...sorted.map((row) => line(row.file, kib(row.raw), kib(row.gzip))),
    line(`total (${rows.length} files)`, kib(raw), kib(gzip)),
    `budget: ${kib(gzip)} KiB of ${budgetKiB} KiB gzip — ${gzip > budgetKiB * 1024 ? "OVER" : "ok"}`,
  ].join("\n");
}

/** Measures a built `dist` folder; `over` is true when the total gzip size exceeds the budget. */
export async function checkBudget(distDir, budgetKiB = BUDGET_KIB) {
  const read = (path) => readFileSync(join(distDir, path));
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const files = await firstRouteScripts(html, (path) => read(path).toString("utf8"));
  const rows = measure(files, read);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  return { rows, total, over: total > budgetKiB * 1024, report: formatReport(rows, budgetKiB) };
}

/**
 * The code editor's on-demand JavaScript: the CodeWorkspace chunk and what it imports that the
 * first route does not load already, as a one-line report. Null when the build has no editor chunk.
 */
export async function editorChunkReport(distDir) {
  const read = (path) => readFileSync(join(distDir, path));
  const chunk = readdirSync(join(distDir, "assets")).find((name) => /^code-workspace-impl-.*\.js$/.test(name));
  if (!chunk) return null;
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const first = new Set(await firstRouteScripts(html, (path) => read(path).toString("utf8")));
  const fake = `<script type="module" src="/assets/${chunk}"></script>`;
  const files = (await firstRouteScripts(fake, (path) => read(path).toString("utf8"))).filter((f) => !first.has(f));
  const rows = measure(files, read);
  const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);
  const own = rows.find((row) => row.file.endsWith(chunk))?.gzip ?? 0;
  return `editor (lazy, hack and project pages): ${kib(gzip)} KiB gzip in ${rows.length} files beyond the first route (its chunk ${chunk}: ${kib(own)} KiB)`;
}

/** A string only zod's own code holds: the module that has it is zod. */
const ZOD_MARK = "ZodError";

/**
 * The prerendered public pages (dist/prerender/*.html) whose start loads zod: every module a page names, with
 * its static imports. Forms load their schema when first focused (apps/web/src/lib/zod-form.ts), so none should.
 */
export async function pagesStartingWithZod(distDir) {
  const dir = join(distDir, "prerender");
  const read = (path) => readFileSync(join(distDir, path), "utf8");
  const pages = [];
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".html"))) {
    const html = readFileSync(join(dir, name), "utf8");
    const named = new Set([...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((match) => match[1]));
    const start = [...named].map((path) => `<script type="module" src="${path}"></script>`).join("");
    const files = await firstRouteScripts(start, read);
    if (files.some((path) => read(path).includes(ZOD_MARK))) pages.push(`/${name.replace(/(index)?\.html$/, "")}`);
  }
  return pages;
}
