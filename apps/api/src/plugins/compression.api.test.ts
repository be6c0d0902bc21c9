import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

// A stand-in web build: an app file with the brotli and gzip copies the real build writes beside it.
const webDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-web-'));
const appJs = `console.log(${JSON.stringify('Aduro '.repeat(400))});\n`;
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Aduro</title><div id="root"></div>');
writeFileSync(path.join(webDir, 'assets/app-1.js'), appJs);
writeFileSync(path.join(webDir, 'assets/app-1.js.br'), zlib.brotliCompressSync(appJs));
writeFileSync(path.join(webDir, 'assets/app-1.js.gz'), zlib.gzipSync(appJs));

let t: TestApp;
let buyer: string;
let supplier: string;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  [buyer, supplier] = await Promise.all([
    t.login('buyer@accracare.demo', 'customer'),
    t.login('admin@tema-pharma.demo', 'supplier'),
  ]);
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('compressed answers', () => {
  it('sends a cached marketplace read brotli- or gzip-compressed as the caller accepts, the same JSON inside', async () => {
    const plain = await get('/api/suppliers', { authorization: buyer });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
    ] as const) {
      const res = await get('/api/suppliers', { authorization: buyer, 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(encoding, res.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    // The compressed copy is made once and served again, byte for byte.
    const again = await get('/api/suppliers', { authorization: buyer, 'accept-encoding': 'br' });
    const first = await get('/api/suppliers', { authorization: buyer, 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('shows a write through the API in the compressed answer at once', async () => {
    const settings = (await get('/api/org/settings', { authorization: supplier })).json();
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/org/settings',
        headers: { authorization: supplier },
        payload,
      });
    const termsOf = async () => {
      const res = await get('/api/suppliers', { authorization: buyer, 'accept-encoding': 'br' });
      const entries = JSON.parse(decode('br', res.rawPayload).toString()) as {
        name: string;
        paymentTerms: string;
      }[];
      return entries.find((s) => s.name === 'Tema Pharma Distributors')!.paymentTerms;
    };
    const before = await termsOf();
    expect((await patch({ ...settings, paymentTerms: 'Net 45' })).statusCode).toBe(200);
    expect(await termsOf()).toBe('Net 45');
    expect((await patch(settings)).statusCode).toBe(200);
    expect(await termsOf()).toBe(before);
  });

  it('compresses other JSON answers on the way out, and leaves small ones alone', async () => {
    const plain = await get('/api/inventory', { authorization: supplier });
    const zipped = await get('/api/inventory', { authorization: supplier, 'accept-encoding': 'gzip' });
    expect(plain.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode('gzip', zipped.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it("serves the web build's own compressed copies, and never their files as paths of their own", async () => {
    const br = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(appJs);

    const gz = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(appJs);

    const plain = await get('/assets/app-1.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);

    expect((await get('/assets/app-1.js.br', {})).statusCode).toBe(404);
    const page = await get('/customer/cart', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});
