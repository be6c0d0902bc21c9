import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { ensureRoles } from '../src/db/seed/roles.ts';
import { seedScale } from '../src/db/seed/scale.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export interface RunningServer {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** Starts the real server on a data folder and waits for its first answer. */
export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-for-signing-tokens',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    base,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function signIn(base: string, email: string, userType: string, password = 'demo1234') {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, userType }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return `Bearer ${((await res.json()) as { accessToken: string }).accessToken}`;
}

/** One statement on a database of the bench's PostgreSQL server, on its own connection. */
export async function adminQuery<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function loadScale(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-bench-scale-'));
  try {
    const started = performance.now();
    await migrateDatabase(database);
    await ensureRoles(database.db);
    await seedDemo(database.db, { now: new Date(), uploadsDir: path.join(dataDir, 'uploads') });
    await seedScale(database.db);
    console.log(`  scale data set loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` on the scale data set (500 suppliers, 5,000 products, 200,000 released orders): the one
 * SCALE_DATABASE_URL names, else a throw-away database on the local PostgreSQL, loaded and dropped
 * afterwards. Without a reachable PostgreSQL the section says so and is skipped.
 */
export async function withScaleDatabase(fn: (databaseUrl: string) => Promise<void>): Promise<void> {
  const given = process.env.SCALE_DATABASE_URL;
  if (given) return fn(given);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `aduro_bench_scale_${Date.now().toString(36)}`;
  const created = await adminQuery(adminUrl, `create database ${name}`).then(
    () => true,
    () => false,
  );
  if (!created) {
    console.log('  (PostgreSQL not reachable at BENCH_DATABASE_URL or 127.0.0.1:5432: skipped)');
    return;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await loadScale(url.toString());
    await fn(url.toString());
  } finally {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
}
