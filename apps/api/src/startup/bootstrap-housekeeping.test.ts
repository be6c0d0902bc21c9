import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { prepareDatabase } from './bootstrap.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const quiet = { info: () => undefined };

describe('start-up housekeeping on PGlite', () => {
  it('removes staged uploads a crash left in DATA_DIR/uploads/tmp, and holds the folder until closed', async () => {
    const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'aduro-housekeeping-')));
    dirs.push(dir);
    const tmp = path.join(dir, 'uploads', 'tmp');
    await mkdir(path.join(tmp, 'upload-1'), { recursive: true });
    await writeFile(path.join(tmp, 'upload-1', 'licence.pdf'), 'half an upload');
    const kept = path.join(dir, 'uploads', 'org-1');
    await mkdir(kept, { recursive: true });
    await writeFile(path.join(kept, 'note.txt'), 'not staged');

    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const database = await prepareDatabase(config, quiet);
    try {
      expect(existsSync(tmp)).toBe(false);
      expect(existsSync(path.join(kept, 'note.txt'))).toBe(true);
      const second = await prepareDatabase(config, quiet).catch((err: unknown) => err);
      expect(second).toBeInstanceOf(DataDirLockedError);
      expect((second as Error).message).toContain(dir);
    } finally {
      await database.close();
    }
    // Closed, the folder is free for the next start.
    const again = await prepareDatabase(config, quiet);
    await again.close();
  }, 120_000);
});
