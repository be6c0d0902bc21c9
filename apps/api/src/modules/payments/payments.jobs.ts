import type { FastifyInstance } from 'fastify';
import { settleAttempt, sweepOpenAttempts } from './settle-payment.workflow.ts';

/** The queue a newly received charge.success is settled on (paystack-webhook.routes.ts sends to it). */
export const SETTLE_QUEUE = 'payments.settle';

/** The sweep that verifies what no webhook settled, and when: every minute. */
export const SWEEP_QUEUE = 'payments.sweep';
export const SWEEP_CRON = '* * * * *';

/**
 * Mobile money's background work (decision 0011), only where Paystack is set up:
 * - 'payments.settle', one job per newly received charge.success webhook: verifies with Paystack and
 *   applies the attempt. Paystack being away throws, so the queue retries (15 s, 30 s, ... eight times,
 *   about an hour in all); any other outcome is final and logged. Settling twice is harmless.
 * - 'payments.sweep', every minute on one replica at a time: the attempts no webhook settled (a lost
 *   webhook, a buyer who never approved) are verified after 10 minutes and given up after 24 hours.
 */
export async function paymentJobs(app: FastifyInstance): Promise<void> {
  const paystack = app.paystack;
  if (!paystack) return;
  await app.jobs.work<{ reference: string }>(
    SETTLE_QUEUE,
    { retryLimit: 8, retryDelaySeconds: 15 },
    async ({ reference }, job) => {
      // A PaystackUnavailableError goes up to the queue, which tries again later.
      const outcome = await settleAttempt(app.db, paystack, reference, { log: app.log });
      const line = { reference, outcome, attempt: job.retryCount + 1 };
      if (outcome === 'unknown' || outcome === 'flagged')
        app.log.warn(line, 'mobile money: webhook not applied');
      else app.log.info(line, 'mobile money: webhook settled');
    },
  );
  await app.jobs.work(SWEEP_QUEUE, { retryLimit: 0, policy: 'singleton' }, async () => {
    const swept = await sweepOpenAttempts(app.db, paystack, new Date(), app.log);
    if (swept.unavailable) app.log.warn({ swept }, 'mobile money: Paystack unreachable during the sweep');
    else if (Object.keys(swept).length > 0) app.log.info({ swept }, 'mobile money: open attempts swept');
  });
  await app.jobs.schedule(SWEEP_QUEUE, SWEEP_CRON);
}
