import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Issue 33: the API document as integrators' tools read it. Linted from outside (Redocly's recommended
 * rules, Spectral's oas), complete per operation, and good enough that a client generated from it
 * types a program that needs no narrowing, which then runs against the real server.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(here, 'generated-client');
const run = promisify(execFile);

/** Lint warnings kept on purpose, each explained in docs/decisions/0015-openapi-lint-warnings.md. */
const KEPT_WARNINGS: Record<string, string[]> = {
  // The health probes answer 200 or 503 only: no input, no caller, nothing a 4xx could refuse.
  'operation-4xx-response': [
    '#/paths/~1api~1health~1live/get/responses',
    '#/paths/~1api~1health~1ready/get/responses',
  ],
};

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  requestBody?: { content: Record<string, unknown> };
};
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const PUBLIC = [
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  // Paystack signs its webhook rather than signing in (modules/payments/paystack-webhook.routes.ts).
  'POST /api/payments/paystack/webhook',
];

let t: TestApp;
let source: string;
let document: {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};
const operations: Array<{ method: string; path: string; op: Operation }> = [];

beforeAll(async () => {
  t = await createTestApp();
  source = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  document = JSON.parse(source);
  for (const [p, item] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(item))
      if (METHODS.includes(method)) operations.push({ method: method.toUpperCase(), path: p, op });
});
afterAll(async () => t?.close());

describe('the OpenAPI document under outside linters', () => {
  it('has no error and only the explained warnings under Redocly recommended', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const unexplained = problems.filter(
      (p) =>
        p.severity === 'error' || !(KEPT_WARNINGS[p.ruleId] ?? []).includes(p.location[0]?.pointer ?? ''),
    );
    expect(
      unexplained.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
    ).toEqual([]);
  });

  it("has no error and no warning under Spectral's oas ruleset", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset(oas as RulesetDefinition);
    const results = await spectral.run(new spectralCore.Document(source, Json, 'openapi.json'));
    // Severity 0 is an error, 1 a warning; 2 and 3 (information, hints) are not counted.
    expect(
      results.filter((r) => r.severity <= 1).map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`),
    ).toEqual([]);
  });
});

describe('each operation', () => {
  it('has a unique operationId and a tag', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ op }) => !op.tags?.length).map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it("is public (security: []) exactly when it is sign-in, registration, password reset, health or Paystack's webhook", () => {
    const open = operations.filter(({ op }) => op.security?.length === 0).map((o) => `${o.method} ${o.path}`);
    expect(open.sort()).toEqual([...PUBLIC].sort());
    expect(operations.filter(({ op }) => op.security === undefined)).toEqual([]);
  });

  it('answers one shape: no 200 is an array or a page', () => {
    const unions = operations.filter(({ op }) => {
      const schema = op.responses['200']?.content?.['application/json']?.schema;
      const alternatives = (schema?.anyOf ?? schema?.oneOf) as Array<Record<string, unknown>> | undefined;
      return alternatives?.some((a) => a.type === 'array') && alternatives.some((a) => a.type !== 'array');
    });
    expect(unions.map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it('documents 503 always, and 413 and 415 where it reads a body, with the one Error component', () => {
    for (const { method, path: p, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(statuses, `${method} ${p}`).toContain('503');
      if (op.requestBody) expect(statuses, `${method} ${p}`).toEqual(expect.arrayContaining(['413', '415']));
      if (op.security?.length)
        expect(statuses, `${method} ${p}`).toEqual(expect.arrayContaining(['401', '429']));
      for (const [status, answer] of Object.entries(op.responses))
        if (Number(status) >= 400 && !(p === '/api/health/ready' && status === '503'))
          expect(answer.content?.['application/json']?.schema, `${method} ${p} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          });
    }
  });

  it('keeps only the components the paths use', () => {
    const text = JSON.stringify(document.paths);
    const schemas = document.components.schemas;
    const reachable = new Set<string>();
    const visit = (json: string) => {
      for (const [, name] of json.matchAll(/"#\/components\/schemas\/([^"]+)"/g))
        if (!reachable.has(name!)) {
          reachable.add(name!);
          visit(JSON.stringify(schemas[name!]));
        }
    };
    visit(text);
    expect(Object.keys(schemas).filter((name) => !reachable.has(name))).toEqual([]);
  });

  it('documents files and the event stream with their real media types', () => {
    const types = (p: string) => Object.keys(document.paths[p]!.get!.responses['200']!.content ?? {});
    expect(types('/api/events')).toEqual(['text/event-stream']);
    expect(types('/api/inventory.csv')).toEqual(['text/csv']);
    expect(types('/api/invoices/{id}/pdf')).toEqual(['application/pdf']);
    expect(types('/api/org/licence')).toEqual(
      expect.arrayContaining(['application/pdf', 'image/png', 'image/jpeg']),
    );
  });
});

it('answers 415 with the Error shape when a JSON operation is sent text/plain', async () => {
  const buyer = await t.login('buyer@accracare.demo', 'customer');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/items',
    headers: { authorization: buyer, 'content-type': 'text/plain' },
    payload: '{"productId":"x","quantity":1}',
  });
  expect(res.statusCode).toBe(415);
  expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA', message: expect.any(String) });
});

it('types a program with a generated client that compiles under --strict and runs against the server', async () => {
  const types = astToString(await openapiTS(JSON.parse(source)));
  await writeFile(path.join(clientDir, 'schema.d.ts'), types);
  const tsc = path.resolve(here, '../../../../node_modules/typescript/bin/tsc');
  await run(process.execPath, [tsc, '-p', path.join(clientDir, 'tsconfig.json')]).catch((e) => {
    throw new Error(`tsc --strict failed:\n${e.stdout}${e.stderr}`);
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(clientDir, 'program.ts'), address],
    {
      cwd: clientDir,
    },
  ).catch((e) => {
    throw new Error(`the program failed:\n${e.stdout}${e.stderr}`);
  });
  expect(stdout).toMatch(/^page: 5 of \d+ lots/m);
  expect(stdout).toMatch(/^totals: /m);
  expect(stdout).toMatch(/^applied: 1 created, 0 updated, \d+ unchanged/m);
  expect(stdout).toMatch(/^new lot: CONTRACT-\w+ × 7$/m);
}, 120_000);
