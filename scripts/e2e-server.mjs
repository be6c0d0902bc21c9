#!/usr/bin/env node
// Starts the real server for the browser journeys on a throw-away PGlite data folder with demo data,
// and removes the folder when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    AUTH_SECRET: process.env.E2E_AUTH_SECRET ?? 'e2e-secret-that-is-long-enough-for-signing-tokens-42',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
