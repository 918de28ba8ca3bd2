import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inputsHash } from "./inputs-hash.mjs";

let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (path, text) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe("inputsHash", () => {
  it("changes with a file's content or a new file; not with dist, node_modules or skipped files", () => {
    root = mkdtempSync(join(tmpdir(), "inputs-hash-"));
    write("src/a.ts", "a");
    write("src/b/c.ts", "c");
    write("lock.json", "{}");
    const inputs = ["src", "lock.json", "missing"];
    const skipTests = (name) => name.endsWith(".test.ts");
    const before = inputsHash(root, inputs, skipTests);

    write("src/dist/x.js", "built");
    write("src/node_modules/y/index.js", "installed");
    write("src/a.test.ts", "a test");
    expect(inputsHash(root, inputs, skipTests)).toBe(before);
    expect(inputsHash(root, inputs)).not.toBe(before);

    write("src/b/c.ts", "changed");
    const changed = inputsHash(root, inputs, skipTests);
    expect(changed).not.toBe(before);
    write("src/b/d.ts", "");
    expect(inputsHash(root, inputs, skipTests)).not.toBe(changed);
  });
});
