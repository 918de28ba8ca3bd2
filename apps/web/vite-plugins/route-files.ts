// What the early-downloads plugin learns from the client build and the prerender plugin reuses.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseAst } from "vite";
// The plain-data table (the app's src/app/routes.ts adds the pages, whose dynamic imports a config file
// cannot load): the pages' modules are read from that file's source below.
import { pathPattern, ROUTES } from "../src/lib/route-table.ts";

/** Per route pattern (`pathPattern`), the page's chunks and CSS beyond what the app's entry loads. */
export type RouteFiles = Map<string, { js: string[]; css: string[] }>;

export { pathPattern };

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** The string literal a node's subtree imports with `import("…")`, if any. */
function importedPath(node: Node): string | undefined {
  if (node.type === "ImportExpression") {
    const source = node.source as Node;
    return source.type === "Literal" && typeof source.value === "string" ? source.value : undefined;
  }
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      const found = isNode(child) ? importedPath(child) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Each route's page module (an absolute path) by route path, from the `PAGES` object of `routesFile`
 * (src/app/routes.ts), whose entries are `"/path": () => import("../features/…")…`.
 */
export function pageModules(routesFile: string): Map<string, string> {
  const ast = parseAst(readFileSync(routesFile, "utf8"), { lang: "ts" }) as unknown as { body: Node[] };
  const declarations = ast.body.flatMap((statement) => {
    const declaration = statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : null;
    return declaration?.type === "VariableDeclaration" ? (declaration.declarations as Node[]) : [];
  });
  const pages = declarations.find((declaration) => (declaration.id as Node & { name?: string }).name === "PAGES");
  const object = pages?.init as Node | undefined;
  if (object?.type !== "ObjectExpression") throw new Error(`${routesFile} exports no PAGES object`);
  const modules = new Map<string, string>();
  for (const property of object.properties as Node[]) {
    const key = property.key as Node | undefined;
    const path = property.type === "Property" && key?.type === "Literal" ? key.value : undefined;
    const module = property.type === "Property" ? importedPath(property.value as Node) : undefined;
    if (typeof path !== "string" || !module) {
      throw new Error(`${routesFile}: each PAGES entry is "/path": () => import("…") with literal strings`);
    }
    modules.set(path, resolve(dirname(routesFile), module));
  }
  return modules;
}

/**
 * The routes of the route table a signed-out visitor can open whose page is a module (not a placeholder),
 * with that module's file, as `routesFile` (src/app/routes.ts) imports it.
 */
export function signedOutPageRoutes(routesFile: string): { path: string; module: string }[] {
  const modules = pageModules(routesFile);
  return ROUTES.flatMap((route) => {
    if ((route.guard !== "public" && route.guard !== "guest") || route.placeholder) return [];
    const module = modules.get(route.path);
    if (!module) throw new Error(`${routesFile} names no page for ${route.path}`);
    return [{ path: route.path, module }];
  });
}

/** Every route's path: any other path is answered 404 by the server (apps/server/src/spa.ts). */
export const routePaths = () => ROUTES.map((route) => route.path);

/** The sign-in-required routes' paths (the server sends a visitor without a session cookie on to /login). */
export const signInPaths = () => ROUTES.filter((route) => route.guard === "private").map((route) => route.path);

/**
 * A stylesheet written into the page: nothing to download before the first paint. The disabled link
 * left in its place is never fetched; it tells Vite's loader of lazy chunks that the file is already in
 * the page (it looks for link[rel=stylesheet][href]), so it is not loaded a second time.
 */
export function inlineStylesheet(href: string, css: string): string {
  return `<style data-href="${href}">${css.replace(/<\/style/gi, "<\\/style")}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
}
