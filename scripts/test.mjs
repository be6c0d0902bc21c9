#!/usr/bin/env node
// `npm test`: every check in one command. Lint and types, unit and API suites on PGlite, then the API suite
// again on PostgreSQL when TEST_DATABASE_URL is set, beside the browser journeys in headless Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'aduro-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  steps.push({ label, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } catch {
    totals.failed += 1;
  }
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
  } catch {
    totals.failed += 1;
  }
}

/**
 * Runs steps side by side, each with its output kept and printed whole when it ends. Lint and the type
 * check are single-threaded each; together they use both cores for about half the time.
 */
async function together(...jobs) {
  const results = await Promise.all(
    jobs.map(
      ([label, command, args, env = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            console.log(`\n=== ${label} ===\n${output}`);
            steps.push({ label, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
            resolve(code === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

const vitestArgs = (report) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

let ok = await together(['Lint', 'npx', ['eslint', '.']], ['Type check', 'npm', ['run', 'typecheck']]);
const pgliteReport = path.join(reports, 'vitest.json');
ok = run('Unit and API tests (PGlite)', 'npx', vitestArgs(pgliteReport)) && ok;
countVitest(pgliteReport);

const pgReport = path.join(reports, 'vitest-pg.json');
const playwrightReport = path.join(reports, 'playwright.json');
const pgSuite = process.env.TEST_DATABASE_URL
  ? [
      'API tests on PostgreSQL',
      'npx',
      // One worker: the browser journeys use about a core beside it (see below).
      [...vitestArgs(pgReport), '--project', 'api', '--maxWorkers=1'],
      { TEST_DB: 'postgres' },
    ]
  : null;
if (!pgSuite) console.log('\nTEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
const e2e = process.env.SKIP_E2E !== '1';
if (!e2e) console.log('\nSKIP_E2E=1: browser journeys skipped.');
else ok = run('Build the web app', 'npm', ['run', 'build']) && ok;
// The browser journeys run one at a time (one server, one demo database) and keep about one core busy, so
// the API suite on PostgreSQL runs beside them on the other rather than after them: about 100 s off
// `npm test` here. Both wait on state, never on time, so sharing the machine must not change an outcome.
ok =
  (await together(
    ...[
      pgSuite,
      e2e
        ? [
            'Browser journeys (Playwright, headless Chromium)',
            'npx',
            ['playwright', 'test'],
            { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
          ]
        : null,
    ].filter(Boolean),
  )) && ok;
if (pgSuite) countVitest(pgReport);
if (e2e) countPlaywright(playwrightReport);

console.log('\n=== Summary ===');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.label} (${s.seconds}s)`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
rmSync(reports, { recursive: true, force: true });
process.exit(ok && totals.failed === 0 ? 0 : 1);
