// Generates TypeScript types (openapi-typescript) for an OpenAPI document: a document object or a JSON file,
// written to `out`. Used by the typed-client test (apps/server/src/test/openapi-client.test.ts) and runnable:
//   node packages/openapi-tools/generate.mjs <openapi.json> <out.d.ts>
import { readFileSync, writeFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";

/** The `paths` / `components` types of a document, as TypeScript source. */
export async function generateTypes(document) {
  return astToString(await openapiTS(document));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [input, out] = process.argv.slice(2);
  if (!input || !out) {
    console.error("Usage: node packages/openapi-tools/generate.mjs <openapi.json> <out.d.ts>");
    process.exit(1);
  }
  writeFileSync(out, await generateTypes(JSON.parse(readFileSync(input, "utf8"))));
}
