import type { JsonSchema } from "./json-schema-arbitrary.ts";

/** OpenAPI 3.0 schema → JSON Schema draft-07: `nullable` and boolean exclusiveMinimum/Maximum. */
export function normalizeOpenApiSchema(input: unknown): JsonSchema {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return input as JsonSchema;
  const { nullable, ...rest } = input as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, normalizeOpenApiSchema(v)]),
      );
    } else if ((key === "anyOf" || key === "oneOf" || key === "allOf") && Array.isArray(value)) {
      out[key] = value.map(normalizeOpenApiSchema);
    } else if ((key === "items" || key === "additionalProperties") && value && typeof value === "object") {
      out[key] = normalizeOpenApiSchema(value);
    } else {
      out[key] = value;
    }
  }
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof out[exclusive] === "boolean") {
      if (out[exclusive] && typeof out[bound] === "number") out[exclusive] = out[bound];
      else delete out[exclusive];
      if (out[exclusive] !== undefined) delete out[bound];
    }
  }
  return nullable ? { anyOf: [out, { type: "null" }] } : out;
}
