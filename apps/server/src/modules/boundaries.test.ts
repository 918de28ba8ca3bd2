import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Modules call each other through their service.ts only (and export-section.ts: their part of the personal data export) (accounts, Better Auth's tables, has no
// service: its schema.ts and the shared columns.ts are its surface), and the modules' imports form no cycle. Tests and their
// helpers may reach anywhere.

const MODULES_DIR = import.meta.dirname;
const PUBLIC_FILES = ["service.ts", "export-section.ts"];
const PUBLIC_EXCEPTIONS = new Set(["accounts/schema.ts", "accounts/columns.ts"]);
const isTestSupport = (file: string) => file.endsWith(".test.ts") || file === "test-helpers.ts";

type Edge = { from: string; file: string; to: string; target: string };

function crossModuleImports(): Edge[] {
  const edges: Edge[] = [];
  for (const module of readdirSync(MODULES_DIR, { withFileTypes: true })) {
    if (!module.isDirectory()) continue;
    for (const file of readdirSync(join(MODULES_DIR, module.name))) {
      if (!file.endsWith(".ts") || isTestSupport(file)) continue;
      const source = readFileSync(join(MODULES_DIR, module.name, file), "utf8");
      for (const match of source.matchAll(/\bfrom\s+"\.\.\/([a-z-]+)\/([^"]+)"/g)) {
        edges.push({ from: module.name, file, to: match[1]!, target: match[2]! });
      }
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
      (e) => !PUBLIC_FILES.includes(e.target) && !PUBLIC_EXCEPTIONS.has(`${e.to}/${e.target}`),
    );
    expect(private_.map((e) => `${e.from}/${e.file} imports ${e.to}/${e.target}`)).toEqual([]);
  });

  it("has no import cycle between modules", () => {
    expect(edges.length).toBeGreaterThan(5);
    expect(findCycle(edges)).toBeNull();
  });

  it("would see a cycle", () => {
    const edge = (from: string, to: string): Edge => ({ from, file: "service.ts", to, target: "service.ts" });
    expect(findCycle([edge("a", "b"), edge("b", "c"), edge("c", "a")])).toBe("a → b → c → a");
  });
});
