import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { ensureRoles } from '../startup/seed/roles.ts';
import { ensurePlatformAdmin } from '../modules/auth/auth.service.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';

const argsSchema = z.object({
  email: z.string({ error: '--email is required' }).trim().email('--email must be an e-mail address'),
  password: z.string({ error: '--password is required' }).min(8, '--password must be at least 8 characters'),
  name: z.string().trim().min(3, '--name must be at least 3 characters').optional(),
});

/** `npm run create-admin -- --email E --password P --name N`: creates or updates a platform administrator. */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join('\n'));
    console.error(
      'Usage: npm run create-admin -- --email admin@example.com --password <at least 8> --name "Full Name"',
    );
    process.exit(2);
  }
  const config = loadConfig();
  // The embedded database is one process's: with a server running on it, stop that server first.
  const lock = config.env.DATABASE_URL ? null : await lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.env.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    await ensureRoles(database.db);
    const { created } = await ensurePlatformAdmin(database.db, parsed.data);
    console.log(`${created ? 'Created' : 'Updated'} platform administrator ${parsed.data.email}`);
  } finally {
    await database.close();
    await lock?.release();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
