import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { ensurePlatformAdmin } from '../modules/auth/auth.service.ts';
import { migrateDatabase, openDatabase, type Database } from './client.ts';
import { seedDemo } from './seed/demo.ts';
import { ensureRoles } from './seed/roles.ts';

type Log = Pick<FastifyBaseLogger, 'info'>;

/**
 * Opens the database the configuration names, applies the committed migrations, makes sure the roles
 * exist, loads the demo data into an empty database (unless SEED_DEMO=false) and creates or updates
 * the administrator named by ADMIN_EMAIL.
 */
export async function prepareDatabase(config: Config, log: Log): Promise<Database> {
  const database = await openDatabase({ databaseUrl: config.env.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    await ensureRoles(database.db);
    if (config.env.SEED_DEMO) {
      const { seeded } = await seedDemo(database.db, {
        now: new Date(),
        uploadsDir: path.join(config.dataDir, 'uploads'),
      });
      if (seeded) log.info('demo data loaded into the empty database');
    }
    if (config.env.ADMIN_EMAIL && config.env.ADMIN_PASSWORD) {
      const { created } = await ensurePlatformAdmin(database.db, {
        email: config.env.ADMIN_EMAIL,
        password: config.env.ADMIN_PASSWORD,
        name: config.env.ADMIN_NAME,
      });
      log.info(
        { email: config.env.ADMIN_EMAIL },
        created ? 'platform administrator created' : 'platform administrator updated',
      );
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
