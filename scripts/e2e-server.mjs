#!/usr/bin/env node
// Starts the real server for the browser journeys on a throw-away PGlite data folder with demo data,
// records every error-level log line (a 500 in a test run is a bug; the journeys' teardown fails on
// any), and removes the folder when Playwright stops it. A fake Paystack runs beside it (mobile money):
// on E2E_FAKE_PAYSTACK_PORT, else the app's port + 1, which the journeys compute the same way to play
// the buyer's phone through its control endpoints (POST /__fake/approve/{reference}).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const SERVER_ERRORS_FILE = path.join(root, 'test-results', 'e2e-server-errors.log');

const appPort = Number(process.env.PORT ?? 3000);
const fakePort = Number(process.env.E2E_FAKE_PAYSTACK_PORT ?? appPort + 1);
const paystackSecret = 'sk_test_e2eFakePaystack2026';

const fake = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/test/fake-paystack-server.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    FAKE_PAYSTACK_PORT: String(fakePort),
    FAKE_PAYSTACK_SECRET: paystackSecret,
    FAKE_PAYSTACK_WEBHOOK_URL: `http://127.0.0.1:${appPort}/api/payments/paystack/webhook`,
  },
});
// The app reads Paystack's networks as it serves the first page: the fake must be listening first.
const paystackUrl = await new Promise((resolve, reject) => {
  const lines = createInterface({ input: fake.stdout });
  lines.on('line', (line) => {
    const url = /^fake-paystack listening (\S+)/.exec(line)?.[1];
    if (url) resolve(url);
  });
  fake.once('exit', (code) => reject(new Error(`The fake Paystack stopped before listening (exit ${code})`)));
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    AUTH_SECRET: process.env.E2E_AUTH_SECRET ?? 'e2e-secret-that-is-long-enough-for-signing-tokens-42',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PAYSTACK_SECRET_KEY: paystackSecret,
    PAYSTACK_BASE_URL: paystackUrl,
  },
});
createInterface({ input: child.stdout }).on('line', (line) => {
  let level = 0;
  try {
    level = JSON.parse(line).level ?? 0;
  } catch {
    // not a log line
  }
  if (level >= 50) {
    mkdirSync(path.dirname(SERVER_ERRORS_FILE), { recursive: true });
    appendFileSync(SERVER_ERRORS_FILE, `${line}\n`);
    process.stderr.write(`${line}\n`);
  }
});
const stop = (signal) => {
  child.kill(signal);
  fake.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  fake.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
