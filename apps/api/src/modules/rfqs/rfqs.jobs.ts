import type { FastifyInstance } from 'fastify';
import { sweepRfqDeadlines } from './rfqs.service.ts';

/** The queue the deadline sweep runs on, and when: every minute. */
export const RFQ_DEADLINES_QUEUE = 'rfqs.deadlines';
export const RFQ_DEADLINES_CRON = '* * * * *';

/**
 * The RFQs' background work: every minute one sweep (singleton across replicas) closes the RFQs whose
 * deadline passed and sends the 24-hour reminders. Reads never wait for it (an open RFQ past its
 * deadline already reads closed); it makes the close, its event and the reminder happen once.
 */
export async function rfqJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work(
    RFQ_DEADLINES_QUEUE,
    { retryLimit: 3, retryDelaySeconds: 30, policy: 'singleton' },
    async () => {
      const swept = await sweepRfqDeadlines(app.db);
      if (swept.closed > 0 || swept.reminded > 0) app.log.info({ swept }, 'rfq deadlines swept');
    },
  );
  await app.jobs.schedule(RFQ_DEADLINES_QUEUE, RFQ_DEADLINES_CRON);
}
