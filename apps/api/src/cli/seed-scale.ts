import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { seedDemo } from '../startup/seed/demo.ts';
import { ensureRoles } from '../startup/seed/roles.ts';
import { SCALE_PASSWORD, scaleEmails, seedScale } from '../startup/seed/scale.ts';

/**
 * `npm run seed:scale`: adds 500 suppliers, 2,000 customers, 5,000 products and 200,000 released orders
 * to the PostgreSQL database named by DATABASE_URL (with the demo data too, so the demo accounts sign
 * in), and an account or two for each organisation it adds.
 */
async function main() {
  const config = loadConfig();
  if (!config.env.DATABASE_URL) {
    console.error('seed:scale loads PostgreSQL only: set DATABASE_URL, e.g.');
    console.error(
      '  createdb aduro_scale && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/aduro_scale npm run seed:scale',
    );
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl: config.env.DATABASE_URL });
  try {
    const started = performance.now();
    await migrateDatabase(database);
    await ensureRoles(database.db);
    await seedDemo(database.db, { now: new Date() });
    console.log('Loading the scale data set...');
    const { seeded } = await seedScale(database.db, undefined, (line) => console.log(line));
    console.log(
      seeded
        ? `Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`
        : 'This database already holds the scale data set; nothing was added.',
    );
    if (seeded)
      console.log(
        `Sign in as ${scaleEmails.supplierAdmin(1)} (Admin), ${scaleEmails.inventoryManager(1)} ` +
          `(InventoryManager) or ${scaleEmails.buyer(1)}, numbered up to 0500 and 2000, password ${SCALE_PASSWORD}.`,
      );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
