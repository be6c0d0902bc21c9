#!/usr/bin/env node
// Starts the real server for the browser journeys on a throw-away PGlite data folder with demo data,
// records every error-level log line (a 500 in a test run is a bug; the journeys' teardown fails on
// any), and removes the folder when Playwright stops it.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const SERVER_ERRORS_FILE = path.join(root, 'test-results', 'e2e-server-errors.log');

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
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
