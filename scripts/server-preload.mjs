// Loaded before the server's code (scripts/serve.mjs; the memory and soak benches pass it with --import):
// two start-up costs of Node's ES module loader, measured with --cpu-prof (docs/decisions/023, bench/README.md).
import module from "node:module";
import { statSync } from "node:fs";
import { dirname, extname } from "node:path";
import { fileURLToPath } from "node:url";
import { packageType } from "./package-type.mjs";

// 1. V8's compiled code and the stripped TypeScript are kept on disk (os.tmpdir()/node-compile-cache; Node
//    checks each entry against the source's hash): a restart does not compile ~1,700 modules again.
module.enableCompileCache?.();

// 2. For every `.js` file it imports, Node looks up the type of the package it lies in and hands the whole
//    parsed package.json from C++ to JavaScript each time. drizzle-orm's package.json is 179 KB (its exports
//    map) and 112 of its modules load: ~1 s of CPU and ~170 MB of garbage at start. Relative imports inside
//    a package are resolved here instead, with each package's "type" read once; everything else, and any
//    file that does not exist, goes to Node's own resolver.
const FORMAT = { ".mjs": "module", ".cjs": "commonjs" };
module.registerHooks?.({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      (specifier.startsWith("./") || specifier.startsWith("../")) &&
      parent?.startsWith("file:") &&
      parent.includes("/node_modules/") &&
      context.conditions?.includes("import")
    ) {
      const url = new URL(specifier, parent);
      const ext = extname(url.pathname);
      if (ext === ".js" || ext in FORMAT) {
        const path = fileURLToPath(url);
        if (!statSync(path, { throwIfNoEntry: false })?.isFile()) return nextResolve(specifier, context);
        const format = FORMAT[ext] ?? (packageType(dirname(path)) === "module" ? "module" : "commonjs");
        return { url: url.href, format, shortCircuit: true };
      }
    }
    return nextResolve(specifier, context);
  },
});
