import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';

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
  const database = await prepareDatabase(config, log);
  const app = await buildApp({ config, database });

  closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
    // Readiness answers 503 from here on (plugins/health.ts), so a balancer stops sending new requests.
    app.draining = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
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
