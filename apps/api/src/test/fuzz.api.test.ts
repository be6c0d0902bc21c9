import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { queryRows, type Database } from '../db/client.ts';
import { openTestDatabase, tempDataDir } from './databases.ts';
import { fuzzObject, fuzzValue, oddJson, oddString, resolve, type JsonSchema } from './fuzz.ts';
import { AUTH_SECRET } from './harness.ts';
import { startFakePaystack, type FakePaystack } from './fake-paystack.ts';

/**
 * Issue 13, "Tests that keep this true": every operation in the OpenAPI document, fuzzed with malformed
 * path parameters, queries, JSON bodies and raw bodies of the wrong content type, by a caller allowed
 * to reach it (and sometimes none). No answer may be 5xx, and every refusal is JSON with a message.
 *
 * Reproducible: the seed is fixed (FUZZ_SEED overrides it); FUZZ_RUNS raises the runs per operation;
 * FUZZ_SHRINK=1 shrinks a failure to its smallest counterexample (slower); FUZZ_VERBOSE=1 prints the
 * answers per operation. Its own app, built like
 * harness.ts's createTestApp but with a logger, so a 500's server-side error is reported with it.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SHRINK = process.env.FUZZ_SHRINK === '1';

type Caller = 'customer' | 'supplier' | 'pharmacist' | 'platform' | 'anonymous';
const ACCOUNTS = {
  customer: 'buyer@accracare.demo',
  supplier: 'admin@tema-pharma.demo',
  // Tema's Pharmacist: the only one who signs off controlled drugs (Admins do not).
  pharmacist: 'pharmacist@tema-pharma.demo',
  platform: 'admin@aduro.demo',
} as const;
const SIGNED_IN = ['customer', 'supplier', 'pharmacist', 'platform'] as const;

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface FuzzRequest {
  caller: Caller;
  remoteAddress: string;
  params: Record<string, { value: string; raw: boolean }>;
  query: string;
  headers: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; contentType: string | undefined; payload: string };
}

/** Content-Dispositions that name no field: a field, a file, an empty name (issue 30: these answered 500). */
const UNNAMED_DISPOSITIONS = [
  'form-data',
  'form-data; filename="licence.pdf"',
  'form-data; name=""',
  'form-data; name',
  'attachment; filename="licence.pdf"',
];
const unnamedPart = (disposition: string, value: string) =>
  `--xyz\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n`;

const RAW_SEGMENTS = ['..', '.', '%', '%00', '%zz', '%2e%2e', '%2F', '~', '%C0%AE'];

const RAW_BODIES = fc.oneof(
  fc.record({ contentType: fc.constant('text/plain'), payload: oddString }),
  fc.record({
    contentType: fc.constant('application/json'),
    payload: fc.constantFrom(
      '',
      '{',
      '{"a":',
      "{'a':1}",
      '[1,2',
      'null',
      '"str"',
      '1e999',
      '{"a":1}}',
      '\u0000',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '['.repeat(5000),
    ),
  }),
  fc.record({
    contentType: fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=xyz',
    ),
    payload: fc.constantFrom(
      '',
      '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c',
      'junk',
    ),
  }),
  // Well-formed boundaries around forms that are cut off, repeat fields, or carry NUL bytes and files.
  fc.record({
    contentType: fc.constant('multipart/form-data; boundary=xyz'),
    payload: fc
      .array(
        fc.oneof(
          fc
            .tuple(
              fc.constantFrom(
                'email',
                'password',
                'name',
                'userType',
                'businessName',
                'approverEmails',
                'x',
                'licenceKind',
                'licenceNumber',
                'licenceExpiresOn',
              ),
              fc.oneof(oddString, fc.constantFrom('supplier', 'customer', 'owner@fuzz.test', 'secret123')),
            )
            .map(
              ([name, value]) =>
                `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
            ),
          fc
            .tuple(
              fc.constantFrom('licence.pdf', 'a\u0000.pdf', '../../x.pdf', ''),
              oddString,
              fc.constantFrom('licence', 'licenceDocument', 'licensureDocument'),
            )
            .map(
              ([file, content, field]) =>
                `--xyz\r\nContent-Disposition: form-data; name="${field}"; filename="${file}"\r\n` +
                `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n${content}\r\n`,
            ),
          fc
            .tuple(fc.constantFrom(...UNNAMED_DISPOSITIONS), oddString)
            .map(([disposition, value]) => unnamedPart(disposition, value)),
        ),
        { maxLength: 6 },
      )
      .chain((parts) =>
        fc
          .oneof(fc.constant('--xyz--\r\n'), fc.constant(''), fc.constant('--xy'))
          .map((end) => parts.join('') + end),
      ),
  }),
  fc.record({
    contentType: fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=utf-16',
      'application/json; charset=nonsense',
      'application/octet-stream',
      '',
      'x/y; ;;',
    ),
    payload: fc.oneof(oddString, fc.constant('email=a%40b.c&password=x')),
  }),
  fc.record({ contentType: fc.constant(undefined), payload: oddString }),
);

/** encodeURIComponent, with lone surrogates (not encodable in UTF-8) sent as U+FFFD as a client would. */
function enc(value: string): string {
  return encodeURIComponent(value.replace(/\p{Cs}/gu, '\uFFFD'));
}

/**
 * Who is allowed to reach an operation, judged from its tag and path: that
 * caller most of the time, so requests get past the guards, and anyone else, anonymous included,
 * sometimes.
 */
function allowedCallers(op: Operation): Caller[] {
  const tag = op.tags?.[0];
  if (tag === 'admin') return ['platform'];
  if (op.path.startsWith('/api/org/licence-record')) return ['customer'];
  // Platform routes of other domains (compliance's PATCH /api/admin/products/{id}).
  if (op.path.startsWith('/api/admin/')) return ['platform'];
  if (tag === 'inventory' || tag === 'suppliers' || tag === 'staff') return ['supplier'];
  if (tag === 'marketplace' || tag === 'cart' || tag === 'analytics') return ['customer'];
  // Requests for quotation: the buyer sends, closes, cancels and awards; a supplier quotes, withdraws
  // and declines; both read.
  if (tag === 'rfqs') {
    if (op.method === 'GET') return ['customer', 'supplier'];
    return /\/(quote|decline)$/.test(op.path) ? ['supplier'] : ['customer'];
  }
  // Returns: the buyer asks; the supplier decides, receives, inspects and keeps the destruction
  // register; both read a return and its credit note.
  if (tag === 'returns') {
    if (op.method === 'POST') return op.path === '/api/returns' ? ['customer'] : ['supplier'];
    return op.path === '/api/returns/destructions.csv' ? ['supplier'] : ['customer', 'supplier'];
  }
  // Mobile money: the buyer pays and sends codes; both parties read; Paystack (no session) calls the webhook.
  if (tag === 'payments') {
    if (op.path === '/api/payments/paystack/webhook') return ['anonymous'];
    return op.method === 'POST' ? ['customer'] : ['customer', 'supplier'];
  }
  if (op.method === 'POST' && op.path === '/api/products') return ['supplier'];
  if (op.path.endsWith('/controlled-signoff')) return ['pharmacist'];
  if (op.path.startsWith('/api/controlled-register')) return ['pharmacist', 'supplier', 'platform'];
  if (op.method === 'POST' && (op.path === '/api/orders' || op.path === '/api/credit/applications'))
    return ['customer'];
  if (/\/(approve|reject|risk)$|\/drops\//.test(op.path)) return ['supplier'];
  return ['customer', 'supplier'];
}

function callersFor(op: Operation): fc.Arbitrary<Caller> {
  const allowed = allowedCallers(op);
  return fc.oneof(
    // fast-check takes whole weights only (three allowed callers would give 8 / 3).
    ...allowed.map((caller) => ({
      weight: Math.max(1, Math.round(8 / allowed.length)),
      arbitrary: fc.constant<Caller>(caller),
    })),
    ...([...SIGNED_IN, 'anonymous'] as const)
      .filter((caller) => !allowed.includes(caller))
      .map((caller) => ({ weight: 1, arbitrary: fc.constant<Caller>(caller) })),
  );
}

function requestFor(
  op: Operation,
  components: Record<string, JsonSchema>,
  ids: string[],
): fc.Arbitrary<FuzzRequest> {
  const parameters = op.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const headerParams = parameters.filter((p) => p.in === 'header');

  const paramValue = fc.oneof(
    { weight: 3, arbitrary: oddString.map((value) => ({ value, raw: false })) },
    { weight: 2, arbitrary: fc.constantFrom(...ids).map((value) => ({ value, raw: false })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((value) => ({ value, raw: true })) },
  );
  const params = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, paramValue])));

  const queryValue = (schema?: JsonSchema) =>
    fc.oneof(
      fuzzValue(schema, components, ids).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      fc.constantFrom('NaN', '-1', '1e308', '-0', '', '[]', 'true', '1.5', '99999999999999999999'),
    );
  const queryPair = (name: string, schema?: JsonSchema) =>
    fc
      .array(queryValue(schema), { minLength: 1, maxLength: 3 }) // a repeated key arrives as an array
      .map((values) => values.map((v) => `${enc(name)}=${enc(v)}`));
  const query = fc
    .tuple(
      fc.tuple(...queryParams.map((p) => fc.option(queryPair(p.name, p.schema), { nil: [] }))),
      fc.option(fc.array(fc.tuple(oddString, oddString), { maxLength: 3 }), { nil: [] }),
      fc.option(
        fc.constantFrom('a[b]=1&a[c]=2', '&&&', '=x', 'x', 'a=%zz', 'limit[]=1', '%00=%00', 'q=%E0%A4%A'),
        { nil: undefined },
      ),
    )
    .map(([declared, extra, raw]) =>
      [...declared.flat(), ...extra.map(([k, v]) => `${enc(k)}=${enc(v)}`), ...(raw ? [raw] : [])].join('&'),
    );

  const headers = fc
    .tuple(
      ...headerParams.map((p) =>
        fc.option(
          oddString.map((v) => [p.name, v] as const),
          { nil: undefined },
        ),
      ),
    )
    .map((pairs) => Object.fromEntries(pairs.filter((p) => p !== undefined)));

  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const resolved = resolve(jsonSchema, components);
  const jsonBody = resolved.properties
    ? fc.oneof(
        { weight: 4, arbitrary: fuzzObject(resolved, components, ids) },
        { weight: 1, arbitrary: oddJson },
      )
    : oddJson;
  const body = fc.oneof(
    { weight: op.requestBody ? 1 : 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: op.requestBody ? 5 : 1,
      arbitrary: jsonBody.map((value) => ({ kind: 'json' as const, value })),
    },
    { weight: 2, arbitrary: RAW_BODIES.map((raw) => ({ kind: 'raw' as const, ...raw })) },
  );

  return fc.record({
    caller: callersFor(op),
    remoteAddress: fc.ipV4(),
    params,
    query,
    headers,
    body,
  });
}

function toInject(op: Operation, req: FuzzRequest, tokens: Record<string, string>): InjectOptions {
  const url =
    op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const p = req.params[name]!;
      return p.raw ? p.value : enc(p.value);
    }) + (req.query ? `?${req.query}` : '');
  const headers: Record<string, string> = { ...req.headers };
  if (req.caller !== 'anonymous') headers.authorization = tokens[req.caller]!;
  const options: InjectOptions = {
    method: op.method as InjectOptions['method'],
    url,
    remoteAddress: req.remoteAddress,
    headers,
  };
  if (req.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(req.body.value) ?? 'null';
  } else if (req.body.kind === 'raw') {
    if (req.body.contentType !== undefined) headers['content-type'] = req.body.contentType;
    options.payload = req.body.payload;
  }
  return options;
}

/** A request as a person would read it in a failure report, long strings cut down. */
function describeRequest(options: InjectOptions, caller: Caller): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  const headers = { ...(options.headers as Record<string, string>) };
  if (headers.authorization) headers.authorization = `<${caller} token>`;
  return `${options.method} ${cut(String(options.url))} headers=${cut(JSON.stringify(headers))} body=${cut(
    typeof options.payload === 'string' ? JSON.stringify(options.payload) : 'none',
  )}`;
}

let app: FastifyInstance;
let database: Database;
// A local Paystack, so the mobile money operations get past "not set up" to the charge, and the
// webhook to its signature check.
let paystack: FakePaystack;
let dataDir: string;
const logLines: string[] = [];
const tokens: Record<string, string> = {};
let ids: string[] = [];

async function login(caller: Exclude<Caller, 'anonymous'>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: {
      email: ACCOUNTS[caller],
      password: 'demo1234',
      userType: caller === 'pharmacist' ? 'supplier' : caller,
    },
  });
  if (res.statusCode !== 200) throw new Error(`login ${caller} failed: ${res.statusCode} ${res.body}`);
  tokens[caller] = `Bearer ${res.json().accessToken as string}`;
}

/** A fuzzed write may remove or deactivate a caller; sign in again so later operations are reached. */
async function keepSignedIn() {
  for (const caller of SIGNED_IN) {
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: tokens[caller]! },
    });
    if (me.statusCode !== 200) await login(caller);
  }
}

beforeAll(async () => {
  database = await openTestDatabase({
    pglitePath: inject('pgliteTemplatePath'),
    postgres: inject('postgresTemplate'),
  });
  dataDir = tempDataDir();
  paystack = await startFakePaystack();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET,
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
  });
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({
    config,
    database,
    logger: { level: 'error', stream },
    loginLimits: { perEmail: 100_000, perAddress: 100_000 },
  });
  await app.ready();
  for (const caller of SIGNED_IN) await login(caller);

  // Real ids from every table keyed by a uuid, so some requests name things that exist. The callers'
  // own organisations and accounts are left out: deactivating them would lock the fuzz out.
  const mine = new Set<string>();
  for (const caller of SIGNED_IN) {
    const me = (
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: tokens[caller]! } })
    ).json();
    for (const value of Object.values<unknown>(me.user ?? me)) if (typeof value === 'string') mine.add(value);
    for (const value of Object.values<unknown>(me.organization ?? {}))
      if (typeof value === 'string') mine.add(value);
  }
  const tables = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'id' and data_type = 'uuid' order by table_name`,
  );
  for (const { table_name } of tables) {
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql.raw(`select id from "${table_name}" order by id limit 4`),
    );
    ids.push(...rows.map((r) => r.id).filter((id) => !mine.has(id)));
  }
  ids = [...new Set(ids)];
  fc.configureGlobal({ seed: SEED });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await paystack?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('answers malformed input to every operation with a 4xx JSON message, never 5xx', async () => {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const components = doc.components?.schemas ?? {};
  const operations: Operation[] = Object.entries(doc.paths)
    .filter(([p]) => !p.startsWith('/api/docs'))
    .flatMap(([p, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ ...op, method: method.toUpperCase(), path: p })),
    );
  expect(operations.length).toBeGreaterThan(40);

  const failures: string[] = [];
  let requests = 0;
  const statuses = new Map<number, number>();
  const verbose = process.env.FUZZ_VERBOSE === '1';
  const started = performance.now();
  for (const op of operations) {
    const stream = op.method === 'GET' && op.path === '/api/events';
    const answered: Record<number, number> = {};
    const count = (status: number) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      answered[status] = (answered[status] ?? 0) + 1;
    };
    const result = await fc.check(
      fc.asyncProperty(requestFor(op, components, ids), async (req) => {
        const options = toInject(op, req, tokens);
        requests++;
        const logStart = logLines.length;
        let status: number;
        let body: string;
        if (stream) {
          // The event stream never ends by itself: read the status, then let it go (app.close ends it).
          const res = await app.inject({ ...options, payloadAsStream: true });
          status = res.statusCode;
          if (status === 200) {
            count(status);
            res.stream().destroy();
            return;
          }
          const chunks: Buffer[] = [];
          for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
          body = Buffer.concat(chunks).toString();
        } else {
          const res = await app.inject(options);
          status = res.statusCode;
          body = res.body;
        }
        count(status);
        const problem =
          status >= 500
            ? `answered ${status}`
            : status >= 400 && !hasMessage(body)
              ? `answered ${status} without a JSON message`
              : undefined;
        if (problem) {
          const logged = logLines
            .slice(logStart)
            .map((l) => JSON.parse(l) as { msg?: string; err?: { message?: string; stack?: string } })
            .map((l) => `${l.msg}: ${l.err?.message ?? ''}`)
            .join(' | ');
          throw new Error(
            `${problem}: ${body.slice(0, 300)}\n    request: ${describeRequest(options, req.caller)}\n    server: ${logged || '(nothing logged)'}`,
          );
        }
      }),
      { numRuns: RUNS, endOnFailure: !SHRINK },
    );
    if (verbose) console.info(`${op.method} ${op.path} ${JSON.stringify(answered)}`);
    if (result.failed) {
      const reason =
        result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      failures.push(
        `${op.method} ${op.path} (seed ${result.seed}, path "${result.counterexamplePath}")\n  ${reason}` +
          `\n  counterexample: ${fc.stringify(result.counterexample).slice(0, 600)}`,
      );
    }
    await keepSignedIn();
  }
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `fuzz: ${operations.length} operations, ${requests} requests in ${seconds.toFixed(1)} s (seed ${SEED}, ${RUNS} runs each); answers ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
  );
  expect(failures, `\n${failures.join('\n\n')}`).toEqual([]);
}, 180_000);

it('answers a multipart part without a field name with 400 and a message, on every multipart operation', async () => {
  const doc = app.swagger() as unknown as OpenApiDocument;
  const multipart = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.requestBody?.content['multipart/form-data'])
      .map(([method]) => ({ method: method.toUpperCase() as InjectOptions['method'], path: p })),
  );
  expect(multipart.map((op) => `${op.method} ${op.path}`)).toEqual(
    expect.arrayContaining(['POST /api/auth/register', 'PUT /api/org/licence-record']),
  );
  const named = '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner@fuzz.test\r\n';
  const answers: string[] = [];
  for (const op of multipart) {
    // Each form is read for a caller who may send it: a supplier's stock file, a customer's licence.
    const member = op.path.startsWith('/api/inventory/') ? 'supplier' : 'customer';
    for (const caller of ['anonymous', member] as const) {
      for (const disposition of UNNAMED_DISPOSITIONS) {
        // Alone, and after a named field, with the form closed properly.
        for (const payload of [unnamedPart(disposition, 'x'), named + unnamedPart(disposition, 'x')]) {
          const res = await app.inject({
            method: op.method,
            url: op.path,
            headers: {
              'content-type': 'multipart/form-data; boundary=xyz',
              ...(caller === 'anonymous' ? {} : { authorization: tokens[caller]! }),
            },
            payload: `${payload}--xyz--\r\n`,
          });
          answers.push(
            `${op.method} ${op.path} ${caller} [${disposition}]: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
          // Only registration is open to anonymous callers; the others refuse them before the form.
          const open = caller !== 'anonymous' || op.path === '/api/auth/register';
          expect(res.statusCode, answers.at(-1)).toBe(open ? 400 : 401);
          expect(hasMessage(res.body), answers.at(-1)).toBe(true);
        }
      }
    }
  }
});

function hasMessage(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message.length > 0;
  } catch {
    return false;
  }
}
