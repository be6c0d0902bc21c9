import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` builds the web app only when its sources changed since the last build (scripts/start.mjs).
const root = path.resolve(import.meta.dirname, '../../..');
const start = (await import(pathToFileURL(path.join(root, 'scripts/start.mjs')).href)) as {
  webSourceHash(env?: Record<string, string | undefined>): string;
  buildReason(distDir: string, hash: string): string | null;
  stampFile(distDir: string): string;
};
const dist = mkdtempSync(path.join(os.tmpdir(), 'aduro-web-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the web build stamp', () => {
  it('builds when there is no build, and when the build has no record of its sources', () => {
    expect(start.buildReason(path.join(dist, 'absent'), 'x')).toBe('no build yet');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    expect(start.buildReason(dist, 'x')).toBe('no record of what the last build was made from');
  });

  it('skips the build for unchanged sources and builds again when they change', () => {
    const hash = start.webSourceHash({});
    writeFileSync(start.stampFile(dist), `${hash}\n`);
    expect(start.buildReason(dist, hash)).toBeNull();
    // A different input (here a VITE_ setting, which the bundle embeds) gives a different hash.
    const changed = start.webSourceHash({ VITE_API_URL: 'https://api.example.test' });
    expect(changed).not.toBe(hash);
    expect(start.buildReason(dist, changed)).toBe('the web sources changed since the last build');
  });
});
