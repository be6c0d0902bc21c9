import type { ServerResponse } from 'node:http';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { prepareDatabase } from './startup/bootstrap.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/** Starts Aduro: checks the configuration, prepares the database, listens, and shuts down gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.env.LOG_LEVEL });
  let database;
  try {
    database = await prepareDatabase(config, log);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config, database });

  // Answers under way. On close Node ends only the keep-alive connections idle at that moment; one whose
  // answer is still being made would stay open until its keep-alive timeout (72 s), past the grace.
  const answering = new Set<ServerResponse>();
  app.server.on('request', (_req, res: ServerResponse) => {
    answering.add(res);
    res.once('close', () => answering.delete(res));
  });

  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
    // Readiness answers 503 from here on (plugins/health.ts), so a balancer stops sending new requests.
    app.draining = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // Answers under way finish, then their connections close: `Connection: close` on those not yet
    // started, and a sweep of idle connections after those already streaming. New requests meanwhile
    // get 503 with `Connection: close` from Fastify (return503OnClosing), and idle connections are
    // closed at once by server.close(). A live stream (GET /api/events) holds the close until its route
    // ends it, so that must happen in a preClose hook: onClose hooks run after the server has closed.
    for (const res of answering) {
      if (!res.headersSent) res.setHeader('connection', 'close');
      else res.once('finish', () => setImmediate(() => app.server.closeIdleConnections()));
    }
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.env.PORT, host: config.env.HOST });
  app.log.info(
    { driver: database.driver, url: `http://localhost:${config.env.PORT}` },
    `Aduro is ready on http://localhost:${config.env.PORT}`,
  );
}

main().catch((err) => {
  console.error('Aduro failed to start:', err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
