#!/usr/bin/env node
// `npm test`: every check in one command. Lint and types, unit and API suites on PGlite, the API suite again on
// PostgreSQL when TEST_DATABASE_URL is set, then the browser journeys in headless Chromium.
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
      ([label, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
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

const vitest = (label, file, args, env) => {
  const out = path.join(reports, file);
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    env,
  );
  countVitest(out);
  return ok;
};

let ok = await together(['Lint', 'npx', ['eslint', '.']], ['Type check', 'npm', ['run', 'typecheck']]);
ok = vitest('Unit and API tests (PGlite)', 'vitest.json', []) && ok;
if (process.env.TEST_DATABASE_URL) {
  ok =
    vitest('API tests on PostgreSQL', 'vitest-pg.json', ['--project', 'api'], { TEST_DB: 'postgres' }) && ok;
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
}
if (process.env.SKIP_E2E === '1') {
  console.log('\nSKIP_E2E=1: browser journeys skipped.');
} else {
  ok = run('Build the web app', 'npm', ['run', 'build']) && ok;
  const out = path.join(reports, 'playwright.json');
  ok =
    run('Browser journeys (Playwright, headless Chromium)', 'npx', ['playwright', 'test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    }) && ok;
  countPlaywright(out);
}

console.log('\n=== Summary ===');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.label} (${s.seconds}s)`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
rmSync(reports, { recursive: true, force: true });
process.exit(ok && totals.failed === 0 ? 0 : 1);
