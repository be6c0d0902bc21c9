import type { FastifyInstance } from 'fastify';
import { NOTIFIED_EVENTS, notifyEvent } from './notifications.service.ts';

/**
 * The notifications module's background work: one job per committed event that notifies someone
 * (plugins/event-jobs.ts), which writes that event's in-app notifications. A failed job is tried again
 * after 5 s, 10 s, 20 s ...; a run after a crash inserts nothing twice (unique event and user).
 */
export async function notificationJobs(app: FastifyInstance): Promise<void> {
  await app.eventJobs.consume('notifications', NOTIFIED_EVENTS, (event) => notifyEvent(app.db, event), {
    retryLimit: 5,
    retryDelaySeconds: 5,
  });
}
