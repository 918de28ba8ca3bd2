/**
 * Import-graph rules checked in CI (`npm run check:structure`): no cycles in the server, the web app or shared;
 * a web feature reaches another only through its index.ts; a server module does not import another's tables.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules import each other in one direction only (docs/architecture.md).",
      from: {},
      // Type-only imports count too: a cycle of types still ties the files together for a reader.
      to: { circular: true },
    },
    {
      name: "feature-through-index",
      severity: "error",
      comment:
        "A web feature uses another feature only through that feature's index.ts; what several features share lives in components/ or lib/ (docs/architecture.md).",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: {
        path: "^apps/web/src/features/[^/]+/",
        pathNot: ["^apps/web/src/features/$1/", "^apps/web/src/features/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "module-owns-its-tables",
      severity: "error",
      comment:
        "A server module reads and writes another module's tables through that module's service, not its schema.ts; identity's users table (accounts/schema.ts, accounts/columns.ts) is every module's foreign-key target. Tests and test helpers may reach anywhere.",
      from: {
        path: "^apps/server/src/modules/([^/]+)/",
        pathNot: ["\\.test\\.ts$", "(^|/)test-helpers\\.ts$", "(^|/)(test|testing)/"],
      },
      to: {
        // A module's own schema.ts, or its parts' (modules/<m>/<part>/schema.ts).
        path: ["^apps/server/src/modules/[^/]+/schema\\.ts$", "^apps/server/src/modules/[^/]+/[^/]+/schema\\.ts$"],
        pathNot: ["^apps/server/src/modules/$1/", "^apps/server/src/modules/identity/accounts/(schema|columns)\\.ts$"],
      },
    },
    {
      name: "tables-through-modules",
      severity: "error",
      comment:
        "Outside the modules (auth, the CLIs, the content import, the demo content …) the server reaches a module's tables through its service, never its schema.ts; identity's accounts tables (Better Auth's) aside. The schema barrel (db/), tests and test helpers may.",
      from: {
        path: "^apps/server/src/",
        pathNot: ["^apps/server/src/(modules|db)/", "\\.test\\.ts$", "(^|/)test-helpers\\.ts$", "(^|/)(test|testing)/"],
      },
      to: {
        path: ["^apps/server/src/modules/[^/]+/schema\\.ts$", "^apps/server/src/modules/[^/]+/[^/]+/schema\\.ts$"],
        pathNot: ["^apps/server/src/modules/identity/accounts/(schema|columns)\\.ts$"],
      },
    },
  ],
  options: {
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    // Tests are left out, but for the web features': feature-through-index holds for them too.
    exclude: { path: ["node_modules", "dist", "^(?!apps/web/src/features/).*\\.test\\.tsx?$"] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
