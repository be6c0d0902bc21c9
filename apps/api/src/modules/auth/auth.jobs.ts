import type { FastifyInstance } from 'fastify';
import { PASSWORD_RESET_QUEUE, mailResetLink, type PasswordResetJob } from './password-reset.service.ts';

/**
 * The auth module's background work: mailing reset links (POST /auth/password-reset only enqueues). A
 * relay that refuses fails the job; the queue tries again after 10 s, 20 s, 40 s ... (decision 0011).
 */
export async function authJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work<PasswordResetJob>(
    PASSWORD_RESET_QUEUE,
    { retryLimit: 5, retryDelaySeconds: 10 },
    async (job) => mailResetLink(app.db, app.mail, app.mailLink, job),
  );
}
