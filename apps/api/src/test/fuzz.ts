import fc from 'fast-check';

/**
 * Arbitraries for the API fuzz test (fuzz.api.test.ts): malformed values, and bodies shaped after an
 * operation's OpenAPI schema with some fields broken, missing or extra, so requests get past the
 * first check some of the time and reach the handlers.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
};

/** Strings PostgreSQL, routers and parsers have tripped on. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '../',
  '../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '%',
  '%zz',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e308',
  '-0',
  '9'.repeat(400),
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "'; drop table users; --",
  '\ud800',
  '\uffff',
  '😀'.repeat(50),
  'ﷺ‮',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '123e4567-e89b-12d3-a456-426614174000',
  '123E4567-E89B-12D3-A456-426614174000',
  '123e4567e89b12d3a456426614174000',
  '{123e4567-e89b-12d3-a456-426614174000}',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  'a@b.c',
  'x'.repeat(10_000),
];

export const oddString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`) },
  { weight: 1, arbitrary: fc.integer({ min: 256, max: 70_000 }).map((n) => 'x'.repeat(n)) },
);

export const oddNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 63), 0.1, 1e-320),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, deep nesting included (an iterative guard must not overflow on it). */
export const oddJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 3000 }).map((depth) => {
      let v: unknown = 'deep';
      for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
      return v;
    }),
  },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20_000 }).map((n) => Array(n).fill(1)) },
);

export function resolve(schema: JsonSchema | undefined, components: Record<string, JsonSchema>): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) s = components[s.$ref.split('/').pop()!] ?? {};
  return s;
}

/** A value that fits the schema's type roughly (ids from the seeded data), the base to break from. */
function plausible(
  schema: JsonSchema | undefined,
  components: Record<string, JsonSchema>,
  ids: string[],
  depth: number,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alternatives?.length && depth < 4)
    return fc.oneof(...alternatives.map((a) => plausible(a, components, ids, depth + 1)));
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'uuid' && ids.length) return fc.constantFrom(...ids);
      if (s.format === 'email') return fc.constantFrom('fuzz@aduro-fuzz.test', 'buyer@accracare.demo');
      if (s.format === 'date-time') return fc.constantFrom('2026-01-01T00:00:00Z', '2026-13-01T00:00:00Z');
      if (s.format === 'date') return fc.constantFrom('2026-01-01', '2026-02-30');
      return fc.oneof(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(
          '10.00',
          '1',
          'abc',
          '+233 24 555 0000',
          'Accra',
          '1e308',
          '-0.00',
          '999999999999.99',
          '2026-02-30',
          '0000-00-00',
          '+275760-09-13',
          '2026-01-01T25:00:00Z',
          '1970-01-01',
          '9999-12-31',
          '2026-06-01',
        ),
      );
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(s.minimum ?? -5, -1000), max: Math.min(s.maximum ?? 1000, 1000) }),
        fc.constantFrom(s.maximum ?? 2 ** 31, s.minimum ?? -(2 ** 31), 2 ** 53 - 1),
      );
    case 'number':
      return fc.oneof(
        fc.integer({ min: 0, max: 1000 }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.constantFrom(s.maximum ?? 1e15, 0.005, 1e-7, -0),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(fuzzValue(s.items, components, ids, depth + 1), { maxLength: 4 });
    case 'object':
    default:
      if (!s.properties || depth > 4) return fc.oneof(fc.constant({}), fc.dictionary(oddString, oddJson));
      return fuzzObject(s, components, ids, depth + 1);
  }
}

/** Mostly plausible, sometimes broken: a wrong type or an odd value. */
export function fuzzValue(
  schema: JsonSchema | undefined,
  components: Record<string, JsonSchema>,
  ids: string[],
  depth = 0,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: plausible(schema, components, ids, depth) },
    { weight: 1, arbitrary: oddJson },
  );
}

/** The schema's object with each field kept, broken or left out, and sometimes an extra field. */
export function fuzzObject(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  ids: string[],
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const record = Object.fromEntries(props.map(([k, v]) => [k, fuzzValue(v, components, ids, depth)]));
  return fc
    .tuple(
      // Every field present half the time (so some requests pass validation), any left out otherwise.
      fc.oneof(fc.record(record), fc.record(record, { requiredKeys: [] })),
      fc.option(fc.dictionary(fc.oneof(oddString, fc.constant('__proto__')), oddJson, { maxKeys: 3 })),
    )
    .map(([base, extra]) => (extra ? { ...extra, ...base } : base));
}
