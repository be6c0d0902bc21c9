#!/usr/bin/env node
// `npm start`: builds the web app only when its sources changed since the last build, then runs the
// server in this very process, so the SIGTERM or SIGINT a supervisor sends to `npm start` reaches it
// (npm passes signals to its one child, this process; a server in a grandchild would keep running).
// Run with `node --import tsx` so the server's TypeScript loads.
//
// The last build is recorded in <dist>/.build-stamp: a hash of everything the bundle is made from (the
// web app's sources and public files, index.html, the Vite and TypeScript settings, the shared package,
// the installed versions in package-lock.json and VITE_* variables). Vite empties the folder when it
// builds, and the stamp is written after a build succeeds, so a failed or interrupted build is redone.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps', 'web');

/** Files and folders the web bundle is built from, relative to the repository. */
export const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Test files are never part of the bundle, so editing one needs no build. */
const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || file.split(path.sep).includes('test');

/** Where the web app is built and served from: WEB_DIST_DIR, as the server reads it, or apps/web/dist. */
export function webDistDir(env = process.env) {
  return env.WEB_DIST_DIR?.trim() ? path.resolve(env.WEB_DIST_DIR.trim()) : path.join(web, 'dist');
}

export const stampFile = (distDir) => path.join(distDir, '.build-stamp');

function listFiles(entry, out) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) listFiles(path.join(entry, name), out);
  } else if (!isTestFile(path.relative(root, entry))) {
    out.push(entry);
  }
}

/** A hash of the web app's inputs; names and contents both count. */
export function webSourceHash(env = process.env) {
  const hash = createHash('sha256');
  const files = [];
  for (const input of WEB_INPUTS) listFiles(path.join(root, input), files);
  for (const name of readdirSync(web).sort()) if (name.startsWith('.env')) files.push(path.join(web, name));
  for (const file of files) {
    hash.update(`${path.relative(root, file).split(path.sep).join('/')}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const key of Object.keys(env).sort()) {
    if (key.startsWith('VITE_')) hash.update(`${key}=${env[key]}\0`);
  }
  return hash.digest('hex');
}

/** Why the web app must be built, or null when the build in distDir matches the sources. */
export function buildReason(distDir, hash) {
  if (!existsSync(path.join(distDir, 'index.html'))) return 'no build yet';
  let stamp;
  try {
    stamp = readFileSync(stampFile(distDir), 'utf8').trim();
  } catch {
    return 'no record of what the last build was made from';
  }
  return stamp === hash ? null : 'the web sources changed since the last build';
}

/** Runs `vite build` into distDir, passing on SIGTERM and SIGINT; resolves when it succeeds. */
function build(distDir) {
  const vite = path.join(
    path.dirname(createRequire(path.join(web, 'package.json')).resolve('vite/package.json')),
    'bin',
    'vite.js',
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', distDir], {
      cwd: web,
      stdio: 'inherit',
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGTERM', forward);
    process.on('SIGINT', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      if (code === 0) resolve();
      else reject(Object.assign(new Error(`the web build failed (${signal ?? `exit ${code}`})`), { signal }));
    });
  });
}

async function main() {
  const distDir = webDistDir();
  const hash = webSourceHash();
  const reason = buildReason(distDir, hash);
  if (reason) {
    console.log(`Building the web app: ${reason}.`);
    try {
      await build(distDir);
    } catch (err) {
      console.error(err.message);
      // Stopped by a signal: end as that signal would have ended us.
      process.exit(err.signal === 'SIGINT' ? 130 : err.signal ? 143 : 1);
    }
    writeFileSync(stampFile(distDir), `${hash}\n`);
  } else {
    console.log('The web app is up to date; not rebuilding it.');
  }
  // The server, here: it listens for SIGTERM and SIGINT itself and exits when it has closed.
  await import(pathToFileURL(path.join(root, 'apps', 'api', 'src', 'server.ts')).href);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
