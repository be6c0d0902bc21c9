import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

function dataDir(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'aduro-lock-')));
  dirs.push(dir);
  return dir;
}

/** A lock folder as a server killed with SIGKILL leaves it: its owner named, its mtime as it was. */
function leftBehind(dir: string, owner: Record<string, unknown> | null, ageMs = 0) {
  const lock = path.join(dir, 'server.lock');
  mkdirSync(lock, { recursive: true });
  if (owner) writeFileSync(path.join(lock, 'owner.json'), JSON.stringify(owner));
  const then = new Date(Date.now() - ageMs);
  utimesSync(lock, then, then);
}

async function pidOfAnExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

async function pidNamespace(): Promise<string> {
  const { readlinkSync } = await import('node:fs');
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

/** Another process holding the folder, as a second server would; resolves once it holds it. */
async function holderProcess(dir: string): Promise<ChildProcess> {
  const script =
    `const { lockDataDir } = await import(${JSON.stringify(path.join(here, 'data-dir-lock.ts'))});` +
    `await lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the holder exited (${code}) before locking`)));
  });
  return child;
}

describe('one server per embedded data folder', () => {
  it('refuses a second holder in the same process, naming the folder and the pid, until released', async () => {
    const dir = dataDir();
    const lock = await lockDataDir(dir);
    const refused = await lockDataDir(dir).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(dir);
    expect((refused as Error).message).toContain(`process ${process.pid}`);
    await lock.release();
    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('refuses while another process holds the folder, and takes it at once when that process is killed', async () => {
    const dir = dataDir();
    const holder = await holderProcess(dir);
    const refused = await lockDataDir(dir).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).owner?.pid).toBe(holder.pid);
    expect((refused as Error).message).toContain(`process ${holder.pid} on ${os.hostname()}`);

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const started = Date.now();
    const lock = await lockDataDir(dir);
    // No waiting for the stale time: the holder is known to be gone. Waiting would take at least 8 s (a lock
    // goes stale 10 s after its last refresh, and it is refreshed every 2 s), so a bound below that tells
    // the two apart with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(7_000);
    await lock.release();
  });

  it('takes a fresh lock left by a process of this machine that no longer runs', async () => {
    const dir = dataDir();
    leftBehind(dir, {
      pid: await pidOfAnExitedProcess(),
      host: os.hostname(),
      pidNamespace: await pidNamespace(),
      startedAt: new Date().toISOString(),
    });
    const lock = await lockDataDir(dir);
    await lock.release();
  });

  it('takes a lock whose holder cannot be asked once it is stale (no refresh for 10 s)', async () => {
    const dir = dataDir();
    leftBehind(dir, { pid: 4242, host: 'another-host', pidNamespace: '', startedAt: '2026-01-01' }, 60_000);
    const lock = await lockDataDir(dir);
    await lock.release();
  });

  it('refuses a fresh lock held from another host after waiting out the stale time', async () => {
    const dir = dataDir();
    leftBehind(dir, { pid: 4242, host: 'another-host', pidNamespace: '', startedAt: '2026-01-01' });
    // Kept fresh, as its holder would.
    const fresh = setInterval(() => utimesSync(path.join(dir, 'server.lock'), new Date(), new Date()), 1_000);
    try {
      const refused = await lockDataDir(dir).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toContain('process 4242 on another-host');
    } finally {
      clearInterval(fresh);
    }
  }, 30_000);
});
