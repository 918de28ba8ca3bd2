// Zod probes `new Function` for a faster object parser when it builds its first object schema, and the CSP
// (script-src 'self') reports that probe. Zod keeps its config in this global (shared by every copy of
// it), so the app's entry turns the probe off before any module builds a schema, without loading zod.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
