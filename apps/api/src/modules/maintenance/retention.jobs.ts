import type { FastifyInstance } from 'fastify';
import { trimTables } from './retention.service.ts';

/** The queue the daily trim runs on, and when: 02:30 UTC (Ghana's time all year), the market's quietest. */
export const RETENTION_QUEUE = 'maintenance.retention';
export const RETENTION_CRON = '30 2 * * *';

/**
 * The daily trim of the bounded tables (retention.service.ts), one run at a time across replicas. A run
 * that fails (the database away) is tried again; whatever its batches had deleted stays deleted, so the
 * retry only finishes the work. The counts are logged for an operator to follow the tables' growth.
 */
export async function retentionJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work(
    RETENTION_QUEUE,
    { retryLimit: 3, retryDelaySeconds: 300, policy: 'singleton' },
    async () => {
      const started = Date.now();
      const deleted = await trimTables(app.db);
      app.log.info({ deleted, ms: Date.now() - started }, 'retention: tables trimmed');
    },
  );
  await app.jobs.schedule(RETENTION_QUEUE, RETENTION_CRON);
}
