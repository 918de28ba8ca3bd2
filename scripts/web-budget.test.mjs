import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkBudget,
  firstRouteScripts,
  formatReport,
  htmlScripts,
  measure,
  pagesStartingWithZod,
  staticImports,
} from "./web-budget.mjs";

const html = `<!doctype html><html><head>
<script src="/color-scheme.js"></script>
<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
<link rel="stylesheet" href="/assets/index-c3.css">
<link rel="icon" href="/favicon.svg">
<script src="https://cdn.example.com/analytics.js"></script>
</head><body><div id="root"></div></body></html>`;

const modules = {
  "/assets/index-a1.js": [
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/editor-d4.js"])))=>i.map(i=>d[i]);',
    'import{a as e}from"./vendor-b2.js";import"./runtime-e5.js";',
    'const s=`import"./not-an-import.js"`;const r=/import"x"/g;',
    'const Page=()=>import("./page-f6.js");export{a as b}from"./reexport-g7.js";',
  ].join(""),
  "/assets/vendor-b2.js": 'import{r}from"./runtime-e5.js";export const a=1;',
  "/assets/runtime-e5.js": 'import*as n from"/assets/deep-h8.js";export const r=2;',
  "/assets/reexport-g7.js": "export const a=3;",
  "/assets/deep-h8.js": "export const d=4;",
  "/assets/page-f6.js": 'import"./lazy-only-i9.js";',
  "/assets/editor-d4.js": "export const heavy=5;",
};

const readModule = (path) => {
  if (!(path in modules)) throw new Error(`unexpected read of ${path}`);
  return modules[path];
};

describe("htmlScripts", () => {
  it("lists same-origin scripts and modulepreloads, and which of them are modules", () => {
    expect(htmlScripts(html)).toEqual({
      files: ["/color-scheme.js", "/assets/index-a1.js", "/assets/vendor-b2.js"],
      modules: ["/assets/index-a1.js", "/assets/vendor-b2.js"],
    });
  });
});

describe("staticImports", () => {
  it("returns static imports and re-exports, not dynamic import() or text inside strings and regexes", async () => {
    expect(await staticImports(modules["/assets/index-a1.js"])).toEqual([
      "./vendor-b2.js",
      "./runtime-e5.js",
      "./reexport-g7.js",
    ]);
  });
});

describe("firstRouteScripts", () => {
  it("follows static imports transitively and leaves lazily imported chunks out", async () => {
    const files = await firstRouteScripts(html, readModule);
    expect(files).toEqual([
      "/color-scheme.js",
      "/assets/index-a1.js",
      "/assets/vendor-b2.js",
      "/assets/runtime-e5.js",
      "/assets/reexport-g7.js",
      "/assets/deep-h8.js",
    ]);
    expect(files).not.toContain("/assets/page-f6.js");
    expect(files).not.toContain("/assets/editor-d4.js");
  });

  it("reads each module once even when imports form a cycle", async () => {
    const reads = [];
    const cyclic = {
      "/assets/a.js": 'import"./b.js";',
      "/assets/b.js": 'import"./a.js";import"./c.js";',
      "/assets/c.js": 'import"./b.js";',
    };
    const files = await firstRouteScripts('<script type="module" src="/assets/a.js"></script>', (path) => {
      reads.push(path);
      return cyclic[path];
    });
    expect(files).toEqual(["/assets/a.js", "/assets/b.js", "/assets/c.js"]);
    expect(reads).toEqual(["/assets/a.js", "/assets/b.js", "/assets/c.js"]);
  });
});

describe("measure and formatReport", () => {
  it("reports raw and level-9 gzip bytes and flags a total over the budget", () => {
    const content = "export const x = 1;\n".repeat(500);
    const rows = measure(["/assets/x.js"], () => content);
    expect(rows).toEqual([{ file: "/assets/x.js", raw: 10_000, gzip: gzipSync(content, { level: 9 }).length }]);
    expect(formatReport([{ file: "/a.js", raw: 4096, gzip: 2048 }], 1)).toMatch(
      /budget: 2\.0 KiB of 1 KiB gzip — OVER/,
    );
    expect(formatReport([{ file: "/a.js", raw: 4096, gzip: 1024 }], 1)).toMatch(/budget: 1\.0 KiB of 1 KiB gzip — ok/);
  });
});

describe("checkBudget", () => {
  let dir;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("measures a dist folder's first-route scripts and compares the total with the budget", async () => {
    dir = mkdtempSync(join(tmpdir(), "web-budget-"));
    const files = { "index.html": html, "color-scheme.js": "document.documentElement.dataset.x=1;" };
    for (const [path, source] of Object.entries(modules)) files[path.slice(1)] = source;
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    const result = await checkBudget(dir, 1);
    expect(result.rows.map((row) => row.file)).toHaveLength(6);
    expect(result.over).toBe(false);
    writeFileSync(join(dir, "assets/deep-h8.js"), `export const d="${randomBytes(4096).toString("base64")}";`);
    const heavy = await checkBudget(dir, 1);
    expect(heavy.over).toBe(true);
    expect(heavy.total).toBeGreaterThan(1024);
  });
});

describe("pagesStartingWithZod", () => {
  let dir;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("names the prerendered pages whose modules, or their static imports, are zod; not a lazy import", async () => {
    dir = mkdtempSync(join(tmpdir(), "web-budget-zod-"));
    const start = (paths) => `<script>const modules = ${JSON.stringify(paths)};</script>`;
    const files = {
      "prerender/index.html": start(["/assets/home-a1.js"]),
      "prerender/login.html": start(["/assets/login-b2.js"]),
      "prerender/blogs.html": start(["/assets/blogs-c3.js"]),
      "assets/home-a1.js": 'const form=()=>import("./schemas-z9.js");',
      "assets/login-b2.js": 'import{s}from"./form-d4.js";',
      "assets/form-d4.js": 'import{z}from"./schemas-z9.js";export const s=z;',
      "assets/blogs-c3.js": 'import{z}from"./schemas-z9.js";',
      "assets/schemas-z9.js": "class ZodError extends Error{}export const z=ZodError;",
    };
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), source);
    }
    expect((await pagesStartingWithZod(dir)).sort()).toEqual(["/blogs", "/login"]);
  });
});
