/** Import-graph rules checked in CI (`npm run check:structure`): no cycles in the server, the web app or shared. */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules import each other in one direction only (docs/architecture.md).",
      from: {},
      // Type-only imports vanish at run time; a cycle needs a real import all the way round.
      to: { circular: true, dependencyTypesNot: ["type-only"], viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "dist", "\\.test\\.tsx?$"] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
