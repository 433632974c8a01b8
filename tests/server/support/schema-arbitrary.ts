// fast-check arbitraries from the JSON Schemas of the OpenAPI document's requests, for the schema
// fuzzer (api-fuzz.test.ts). Only the subset the document's parameters and bodies use: $ref, enum,
// anyOf, type (one or several), string lengths and a pattern, integer and number bounds, objects
// with required keys, arrays. The packaged generators are unmaintained (json-schema-fast-check is
// written for fast-check 1), and this subset is small.
//
// `valid` keeps to the schema; `fuzzed` mostly does, but sometimes steps just outside it (one past a
// length or a bound, a missing required key, another type) or sends a string shaped like what a
// server parses (dates, numbers, booleans): the inputs a validator or a parser gets wrong. Strings
// also come from a dictionary of values the server holds (ids, addresses, URLs): a rule the schema
// does not state (an address that decodes to 32 bytes, a record that exists) is met now and then.
import fc from "fast-check";

export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Finds the schema a `$ref` names (the document's `#/components/schemas/...`). */
export type Resolve = (ref: string) => Schema;

/** How long a string without a maxLength gets: enough to be interesting, short enough for a URL. */
const UNBOUNDED_LENGTH = 64;
/** How often a fuzzed value (or a field of one) is off its schema: one time in OFF_SCHEMA_ONE_IN. */
const OFF_SCHEMA_ONE_IN = 8;

/** Any text: mostly printable, sometimes with control characters or any code point (no lone surrogate halves). */
const text = (minLength = 0, maxLength = UNBOUNDED_LENGTH) =>
  fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength, unit: "grapheme" }), weight: 4 },
    { arbitrary: fc.string({ minLength, maxLength, unit: "binary-ascii" }), weight: 1 },
    { arbitrary: fc.string({ minLength, maxLength, unit: "binary" }), weight: 1 },
  );

const digits = (width: number) => fc.integer({ min: 0, max: 10 ** width - 1 }).map((n) => String(n).padStart(width, "0"));

/** Strings a server parses rather than stores: calendar dates (real and not), date-times, numbers, booleans. */
const parsedShapes: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(digits(4), digits(2), digits(2)).map(([y, m, d]) => `${y}-${m}-${d}`),
  fc
    .tuple(digits(4), digits(2), digits(2), digits(2), digits(2), fc.constantFrom("Z", "+02:00", "-13:30", ""))
    .map(([y, mo, d, h, mi, zone]) => `${y}-${mo}-${d}T${h}:${mi}:00${zone}`),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.oneof(fc.integer(), fc.double(), fc.constant(Number.MAX_SAFE_INTEGER + 2)).map(String),
  fc.constantFrom("true", "false", "null", "", " ", "-0", "1e999", "0x10", "%00"),
);

/** `dictionary`: strings the server holds, tried as any string value they fit. */
export function schemaArbitraries(resolve: Resolve, dictionary: readonly string[] = []) {
  const deref = (schema: Schema): Schema => (schema.$ref ? deref(resolve(schema.$ref)) : schema);

  function valid(input: Schema, offSchemaFields = false): fc.Arbitrary<unknown> {
    const schema = deref(input);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => valid(branch, offSchemaFields)));
    const types = [schema.type ?? []].flat();
    if (types.length === 0) return fc.jsonValue();
    return fc.oneof(...types.map((type) => ofType(type, schema, offSchemaFields)));
  }

  function ofType(type: string, schema: Schema, offSchemaFields: boolean): fc.Arbitrary<unknown> {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        return fc.integer({
          min: Math.max(schema.minimum ?? -(2 ** 31), Number.MIN_SAFE_INTEGER),
          max: Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER),
        });
      case "number":
        return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
      case "string": {
        const generated = schema.pattern ? patterned(schema) : text(schema.minLength, schema.maxLength ?? UNBOUNDED_LENGTH);
        const known = dictionary.filter((word) => fits(word, schema));
        return known.length ? fc.oneof(generated, fc.constantFrom(...known)) : generated;
      }
      case "array":
        return fc.array(valid(schema.items ?? {}, offSchemaFields), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        });
      case "object": {
        const properties = schema.properties ?? {};
        const field = (property: Schema) => (offSchemaFields ? fuzzed(property) : valid(property));
        const fields = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, field(property)]));
        return fc.record(fields, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
      }
      default:
        throw new Error(`schema-arbitrary: no generator for type ${type}`);
    }
  }

  const fits = (word: string, schema: Schema) =>
    [...word].length >= (schema.minLength ?? 0) &&
    [...word].length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, "u").test(word));

  /**
   * A pattern of one repeated unit (`^[...]+$`, the document's base58) with length bounds: the
   * repetition takes the bounds, so the strings fit both.
   */
  function patterned(schema: Schema): fc.Arbitrary<string> {
    const pattern = schema.pattern ?? "";
    const bounded = /^\^(\[[^\]]+\])\+\$$/.exec(pattern);
    const regex = bounded
      ? new RegExp(`^${bounded[1]}{${schema.minLength ?? 1},${schema.maxLength ?? UNBOUNDED_LENGTH}}$`)
      : new RegExp(pattern);
    return fc.stringMatching(regex);
  }

  /** Just outside the schema: one past a length or a bound, a required key missing, another type. */
  function offSchema(input: Schema): fc.Arbitrary<unknown> {
    const schema = deref(input);
    const near: fc.Arbitrary<unknown>[] = [fc.jsonValue({ maxDepth: 2 })];
    const types = [schema.type ?? []].flat();
    if (schema.enum) near.push(text(0, 16));
    if (types.includes("string")) {
      if (schema.maxLength !== undefined)
        near.push(text(schema.maxLength + 1, schema.maxLength + 3), fc.constant("x".repeat(schema.maxLength * 20)));
      if (schema.minLength) near.push(fc.constant(""), fc.constant(" ".repeat(schema.minLength)));
    }
    if (types.includes("integer") || types.includes("number")) {
      if (schema.minimum !== undefined) near.push(fc.constant(schema.minimum - 1));
      if (schema.maximum !== undefined) near.push(fc.constant(schema.maximum + 1));
      near.push(fc.constant(1.5), fc.constant(Number.MAX_SAFE_INTEGER + 2));
    }
    if (types.includes("object")) {
      const required = schema.required ?? [];
      if (required.length) {
        near.push(
          fc.tuple(valid(schema), fc.constantFrom(...required)).map(([value, key]) => {
            const copy = { ...(value as Record<string, unknown>) };
            delete copy[key];
            return copy;
          }),
        );
      }
      near.push(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }));
    }
    return fc.oneof(...near);
  }

  /** Mostly `valid` (with now and then a field off its schema), sometimes just outside it. */
  function fuzzed(schema: Schema): fc.Arbitrary<unknown> {
    return fc.oneof({ arbitrary: valid(schema, true), weight: OFF_SCHEMA_ONE_IN - 1 }, { arbitrary: offSchema(schema), weight: 1 });
  }

  /**
   * A query or path parameter as sent: text. Strings without a pattern or enum also come shaped as
   * what a server parses; an off-schema value is any text.
   */
  function parameter(input: Schema): fc.Arbitrary<string> {
    const schema = deref(input);
    const wire = (value: unknown) => (value === null ? "" : typeof value === "string" ? value : JSON.stringify(value));
    const freeText = [schema.type].flat().includes("string") && !schema.pattern && !schema.enum;
    return fc.oneof(
      { arbitrary: fuzzed(schema).map(wire), weight: OFF_SCHEMA_ONE_IN - 1 },
      { arbitrary: freeText ? parsedShapes : text(), weight: 1 },
    );
  }

  return { valid, fuzzed, parameter };
}
