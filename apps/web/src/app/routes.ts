// The route table is plain data in lib/ (navigation in components/ reads which pages exist from it); the app,
// the build and the tests read it through this module.
export * from "../lib/route-table.ts";
