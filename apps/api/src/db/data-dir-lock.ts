import fs from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One server per embedded data folder. PGlite keeps its database in DATA_DIR/pglite and assumes it is
 * the only process there: two servers on one folder both start, and each loses the other's writes.
 *
 * The lock is proper-lockfile's: an atomic mkdir of DATA_DIR/server.lock whose mtime the holder
 * refreshes every 2 s, so a lock left by a server that was killed (SIGKILL, power cut) goes stale after
 * 10 s on any file system, local or shared between containers. Node has no flock(2) of its own, and the
 * native modules that add one lack builds for some platforms (musl), so this stays in plain JavaScript.
 * Beside that, the holder writes who it is (pid, host, pid namespace) into the lock folder: a server
 * starting on the same machine checks whether that process still runs, so a restart after a crash
 * starts at once and a second server is refused at once, naming the other. A lock held from elsewhere
 * (another container or host) is waited on until it goes stale, then taken, or refused if it stays fresh.
 *
 * Only for PGlite: with DATABASE_URL the folder holds no database and replicas may share it.
 */

/** Lock older than this is stale: its holder stopped refreshing it. */
const STALE_MS = 10_000;
/** How often the holder refreshes the lock's mtime (an event-loop stall shorter than 8 s is harmless). */
const UPDATE_MS = 2_000;
const LOCK_NAME = 'server.lock';
const OWNER_NAME = 'owner.json';

export interface LockOwner {
  pid: number;
  host: string;
  /** Linux pid namespace ("pid:[4026531836]"), so a pid is only checked where it means the same process. */
  pidNamespace: string;
  startedAt: string;
}

export interface DataDirLock {
  /** Lets go of the folder; a second call does nothing. */
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner
      ? `process ${owner.pid} on ${owner.host}, started ${owner.startedAt}`
      : 'a process that has not said who it is';
    super(
      `The data folder ${dataDir} is in use by another Aduro server (${who}). ` +
        "Two servers on one embedded database lose each other's writes, so this one stops. " +
        'Stop the other server, give this one another DATA_DIR, or set DATABASE_URL to share a PostgreSQL database.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** proper-lockfile removes its lock with rmdir; ours holds owner.json, so it is removed with its contents. */
const lockFs = {
  ...fs,
  rmdir: (p: string, callback: (err: NodeJS.ErrnoException | null) => void) =>
    fs.rm(p, { recursive: true, force: true }, callback),
  rmdirSync: (p: string) => fs.rmSync(p, { recursive: true, force: true }),
};

/** Folders this process holds, so a second open in the same process is refused too. */
const held = new Set<string>();

function pidNamespace(): string {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(lockPath: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(path.join(lockPath, OWNER_NAME), 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' ? owner : null;
  } catch {
    return null;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the data folder for this process, or throws DataDirLockedError naming the process that has it.
 * Waits at most about 11 s, and only for a lock whose holder cannot be checked from here.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  fs.mkdirSync(dir, { recursive: true });
  const dataDir = fs.realpathSync(dir);
  const lockPath = path.join(dataDir, LOCK_NAME);
  const me: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    pidNamespace: pidNamespace(),
    startedAt: new Date().toISOString(),
  };
  if (held.has(dataDir)) throw new DataDirLockedError(dataDir, me);
  const deadline = Date.now() + STALE_MS + 1_000;

  for (;;) {
    const owner = await readOwner(lockPath);
    if (owner && owner.host === me.host && owner.pidNamespace === me.pidNamespace) {
      // On this machine the holder can be asked directly. Our own pid is a previous life of this
      // process (a container restarts as pid 1 again): this process holds nothing, as `held` says.
      if (owner.pid !== me.pid && isRunning(owner.pid)) throw new DataDirLockedError(dataDir, owner);
      fs.rmSync(lockPath, { recursive: true, force: true });
    }
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(dataDir, {
        lockfilePath: lockPath,
        realpath: false,
        stale: STALE_MS,
        update: UPDATE_MS,
        fs: lockFs,
        onCompromised: (err) => {
          held.delete(dataDir);
          // Someone took the folder from under this server (it stalled past the stale time, or the lock
          // was deleted): carrying on would lose writes. Thrown from a timer, this stops the server.
          throw new Error(`Lost the lock on the data folder ${dataDir}: ${err.message}`);
        },
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      if (Date.now() >= deadline) throw new DataDirLockedError(dataDir, await readOwner(lockPath));
      // Held from elsewhere, or just taken and its owner not yet written: look again shortly.
      await delay(250);
      continue;
    }
    try {
      // Writing into the folder moves its mtime, which proper-lockfile would take for another holder's:
      // put back the one it set.
      const { mtime } = fs.statSync(lockPath);
      await writeFile(path.join(lockPath, OWNER_NAME), JSON.stringify(me));
      fs.utimesSync(lockPath, mtime, mtime);
    } catch (err) {
      await release();
      throw err;
    }
    held.add(dataDir);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        held.delete(dataDir);
        await release().catch((err: NodeJS.ErrnoException) => {
          // Already let go (compromised) or removed by hand: nothing is left to release.
          if (err.code !== 'ERELEASED' && err.code !== 'ENOTACQUIRED') throw err;
        });
      },
    };
  }
}
