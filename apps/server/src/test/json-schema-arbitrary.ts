import fc from "fast-check";

/**
 * A small JSON Schema → fast-check converter for the fuzz test: the subset the app's OpenAPI document
 * uses (type, enum, const, format, pattern, minLength/maxLength, minimum/maximum, items, required,
 * properties, additionalProperties, anyOf/oneOf/allOf; OpenAPI 3.0's `nullable` becomes anyOf first, in
 * openapi-schema.ts). `validArbitrary` aims at values the schema accepts, `invalidArbitrary` at values it
 * refuses (wrong types, missing required fields, oversized strings, out-of-range numbers, extra junk
 * keys…). Callers should still classify each value with a real validator (ajv): the generators aim, the
 * validator decides.
 */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  [keyword: string]: unknown;
};

/** Known values for a location ("body.username", "path.id", "body.responses[]"), mixed into generation. */
export type Hints = (location: string) => fc.Arbitrary<unknown> | undefined;
export type GenOptions = { hints?: Hints; location?: string };

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === "string") return [schema.type];
  if (schema.properties || schema.required) return ["object"];
  if (schema.items) return ["array"];
  return [];
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

const printableAscii = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
/** Single code points that tend to break things: accents, CJK, astral emoji, zero-width, bidi, quotes, NUL. */
export const TRICKY_CHARS = [
  "é",
  "ß",
  "Ω",
  "日",
  "😀",
  "𝟘",
  "١",
  "\u200b",
  "\u202e",
  "\u00a0",
  "\ufeff",
  "\t",
  "\n",
  "'",
  '"',
  "\\",
  "<",
  "%",
  "/",
  "\u0000",
  "\u0007",
];
/** One code point per unit, so fast-check's lengths match JSON Schema's (which counts code points). */
export const codePoint: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: printableAscii, weight: 12 },
  { arbitrary: fc.constantFrom(...TRICKY_CHARS), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), weight: 1 },
);
/** Letters only: oversized strings that no `.trim()` can bring back under a limit. */
const solidChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789é日😀");

const MAX_GENERATED_STRING = 2_000;
const MAX_GENERATED_ITEMS = 8;

export function validArbitrary(schema: JsonSchema, options: GenOptions = {}): fc.Arbitrary<unknown> {
  const location = options.location ?? "";
  const base = validBase(schema, { ...options, location });
  const hint = options.hints?.(location);
  return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: base, weight: 1 }) : base;
}

function validBase(schema: JsonSchema, options: GenOptions): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => validBase(branch, options)));
  if (schema.allOf) return validBase(Object.assign({}, ...schema.allOf), options);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validBase({ ...schema, type }, options)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return integerArbitrary(schema);
    case "number":
      return fc.oneof(integerArbitrary(schema), numberArbitrary(schema));
    case "string":
      return stringArbitrary(schema);
    case "array":
      return arrayArbitrary(schema, options);
    case "object":
      return objectArbitrary(schema, options);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function bounds(schema: JsonSchema, integer: boolean) {
  let min = typeof schema.minimum === "number" ? schema.minimum : undefined;
  let max = typeof schema.maximum === "number" ? schema.maximum : undefined;
  const step = integer ? 1 : Number.EPSILON;
  if (typeof schema.exclusiveMinimum === "number") min = Math.max(min ?? -Infinity, schema.exclusiveMinimum + step);
  if (typeof schema.exclusiveMaximum === "number") max = Math.min(max ?? Infinity, schema.exclusiveMaximum - step);
  return { min, max };
}

function integerArbitrary(schema: JsonSchema) {
  const { min, max } = bounds(schema, true);
  const lo = Math.ceil(Math.max(min ?? -(2 ** 31), Number.MIN_SAFE_INTEGER));
  const hi = Math.floor(Math.min(max ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER));
  return fc.oneof(
    { arbitrary: fc.integer({ min: lo, max: hi }), weight: 4 },
    { arbitrary: fc.constantFrom(lo, hi), weight: 1 },
  );
}

function numberArbitrary(schema: JsonSchema) {
  const { min, max } = bounds(schema, false);
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

function lengthBounds(schema: JsonSchema) {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, MAX_GENERATED_STRING));
  return { min, max };
}

const within = (min: number, max: number) => (s: string) => {
  const length = [...s].length;
  return length >= min && length <= max;
};

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(schema);
  const limit = schema.maxLength ?? Number.MAX_SAFE_INTEGER;
  switch (schema.format) {
    case "uri":
    case "url":
      return fc
        .webUrl({ validSchemes: ["https", "http"], withQueryParameters: true, withFragments: true })
        .filter(within(min, limit));
    case "email":
      return fc.emailAddress().filter(within(min, limit));
    case "date-time":
      return fc
        .date({ min: new Date(0), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "date":
      return fc
        .date({ min: new Date(0), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "uuid":
      return fc.uuid();
  }
  if (schema.pattern) return patternArbitrary(schema.pattern, min, max);
  const exact = [min, max].map((n) => fc.string({ unit: codePoint, minLength: n, maxLength: n }));
  return fc.oneof(
    { arbitrary: fc.string({ unit: codePoint, minLength: min, maxLength: max }), weight: 6 },
    { arbitrary: fc.oneof(...exact), weight: 1 },
  );
}

/** `^[class]+$`-style patterns get their length bounds folded in; anything else is generated and filtered. */
function patternArbitrary(pattern: string, min: number, max: number): fc.Arbitrary<string> {
  const simple = pattern.match(/^\^(\[[^\]]+\]|\\d|\\w)([+*])\$$/);
  if (simple) {
    const lo = Math.max(min, simple[2] === "+" ? 1 : 0);
    return fc.stringMatching(new RegExp(`^${simple[1]}{${lo},${Math.max(lo, max)}}$`));
  }
  return fc.stringMatching(new RegExp(pattern)).filter(within(min, max));
}

function arrayArbitrary(schema: JsonSchema, options: GenOptions) {
  const items = schema.items ?? {};
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, 50));
  const item = validArbitrary(items, { ...options, location: `${options.location}[]` });
  return schema.uniqueItems
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(item, { minLength, maxLength });
}

function objectArbitrary(schema: JsonSchema, options: GenOptions): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    model[key] = validArbitrary(property, { ...options, location: join(options.location, key) });
  }
  for (const key of required) model[key] ??= fc.jsonValue({ maxDepth: 1 });
  if (Object.keys(model).length === 0) {
    return schema.additionalProperties === false
      ? fc.constant({})
      : fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  }
  return fc.record(model, { requiredKeys: required.filter((k) => k in model) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

const join = (location: string | undefined, key: string) => (location ? `${location}.${key}` : key);

/** Values of every JSON type, some hostile (prototype keys, operator objects, huge numbers). */
export const GARBAGE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53,
  "",
  " ",
  "text",
  "💥",
  "\u0000",
  "null",
  "[object Object]",
  [],
  [null],
  ["a", 1],
  {},
  { $ne: null },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
];

/** Keys a client might try to smuggle in (mass assignment) or that upset naive code. */
export const JUNK_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "role",
  "xp",
  "neonbits",
  "has_access",
  "accessGranted",
  "isAdmin",
  "email",
  "user_id",
  "userId",
  "id",
  "$where",
  "",
  "😀",
];

function wrongTypeArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = new Set(typesOf(schema));
  if (allowed.has("number")) allowed.add("integer");
  const candidates = GARBAGE_VALUES.filter((v) => allowed.size === 0 || !allowed.has(jsonType(v)));
  return fc.constantFrom(...(candidates.length ? candidates : GARBAGE_VALUES));
}

function setKey(target: Record<string, unknown>, key: string, value: unknown) {
  // defineProperty so "__proto__" becomes an own (serialised) key instead of changing the prototype.
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

function oversized(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.string({ unit: solidChar, minLength: max + 1, maxLength: max + 20 }), weight: 4 },
    {
      // Far over the limit (at most 200,000 characters; just over a limit that is itself above that).
      arbitrary: fc
        .integer({ min: Math.max(Math.min(max * 10, 200_000), 10_000, max + 1), max: Math.max(200_000, max + 1) })
        .map((n) => "x".repeat(n)),
      weight: 1,
    },
  );
}

/** Values meant to violate `schema` somewhere (classify with a validator: a few may still be accepted). */
export function invalidArbitrary(schema: JsonSchema, options: GenOptions = {}): fc.Arbitrary<unknown> {
  const location = options.location ?? "";
  const strategies: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: wrongTypeArbitrary(schema), weight: 2 }];
  const add = (arbitrary: fc.Arbitrary<unknown>, weight = 2) => strategies.push({ arbitrary, weight });
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    // A value no branch accepts: break the first non-null branch (others are checked by the validator).
    const target = branches.find((b) => b.type !== "null") ?? branches[0];
    if (target) add(invalidArbitrary(target, options), 3);
  }
  if (schema.enum || "const" in schema) {
    const known = schema.enum ?? [schema.const];
    add(
      fc.oneof(fc.constant("not-one-of-these"), fc.string({ maxLength: 12 })).filter((v) => !known.includes(v)),
      3,
    );
  }
  const types = typesOf(schema);
  if (types.includes("string") && !schema.enum) {
    if (schema.maxLength !== undefined) add(oversized(schema.maxLength), 3);
    if (schema.minLength) add(fc.string({ unit: solidChar, maxLength: schema.minLength - 1 }));
    if (schema.pattern) add(fc.constantFrom("UPPER CASE", "with space", "ünïcödé", "semi;colon", "😀😀😀", "a/b"));
    if (schema.format) add(fc.constantFrom(`not a ${schema.format}`, "javascript:alert(1)", "http://", "::", "@"));
  }
  if (types.includes("integer") || types.includes("number")) {
    const { min, max } = bounds(schema, types.includes("integer") && !types.includes("number"));
    if (min !== undefined && min > Number.MIN_SAFE_INTEGER)
      add(fc.integer({ min: 1, max: 1_000_000 }).map((d) => min - d));
    if (max !== undefined && max < Number.MAX_SAFE_INTEGER)
      add(fc.integer({ min: 1, max: 1_000_000 }).map((d) => max + d));
    if (!types.includes("number")) add(fc.integer({ min: -1000, max: 1000 }).map((n) => n + 0.5));
    add(fc.constantFrom(1e308, -1e308, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1), 1);
  }
  if (types.includes("array")) {
    const valid = arrayArbitrary(schema, { ...options, location }) as fc.Arbitrary<unknown[]>;
    if (schema.maxItems !== undefined) {
      const item = validArbitrary(schema.items ?? {}, { ...options, location: `${location}[]` });
      add(fc.array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 5 }));
    }
    if (schema.minItems) add(fc.constant([]));
    if (schema.items) {
      const badItem = invalidArbitrary(schema.items, { ...options, location: `${location}[]` });
      add(
        fc
          .tuple(valid, badItem, fc.nat())
          .map(([items, bad, at]) => (items.length ? items.map((v, i) => (i === at % items.length ? bad : v)) : [bad])),
      );
    }
  }
  if (types.includes("object")) {
    const valid = objectArbitrary(schema, { ...options, location });
    const required = schema.required ?? [];
    if (required.length) {
      add(
        fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
          const copy = { ...value };
          delete copy[key];
          return copy;
        }),
        3,
      );
    }
    const entries = Object.entries(schema.properties ?? {});
    if (entries.length) {
      const broken = entries.map(([key, property]) =>
        fc
          .tuple(valid, invalidArbitrary(property, { ...options, location: join(location, key) }))
          .map(([value, bad]) => setKey({ ...value }, key, bad)),
      );
      add(fc.oneof(...broken), 4);
    }
    if (schema.additionalProperties === false) {
      add(
        fc
          .tuple(valid, fc.oneof(fc.constantFrom(...JUNK_KEYS), fc.string({ minLength: 1, maxLength: 12 })))
          .filter(([, key]) => !(key in (schema.properties ?? {})))
          .chain(([value, key]) => fc.jsonValue({ maxDepth: 2 }).map((junk) => setKey({ ...value }, key, junk))),
      );
    }
  }
  return fc.oneof(...strategies);
}
