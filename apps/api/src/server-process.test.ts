// The server as a process: a bad setting refused at start, one server per data folder, a clean shutdown on
// SIGTERM, and the npm scripts that start it passing SIGTERM on. Servers run one at a time on one data
// folder (migrated and seeded by the first), each on a free port, and every process started here is killed
// at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/replicas.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tmp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'aduro-server-')));
const dataDir = path.join(tmp, 'data');
const ADMIN = { email: 'ops@aduro.test', password: 'shutdown-test-1' };
const started: ChildProcess[] = [];

afterAll(async () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(tmp, { recursive: true, force: true });
});

/** Waits for a condition, polling, until a deadline; never a fixed sleep. */
async function until(what: string, check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning: () => boolean;
}

/** Starts `command args` in the repository with a server environment; output is stdout and stderr. */
async function start(command: string, args: string[], env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST_DIR: path.join(tmp, 'no-web-build'),
      ...env,
    },
  });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  return { child, port, output: () => out, exited, isRunning: () => running };
}

const serverArgs = ['--import', 'tsx', 'apps/api/src/server.ts'];

async function ready(server: Running, ms = 90_000): Promise<void> {
  await until(
    'the server to be ready',
    () => server.output().includes('Aduro is ready') || !server.isRunning(),
    ms,
  );
  if (!server.isRunning()) throw new Error(`the server stopped:\n${server.output()}`);
}

/** Whether anything accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A raw HTTP/1.1 connection, to hold it open (keep-alive) and send a request in parts. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  return { socket, received: () => received, closed: () => closed };
}

async function login(port: number): Promise<string> {
  const body = JSON.stringify({ ...ADMIN, userType: 'platform' });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`login answered ${res.statusCode}: ${text}`));
          else resolve((JSON.parse(text) as { accessToken: string }).accessToken);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** SIGTERMs the process and expects it, and the server in it, gone with status 0 before the 10 s grace. */
async function stopsCleanly(server: Running, signalled: ChildProcess = server.child): Promise<void> {
  signalled.kill('SIGTERM');
  const { code, signal } = await server.exited;
  // Status 0 is the proof it finished within the grace: past it close-with-grace exits with 1.
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  expect(await listening(server.port)).toBe(false);
}

beforeAll(async () => {
  // The first start makes the database; the tests after it restart on it.
  const first = await start(process.execPath, serverArgs);
  await ready(first, 150_000);
  await stopsCleanly(first);
}, 180_000);

describe('configuration checked at start', () => {
  it('stops with status 1 and a message naming the bad setting', async () => {
    const server = await start(process.execPath, serverArgs, { PORT: 'not-a-port' });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain('PORT: must be a port number');
  }, 180_000);
});

describe('one server per embedded DATA_DIR', () => {
  it('refuses a second server on the folder, naming it and the first, and starts again after a SIGKILL', async () => {
    const first = await start(process.execPath, serverArgs);
    await ready(first);
    const second = await start(process.execPath, serverArgs);
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another Aduro server`);
    expect(second.output()).toContain(`process ${first.child.pid}`);
    expect(await listening(first.port)).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await start(process.execPath, serverArgs);
    await ready(third);
    await stopsCleanly(third);
  }, 180_000);
});

describe('shutdown on SIGTERM', () => {
  it('closes idle keep-alive connections at once, finishes a request under way, and exits 0', async () => {
    const server = await start(process.execPath, serverArgs);
    await ready(server);
    const idle = connection(server.port);
    idle.socket.write('GET /api/health/live HTTP/1.1\r\nHost: aduro\r\n\r\n');
    await until('the first answer', () => idle.received().includes('"status":"ok"'), 10_000);
    expect(idle.received()).toMatch(/connection: keep-alive/i);

    // A request under way: its headers sent, its body not yet.
    const body = JSON.stringify({ ...ADMIN, userType: 'platform' });
    const busy = connection(server.port);
    busy.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: aduro\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await until('the request to reach the server', () => server.output().includes('/api/auth/login'), 10_000);

    server.child.kill('SIGTERM');
    // Far below the keep-alive timeout (72 s) it would otherwise wait for.
    await until('the idle connection to close', () => idle.closed(), 20_000);
    busy.socket.write(body.slice(10));
    await until('the request under way to be answered', () => busy.closed(), 20_000);
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(busy.received()).toMatch(/connection: close/i);
    expect(busy.received()).toContain('accessToken');

    const { code, signal } = await server.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(await listening(server.port)).toBe(false);
  }, 180_000);

  it('is not held by an open live stream (GET /api/events)', async () => {
    const server = await start(process.execPath, serverArgs);
    await ready(server);
    const token = await login(server.port);
    const stream = connection(server.port);
    stream.socket.write(`GET /api/events HTTP/1.1\r\nHost: aduro\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    await until('the stream to start', () => stream.received().includes('retry: 3000'), 10_000);
    await stopsCleanly(server);
    await until('the stream to end', () => stream.closed(), 20_000);
  }, 180_000);
});

describe('npm scripts pass SIGTERM to the server', () => {
  it('npm run serve', async () => {
    const npm = await start('npm', ['run', 'serve']);
    await ready(npm);
    await stopsCleanly(npm);
  }, 180_000);

  it('npm start, with the web app up to date (no build)', async () => {
    const webDist = path.join(tmp, 'web-dist');
    const { webSourceHash, stampFile } = (await import(
      pathToFileURL(path.join(root, 'scripts/start.mjs')).href
    )) as {
      webSourceHash: () => string;
      stampFile: (dir: string) => string;
    };
    const { mkdirSync } = await import('node:fs');
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Aduro</title>');
    writeFileSync(stampFile(webDist), `${webSourceHash()}\n`);

    const npm = await start('npm', ['start'], { WEB_DIST_DIR: webDist });
    await ready(npm);
    expect(npm.output()).toContain('The web app is up to date; not rebuilding it.');
    expect(npm.output()).not.toContain('Building the web app');
    await stopsCleanly(npm);
  }, 180_000);
});
