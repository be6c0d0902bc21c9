import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSseFrames, type SseFrame } from './sse.ts';

/**
 * Helpers for replicas.api.test.ts: several real servers as separate processes behind a real HAProxy.
 * Everything here waits on state (a port answering, a frame arriving) with a deadline, never on time.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** Whether the HAProxy binary is there and runs. */
export function haproxyInstalled(): boolean {
  if (!existsSync(HAPROXY)) return false;
  return spawnSync(HAPROXY, ['-v'], { stdio: 'ignore' }).status === 0;
}

/** A port nobody listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A process the test needs has stopped: waiting longer cannot help. */
export class ProcessExited extends Error {}

/**
 * Polls `check` until it returns a value other than undefined, or throws once the deadline passes (at
 * once when `check` throws ProcessExited).
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  { timeoutMs = 60_000, intervalMs = 100 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      if (err instanceof ProcessExited) throw err;
      lastError = err;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A child process with its output kept, so a failure can show what the process said. */
export class Managed {
  output = '';
  exit: Promise<number | null>;
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      // Keep the last 200 KB: enough to read, bounded if something loops.
      if (this.output.length > 400_000) this.output = this.output.slice(-200_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exit = new Promise((resolve) => {
      child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null)));
      child.on('error', (err) => {
        this.output += `\nspawn failed: ${err.message}\n`;
        resolve(-1);
      });
    });
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** Throws with the process's output when it has already stopped. */
  assertRunning(): void {
    if (this.exited)
      throw new ProcessExited(
        `${this.name} exited (${this.child.exitCode ?? this.child.signalCode}):\n${this.tail()}`,
      );
  }

  tail(chars = 4000): string {
    return this.output.length > chars ? `...${this.output.slice(-chars)}` : this.output;
  }

  /** SIGTERM, then SIGKILL if it has not exited within graceMs; resolves once it has exited. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.exited) return;
    this.child.kill('SIGTERM');
    const killer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    try {
      await this.exit;
    } finally {
      clearTimeout(killer);
    }
  }
}

export interface ReplicaOptions {
  name: string;
  port: number;
  databaseUrl: string;
  authSecret: string;
  dataDir: string;
  trustProxy: string;
  webDistDir: string;
  /** More settings, e.g. a fake Paystack's PAYSTACK_SECRET_KEY and PAYSTACK_BASE_URL. */
  env?: Record<string, string>;
}

/** `npm run serve` without npm in between: node with tsx's loader, so the pid is the server's own. */
export function startReplica(opts: ReplicaOptions): Managed {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATABASE_URL: opts.databaseUrl,
    AUTH_SECRET: opts.authSecret,
    SEED_DEMO: 'true',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: opts.trustProxy,
    WEB_DIST_DIR: opts.webDistDir,
    ...opts.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Managed(opts.name, child);
}

export interface HaproxyOptions {
  /** Where clients connect, e.g. `:80` or `127.0.0.1:8080`. */
  bind: string;
  /** The replicas, as host:port. */
  servers: string[];
  /** HAProxy's own status page (CSV at <uri>;csv), e.g. `127.0.0.1:8404`. */
  statsBind: string;
}

/**
 * The HAProxy configuration the README shows: round robin over the replicas, X-Forwarded-For for
 * TRUST_PROXY, health checks on readiness, and the live stream (SSE) kept open.
 */
export function haproxyConfig(opts: HaproxyOptions): string {
  const servers = opts.servers.map((address, i) => `    server aduro${i + 1} ${address}`).join('\n');
  return `global
    maxconn 4096

defaults
    mode http
    option http-keep-alive
    # The client's address for the replicas (they believe it with TRUST_PROXY set to this balancer).
    option forwardfor
    option redispatch
    retries 2
    timeout connect 5s
    timeout client 60s
    # Also the longest silence allowed on the live stream (GET /api/events, Server-Sent Events): HAProxy
    # times that one long answer by \`timeout server\`, not \`timeout tunnel\`. Replicas send a heartbeat
    # every 15 s, so streams stay open, and one whose replica died silently ends within a minute (the
    # client then reconnects through a live replica). Keep it above 15 s.
    timeout server 60s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 10s
    # Upgraded connections (WebSocket, CONNECT) stay open an hour without traffic.
    timeout tunnel 1h

frontend aduro
    bind ${opts.bind}
    default_backend aduro_replicas

backend aduro_replicas
    balance roundrobin
    # Only replicas that answer 200 here get traffic; a draining replica answers 503 and is left alone.
    option httpchk GET /api/health/ready
    http-check expect status 200
    default-server check inter 2s downinter 1s fall 2 rise 2
    # Pass each live-stream frame on at once: otherwise HAProxy may hold a small chunk of a streamed
    # answer back (MSG_MORE), about 200 ms a frame. It never buffers a whole answer.
    option http-no-delay
${servers}

listen stats
    bind ${opts.statsBind}
    stats enable
    stats uri /haproxy-stats
    stats refresh 5s
`;
}

/** HAProxy in the foreground (-db) with the given configuration file. */
export function startHaproxy(configFile: string): Managed {
  const child = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Managed('haproxy', child);
}

/** The replicas HAProxy has marked UP after a passing check (L7OK), from its status page's CSV. */
export async function haproxyServersUp(statsBase: string): Promise<string[]> {
  const res = await fetch(`${statsBase}/haproxy-stats;csv`);
  const csv = await res.text();
  const [header, ...rows] = csv.split('\n');
  const columns = (header ?? '').replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter(
      (cells) =>
        cells[at('pxname')] === 'aduro_replicas' &&
        cells[at('svname')] !== 'BACKEND' &&
        cells[at('status')] === 'UP' &&
        cells[at('check_status')] === 'L7OK',
    )
    .map((cells) => cells[at('svname')]!);
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): any;
  /** The answering process: the random prefix of its x-request-id (apps/api/src/app.ts genReqId). */
  process: string;
  /** The feed position a write names (aduro-position), when it names one. */
  position: string | undefined;
}

export interface CallOptions {
  authorization?: string;
  body?: unknown;
  /** aduro-after: the position of the caller's last write. */
  after?: string;
  /** The client address to connect from, e.g. 127.0.0.21 (any 127/8 address is this machine). */
  localAddress?: string;
  headers?: Record<string, string>;
}

/** One HTTP request with node:http (a fresh connection, so localAddress is the client's address). */
export function call(base: string, method: string, url: string, opts: CallOptions = {}): Promise<Answer> {
  const target = new URL(url, base);
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        localAddress: opts.localAddress,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(opts.authorization ? { authorization: opts.authorization } : {}),
          ...(opts.after ? { 'aduro-after': opts.after } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          const requestId = res.headers['x-request-id'];
          const position = res.headers['aduro-position'];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text,
            json: () => JSON.parse(text),
            process: typeof requestId === 'string' ? requestId.split('-')[0]! : '',
            position: typeof position === 'string' ? position : undefined,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export type Frame = SseFrame;

/** A client of GET /api/events reading frames as they arrive (fetch streaming, as the web app does). */
export interface EventStream {
  status: number;
  process: string;
  frames: Frame[];
  /** The first frame matching, waiting for it up to timeoutMs. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  close(): void;
}

export async function openEventStream(base: string, authorization: string): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { authorization }, signal: controller.signal });
  const frames: Frame[] = [];
  const waiting = new Set<() => void>();
  let ended = false;
  const wakeAll = () => {
    for (const wake of [...waiting]) wake();
  };
  void (async () => {
    if (res.body && res.status === 200) {
      await readSseFrames(res.body, (read) => {
        frames.push(...read);
        wakeAll();
      });
    }
    ended = true;
    wakeAll();
  })();
  const requestId = res.headers.get('x-request-id') ?? '';
  return {
    status: res.status,
    process: requestId.split('-')[0]!,
    frames,
    async next(match, timeoutMs = 10_000) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const found = frames.find(match);
        if (found) return found;
        if (ended)
          throw new Error(`the stream ended first; frames: ${frames.map((f) => f.event).join(', ')}`);
        const left = deadline - performance.now();
        if (left <= 0)
          throw new Error(
            `no matching frame within ${timeoutMs} ms; frames: ${frames.map((f) => f.event).join(', ')}`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiting.add(wake);
        });
      }
    },
    close: () => controller.abort(),
  };
}
