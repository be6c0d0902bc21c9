import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_MAIL_QUEUE, sendQueuedMail } from './notification-mail.service.ts';
import { NOTIFIED_EVENTS, notifyEvent, type QueuedMail } from './notify-event.ts';
import { giveDailyReminders } from './reminders.service.ts';

/** The queue the daily reminders run on, and when: 07:00 in Accra (UTC), before pharmacies open. */
export const REMINDERS_QUEUE = 'reminders.daily';
export const REMINDERS_CRON = '0 7 * * *';

/**
 * The notifications module's background work (decision 0011):
 * - one job per committed event that notifies someone (plugins/event-jobs.ts), which writes that
 *   event's notifications and queues their e-mails in one transaction; retried after 5 s, 10 s, 20 s ...,
 *   and a run after a crash inserts and queues nothing twice (unique event and user);
 * - one job per e-mail, so a relay refusing one recipient retries that message alone (10 s, 20 s ...);
 * - the daily reminders (invoices falling due or overdue, lots expiring or expired; buyers' licences,
 *   authorisations and products' FDA registrations expiring), which record events that come back
 *   through the first queue.
 */
export async function notificationJobs(app: FastifyInstance): Promise<void> {
  await app.jobs.work<QueuedMail>(NOTIFICATION_MAIL_QUEUE, { retryLimit: 6, retryDelaySeconds: 10 }, (job) =>
    sendQueuedMail(app.db, app.mail, app.mailLink, job),
  );
  await app.eventJobs.consume(
    'notifications',
    NOTIFIED_EVENTS,
    (event) =>
      notifyEvent(app.db, event, {
        queueMail: async (tx, mail) => {
          await app.jobs.send(NOTIFICATION_MAIL_QUEUE, mail, { tx });
        },
      }),
    { retryLimit: 5, retryDelaySeconds: 5 },
  );
  await app.jobs.work(
    REMINDERS_QUEUE,
    { retryLimit: 3, retryDelaySeconds: 300, policy: 'singleton' },
    async () => {
      const given = await giveDailyReminders(app.db, new Date().toISOString().slice(0, 10));
      app.log.info({ given }, 'daily reminders given');
    },
  );
  await app.jobs.schedule(REMINDERS_QUEUE, REMINDERS_CRON);
}
