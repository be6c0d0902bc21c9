#!/usr/bin/env node
// Lighthouse 12 on /login, /customer, /supplier and /admin, as a phone on a slow connection would load
// them (Lighthouse's default mobile emulation and simulated throttling), against the real server on a
// throw-away PGlite with the demo data and the current build. Also the JavaScript /login loads, as sent
// (the build's brotli copies). Exits 1 when a performance, accessibility or best-practices score is
// under 95 or /login's JavaScript reaches 120 KB.
//
//   node apps/web/bench/lighthouse.mjs            (after `npm run build`; WEB_DIST_DIR picks another build)
//   LIGHTHOUSE_PORT=3213 LIGHTHOUSE_JSON_DIR=/tmp/lh node apps/web/bench/lighthouse.mjs
//   LIGHTHOUSE_PAGES=/customer,/admin node apps/web/bench/lighthouse.mjs   (some pages only, when tuning one)
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startServer, stop } from '../../../scripts/child-process.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const distDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'));
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3213);
const origin = `http://127.0.0.1:${PORT}`;
const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;

const MIN_SCORE = 95;
const LOGIN_JS_BUDGET_KB = 120;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const PASSWORD = 'demo1234';

/** Each page and who looks at it; /login is seen signed out. */
const ALL_PAGES = [
  { path: '/login', user: null },
  { path: '/customer', user: { email: 'buyer@accracare.demo', userType: 'customer' } },
  { path: '/supplier', user: { email: 'admin@tema-pharma.demo', userType: 'supplier' } },
  { path: '/admin', user: { email: 'admin@aduro.demo', userType: 'platform' } },
];
const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.path)) : ALL_PAGES;
if (PAGES.length === 0) {
  console.error(`LIGHTHOUSE_PAGES names none of ${ALL_PAGES.map((p) => p.path).join(', ')}`);
  process.exit(1);
}

async function waitForServer(child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function tokenFor({ email, userType }) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, userType }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return (await res.json()).accessToken;
}

/**
 * Not a page of the app: a tab left open on one keeps the service worker it registered (and its
 * precache) in charge of the origin, so the measured loads were served partly by it rather than by the
 * network, which Lighthouse's simulation then counts as nearly free (/login scored 95-98, first paint
 * 0.3 s, where a cold load scores about 90).
 */
const HELPER_URL = `${origin}/api/health`;

/**
 * Every run starts cold, as a first visit would: no HTTP cache, no service worker or its caches, no
 * storage; then the signed-in pages get the user's token in localStorage, where the app keeps it.
 * Lighthouse's own storage reset is off for that reason, so this does its work.
 */
async function prepareBrowser(cdpPage, session, token) {
  await session.send('Network.clearBrowserCache');
  await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  if (token) {
    await cdpPage.evaluate((value) => globalThis.localStorage.setItem('token', value), token);
  }
}

/** The scripts /login loads, as the server sent them: summed response body sizes (brotli). */
async function loginScripts(context) {
  const page = await context.newPage();
  try {
    const session = await context.newCDPSession(page);
    await page.goto(HELPER_URL);
    await prepareBrowser(page, session, null);
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(request.sizes().then((sizes) => ({ url: request.url(), sent: sizes.responseBodySize })));
    });
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(scripts);
    return { files: sizes.length, kb: sizes.reduce((sum, s) => sum + s.sent, 0) / 1024 };
  } finally {
    await page.close();
  }
}

/**
 * Lighthouse's own failures to record a trace, not the page's: the same build measured again records
 * normally (/login came back NO_NAVSTART once in a run, scored 0). A page that never paints (NO_FCP)
 * is the page's fault, and is reported, not retried.
 */
const TOOL_ERRORS = new Set([
  'NO_NAVSTART',
  'NO_TRACING_STARTED',
  'TRACING_ALREADY_STARTED',
  'PROTOCOL_TIMEOUT',
]);

async function main() {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.error(`No web build in ${distDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aduro-lighthouse-'));
  const server = startServer({
    dataDir,
    port: PORT,
    env: { SEED_DEMO: 'true', WEB_DIST_DIR: distDir },
  });
  let chrome;
  let browser;
  const failures = [];
  try {
    await waitForServer(server);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    // A document on the origin to reach its storage; Lighthouse opens its own tab beside it.
    const helper = await context.newPage();
    const session = await context.newCDPSession(helper);
    await helper.goto(HELPER_URL);

    console.log(`Lighthouse 12: mobile emulation, simulated slow 4G and 4x CPU slowdown (defaults)`);
    console.log(`${'page'.padEnd(10)} ${CATEGORIES.map((c) => c.padStart(15)).join('')}`);
    for (const target of PAGES) {
      const token = target.user ? await tokenFor(target.user) : null;
      let lhr;
      for (let attempt = 1; ; attempt++) {
        await prepareBrowser(helper, session, token);
        ({ lhr } = await lighthouse(`${origin}${target.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          disableStorageReset: true,
        }));
        const code = lhr.runtimeError?.code;
        if (!TOOL_ERRORS.has(code) || attempt === 3) break;
        console.log(`${target.path.padEnd(10)} Lighthouse lost its trace (${code}); measuring again`);
      }
      if (jsonDir) {
        mkdirSync(jsonDir, { recursive: true });
        writeFileSync(path.join(jsonDir, `${target.path.slice(1)}.json`), JSON.stringify(lhr));
      }
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== target.path) failures.push(`${target.path} ended on ${landed}, not the page itself`);
      if (lhr.runtimeError) failures.push(`${target.path}: ${lhr.runtimeError.message}`);
      const scores = CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
      console.log(`${target.path.padEnd(10)} ${scores.map((s) => String(s).padStart(15)).join('')}`);
      CATEGORIES.forEach((id, i) => {
        if (scores[i] < MIN_SCORE) {
          const weak = Object.values(lhr.audits)
            .filter(
              (audit) =>
                audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
            )
            .filter((audit) =>
              lhr.categories[id].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
            )
            .map((audit) => `${audit.id} ${audit.displayValue ?? ''}`.trim());
          failures.push(
            `${target.path} ${id} ${scores[i]} < ${MIN_SCORE}: ${weak.join('; ') || 'see the report'}`,
          );
        }
      });
    }

    if (PAGES.some((p) => p.path === '/login')) {
      const js = await loginScripts(context);
      console.log(
        `\n/login JavaScript: ${js.files} files, ${js.kb.toFixed(1)} KB as sent (budget < ${LOGIN_JS_BUDGET_KB} KB)`,
      );
      if (js.kb >= LOGIN_JS_BUDGET_KB) {
        failures.push(`/login JavaScript ${js.kb.toFixed(1)} KB >= ${LOGIN_JS_BUDGET_KB} KB`);
      }
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await chrome?.kill();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\nLighthouse budget missed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
