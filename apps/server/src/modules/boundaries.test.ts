import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// Modules call each other through their service.ts only; identity's users table has no service: its
// accounts/schema.ts and the shared accounts/columns.ts are every module's foreign-key target. Whole modules
// (their parts included) import each other in one direction only, a table's foreign key to users aside.
// Tests and their helpers may reach anywhere; a manifest is read by app/modules.ts only.

const MODULES_DIR = import.meta.dirname;
const isPublic = (target: string) => target === "service.ts";
const PUBLIC_EXCEPTIONS = new Set(["identity/accounts/schema.ts", "identity/accounts/columns.ts"]);
const isTestSupport = (file: string) => file.endsWith(".test.ts") || file.endsWith("test-helpers.ts");

/** An import of `target` (a file of `module`) from `file` of module `from`. */
type Edge = { from: string; file: string; to: string; target: string; module: string };

const moduleOf = (file: string) => file.split("/")[0]!;

function crossModuleImports(): Edge[] {
  const edges: Edge[] = [];
  for (const file of readdirSync(MODULES_DIR, { recursive: true, encoding: "utf8" })) {
    // A manifest wires its module's parts into the app (app/modules.ts): no other module reaches it.
    if (!file.includes("/") || !file.endsWith(".ts") || isTestSupport(file) || file.endsWith("/manifest.ts")) continue;
    const source = readFileSync(join(MODULES_DIR, file), "utf8");
    for (const match of source.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)) {
      const imported = relative(MODULES_DIR, resolve(MODULES_DIR, dirname(file), match[1]!));
      if (imported.startsWith("..") || moduleOf(imported) === moduleOf(file)) continue;
      edges.push({
        from: moduleOf(file),
        file,
        to: moduleOf(imported),
        module: moduleOf(imported),
        target: imported.slice(moduleOf(imported).length + 1),
      });
    }
  }
  return edges;
}

/** A cycle in the module graph as "a → b → a", or null. */
function findCycle(edges: Edge[]): string | null {
  const next = new Map<string, Set<string>>();
  for (const e of edges) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node].join(" → ");
    state.set(node, "open");
    path.push(node);
    for (const to of next.get(node) ?? []) {
      const cycle = visit(to);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of next.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("module boundaries", () => {
  const edges = crossModuleImports();

  it("reaches other modules through their service.ts only", () => {
    const private_ = edges.filter(
      (e) => moduleOf(e.file) !== e.module && !isPublic(e.target) && !PUBLIC_EXCEPTIONS.has(`${e.module}/${e.target}`),
    );
    expect(private_.map((e) => `${e.file} imports ${e.module}/${e.target}`)).toEqual([]);
  });

  it("has no import cycle between whole modules", () => {
    const usersForeignKey = (e: Edge) =>
      e.file.endsWith("schema.ts") && PUBLIC_EXCEPTIONS.has(`${e.module}/${e.target}`);
    expect(edges.length).toBeGreaterThan(5);
    expect(findCycle(edges.filter((e) => !usersForeignKey(e)))).toBeNull();
  });

  it("would see a cycle", () => {
    const edge = (from: string, to: string): Edge => ({
      from,
      file: "service.ts",
      to,
      target: "service.ts",
      module: to,
    });
    expect(findCycle([edge("a", "b"), edge("b", "c"), edge("c", "a")])).toBe("a → b → c → a");
  });
});
