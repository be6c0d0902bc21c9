import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'create-admin.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });

describe('npm run create-admin', () => {
  it('explains missing or bad arguments and exits 2', () => {
    const res = run('--email', 'not-an-email');
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('--email must be an e-mail address');
    expect(res.stderr).toContain('--password is required');
    expect(res.stderr).toContain('Usage: npm run create-admin');
  });

  it('creates a platform administrator, then updates the same one', () => {
    const first = run('--email', 'ops@aduro.test', '--password', 'long-password-1', '--name', 'Ops Person');
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('Created platform administrator ops@aduro.test');
    const second = run('--email', 'OPS@aduro.test', '--password', 'long-password-2');
    expect(second.stdout).toContain('Updated platform administrator OPS@aduro.test');
  }, 60_000);
});
