import { NOTIFICATION_TOPICS } from '@aduro/shared/notifications';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { renderMessage } from '../../lib/mail/message.ts';
import { invoicePdfFor } from '../invoices/render-invoice.workflow.ts';
import { paymentReceiptFor } from '../payments/receipt.workflow.ts';
import { readNotificationMail } from './notifications.repository.ts';
import type { QueuedMail } from './notify-event.ts';

/** The queue of notification e-mails: one job per message, retried on its own (decision 0011). */
export const NOTIFICATION_MAIL_QUEUE = 'mail.notification';

/**
 * Sends one queued e-mail. A notification's is read as it stands now: nothing when its user was removed
 * from the organisation (the notification went with them) or has since turned the topic's e-mail off.
 * A refusing relay throws, and the queue tries again later.
 */
export async function sendQueuedMail(
  db: Db,
  mail: Mailer,
  link: (screen: string) => string,
  job: QueuedMail,
): Promise<void> {
  if (job.kind === 'message') {
    const { action } = job.content;
    const { text, html } = renderMessage({
      ...job.content,
      ...(action ? { action: { ...action, url: link(action.url) } } : {}),
    });
    await mail.send({ to: job.to, subject: job.subject, text, html });
    return;
  }
  const found = await readNotificationMail(db, job.notificationId, job.topic);
  if (!found?.wantsEmail) return;
  const topic = NOTIFICATION_TOPICS[job.topic].label;
  // Rendered now, as the invoice stands (a receipt, as its payment settled) and as the recipient's
  // organisation sees it. One that is no longer there for it would never be: the notification still
  // goes, without the file.
  const invoice = job.invoice ? await invoicePdfFor(db, job.invoice.orgId, job.invoice.id) : null;
  const receipt = job.receipt ? await paymentReceiptFor(db, job.receipt.orgId, job.receipt.reference) : null;
  const attachments = [
    ...(invoice ? [{ filename: invoice.fileName, content: invoice.content }] : []),
    ...(receipt ? [{ filename: receipt.fileName, content: receipt.content }] : []),
  ].map((a) => ({ ...a, contentType: 'application/pdf' }));
  const { text, html } = renderMessage({
    heading: found.title,
    lines: [
      `Hello ${found.name},`,
      found.body,
      ...(invoice ? [`Invoice ${invoice.number} is attached as a PDF (${invoice.fileName}).`] : []),
      ...(receipt && job.receipt
        ? [`Receipt ${job.receipt.reference} is attached as a PDF (${receipt.fileName}).`]
        : []),
    ],
    action: { label: 'Open in Aduro', url: link(found.link) },
    footer: `You got this e-mail because you receive "${topic}" notifications at Aduro. Choose which come by e-mail under Notification settings, behind the bell.`,
  });
  await mail.send({
    to: found.email,
    subject: found.title,
    text,
    html,
    ...(attachments.length > 0 ? { attachments } : {}),
  });
}
