import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './replicas.ts';

const run = promisify(execFile);

/** PostgreSQL's server programs: Debian's versioned folder, newest first; null when not installed. */
export function postgresBin(): string | null {
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    for (const v of versions)
      if (existsSync(path.join(debian, v, 'bin', 'pg_ctl'))) return path.join(debian, v, 'bin');
  }
  return null;
}

/** A PostgreSQL cluster a test may stop and restart: never the machine's shared server. */
export interface OwnCluster {
  port: number;
  /** A connection string to `database` on this cluster. */
  url(database: string): string;
  /** Creates an empty database. */
  createDatabase(name: string): Promise<void>;
  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it in fast mode: open connections are ended, transactions rolled back. */
  stop(): Promise<void>;
  /** Stops it if running and deletes its files. */
  remove(): Promise<void>;
}

/**
 * Creates and starts a cluster of the test's own with initdb and pg_ctl, on a free port, trust auth and
 * fsync off. Run as the postgres user when the tests run as root, since initdb refuses root.
 */
export async function startOwnCluster(bin: string): Promise<OwnCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aduro-cluster-'));
  if (asRoot) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout), 0);
  const port = await freePort();
  const pgCommand = async (program: string, args: string[]) => {
    const file = path.join(bin, program);
    return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
  };
  const pgCtl = (action: 'start' | 'stop') =>
    pgCommand('pg_ctl', [
      '-D',
      path.join(dir, 'data'),
      '-w',
      '-l',
      path.join(dir, 'log'),
      ...(action === 'start'
        ? ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']
        : ['-m', 'fast', 'stop']),
    ]);
  await pgCommand('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  await pgCtl('start');
  const url = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const root = new pg.Client({ connectionString: url('postgres') });
      await root.connect();
      try {
        await root.query(`create database ${name}`);
      } finally {
        await root.end();
      }
    },
    start: async () => void (await pgCtl('start')),
    stop: async () => void (await pgCtl('stop')),
    async remove() {
      await pgCtl('stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
