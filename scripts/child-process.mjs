import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the real server on an embedded PGlite in `dataDir`, listening on 127.0.0.1:`port`, as the
 * benches measure it; `env` adds what a bench needs (the demo seed, a web build).
 */
export function startServer({ dataDir, port, env = {} }) {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-for-signing-tokens',
      ...env,
    },
  });
}

/** Stops a server the benches started and resolves once it has exited (its port and files are free). */
export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
