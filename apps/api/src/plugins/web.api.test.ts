import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

// A stand-in web build with what vite-plugin-pwa adds beside index.html.
const webDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-web-pwa-'));
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Aduro</title><div id="root"></div>');
writeFileSync(path.join(webDir, 'sw.js'), 'importScripts("./workbox-1a2b3c.js");\n');
writeFileSync(path.join(webDir, 'workbox-1a2b3c.js'), 'self.workbox = {};\n');
writeFileSync(path.join(webDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Aduro', start_url: '/' }));
writeFileSync(path.join(webDir, 'assets/index-1.js'), 'console.log("Aduro");\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the installable, offline-ready web app', () => {
  it('serves the service worker, its Workbox runtime and the manifest as real files that are always revalidated', async () => {
    for (const [url, type] of [
      ['/sw.js', /javascript/],
      ['/workbox-1a2b3c.js', /javascript/],
      ['/manifest.webmanifest', /application\/manifest\+json/],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(type);
      // A cached service worker would keep every phone on the old version of the app.
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('keeps hashed assets immutable and sends the app for its routes, but a 404 for a missing file', async () => {
    expect((await get('/assets/index-1.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const route = await get('/customer/orders');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<div id="root">');
    expect((await get('/workbox-0000.js')).statusCode).toBe(404);
  });

  it("lets the page register its own service worker and manifest, and nobody else's", async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
