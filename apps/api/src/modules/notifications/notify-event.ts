import type { FeedEvent } from '@aduro/shared/events';
import { formatCedis, sumCedis } from '@aduro/shared/money';
import { NOTIFICATION_TOPICS, topicOfEvent, type NotificationTopic } from '@aduro/shared/notifications';
import { RECALL_SEVERITY_LABELS } from '@aduro/shared/recalls';
import type { Db, Tx } from '../../db/client.ts';
import type { MessageContent } from '../../lib/mail/message.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import {
  notifyOrganisation,
  readApplication,
  readApproverEmails,
  readDropMove,
  readInvoice,
  readOrders,
  readOrganisation,
  readPlatformOrganisations,
  type NotificationText,
} from './notifications.repository.ts';
import { readAcknowledgement, readRecallForNotification } from '../recalls/recalls.repository.ts';
import { readLots, readRegistrations } from './reminders.repository.ts';
import { LICENCE_KIND_LABELS, type LicenceKind } from '@aduro/shared/compliance';
import { readLicenceForNotice } from '../compliance/licence-records.repository.ts';
import {
  readRfqAwardedOrders,
  readRfqForNotice,
  readRfqResponseCounts,
} from '../rfqs/rfq-notices.repository.ts';
import { RETURN_REASON_LABELS } from '@aduro/shared/returns';
import { readReturnForNotice, type ReturnNotice } from '../returns/return-notices.repository.ts';
import { readPaymentForNotice, type PaymentNotice } from '../payments/receipt.repository.ts';

/*
 * The notifications job's work: from one committed event to its notifications, their e-mails and the
 * bells' refresh, in one transaction. The API over what it writes is notifications.service.ts.
 */

/** The events that notify someone (DOMAIN.md "Notifications"): every event of a topic. */
export const NOTIFIED_EVENTS = Object.values(NOTIFICATION_TOPICS).flatMap((t) => t.events);

/** The screen each notification links to; an order's own card where there is one. */
const LINKS = {
  supplierShipping: (orderId?: string) =>
    orderId ? `/supplier?tab=shipping&order=${orderId}` : '/supplier?tab=shipping',
  supplierCredit: '/supplier?tab=credit',
  supplierInventory: '/supplier?tab=inventory',
  buyerOrder: (orderId: string) => `/customer/orders?order=${orderId}`,
  buyerCredit: '/customer/credit',
  // The buyer's invoices are listed on its credit screen (InvoicesCard), where it pays them.
  buyerInvoices: '/customer/credit',
  admin: '/admin',
  supplierRecall: (recallId: string) => `/supplier?tab=recalls&recall=${recallId}`,
  buyerRecall: (recallId: string) => `/customer/orders?recall=${recallId}`,
  buyerLicence: '/customer/licence',
  buyerRfq: (rfqId: string) => `/customer/rfqs/${rfqId}`,
  supplierRfq: (rfqId: string) => `/supplier?tab=quotes&rfq=${rfqId}`,
  buyerReturn: (returnId: string) => `/customer/orders?tab=returns&return=${returnId}`,
  supplierReturn: (returnId: string) => `/supplier?tab=returns&return=${returnId}`,
} as const;

/** Drop moves the buyer hears of; Awaiting Dispatch is the supplier's business. */
const HEARD_DROP_STATUSES = new Set(['Shipped', 'Out for Delivery', 'Delivered', 'Cancelled']);

/** What the notifications job needs beyond the database: queueing an e-mail in its transaction. */
export interface NotifyOptions {
  /** Queues one e-mail as a job in `tx`, so it is sent once the notification it tells of is committed. */
  queueMail(tx: Tx, mail: QueuedMail): Promise<void>;
}

/**
 * An e-mail job: one notification's (its recipient and text are read when it is sent), or a message to
 * an address outside the users, whose action names a screen of the app (made absolute when sent).
 */
export type QueuedMail =
  | {
      kind: 'notification';
      notificationId: string;
      topic: NotificationTopic;
      /**
       * The invoice to attach as a PDF, rendered when the e-mail is sent (as it stands then, never bytes
       * in the job), as the recipient's organisation sees it.
       */
      invoice?: { id: string; orgId: string };
      /** A settled mobile-money payment's receipt to attach, rendered when sent, as `orgId` sees it. */
      receipt?: { reference: string; orgId: string };
    }
  | { kind: 'message'; to: string; subject: string; content: MessageContent };

/**
 * Writes the notifications of one event, in one transaction: who hears it is read from the users and
 * their roles (NOTIFICATION_TOPICS), never anyone outside the organisations the event concerns, and
 * never the user who acted (save the buyer's invoice on release, a record they keep). The same
 * transaction queues the e-mails of those who take the topic by e-mail and records
 * `notifications.added`, so the recipients' bells refresh. Idempotent by the event's id: a second run
 * inserts, mails and records nothing (notifications_event_user_unique).
 */
export async function notifyEvent(db: Db, event: FeedEvent, options: NotifyOptions): Promise<void> {
  await inTransaction(db, async (tx) => {
    const topic = topicOfEvent(event.type);
    if (!topic) return;
    const notified = new Set<string>();
    const notify: Notify = async (orgId, text, extra = {}) => {
      // The actor is left out, unless the message is a record they keep too (the buyer's invoice).
      const from = extra.includeActor ? { ...event, actorUserId: null } : event;
      const rows = await notifyOrganisation(tx, from, { orgId, topic }, text);
      if (rows.length > 0) notified.add(orgId);
      const invoice = extra.invoiceId ? { invoice: { id: extra.invoiceId, orgId } } : {};
      const receipt = extra.receiptReference ? { receipt: { reference: extra.receiptReference, orgId } } : {};
      for (const { id, email } of rows) {
        if (email)
          await options.queueMail(tx, {
            kind: 'notification',
            notificationId: id,
            topic,
            ...invoice,
            ...receipt,
          });
      }
    };
    await writeNotifications(tx, event, notify);
    // Nothing inserted means a retried run (or nobody to hear): the first run mailed and announced.
    if (notified.size === 0) return;
    await recordEvent(tx, { type: 'notifications.added', orgIds: [...notified] });
    if (event.type === 'credit.application_submitted' && event.refs.applicationId && event.refs.supplierId)
      await mailApprovers(tx, event.refs.applicationId, event.refs.supplierId, options);
  });
}

/** Beyond the text: whether the actor hears it too, and an invoice or a payment receipt its e-mail attaches. */
interface NotifyExtra {
  includeActor?: boolean;
  invoiceId?: string;
  /** A settled mobile-money payment's reference: the e-mail attaches its receipt. */
  receiptReference?: string;
}
type Notify = (orgId: string, text: NotificationText, extra?: NotifyExtra) => Promise<void>;

/** A licence's kind inside a sentence: "retail pharmacy licence", "OTC medicine seller licence". */
const kindWords = (kind: LicenceKind) =>
  kind === 'otc_medicine_seller' ? LICENCE_KIND_LABELS[kind] : LICENCE_KIND_LABELS[kind].toLowerCase();
const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const batches = (numbers: readonly string[]) =>
  `batch${numbers.length === 1 ? '' : 'es'} ${numbers.join(', ')}`;
/** Text a person typed, ending a sentence of ours: its own final full stop dropped, ours added. */
const sentence = (typed: string) => `${typed.trim().replace(/[.!?\s]+$/, '')}.`;

/** A return's lines in words: "damaged, batch B-1: 3 units; expired, no batch: 1 unit". */
const returnLines = (ret: ReturnNotice) =>
  ret.lines
    .map(
      (l) =>
        `${RETURN_REASON_LABELS[l.reason].toLowerCase()}, ${l.batchNumber ? `batch ${l.batchNumber}` : 'no batch'}: ${units(l.quantity)}`,
    )
    .join('; ');

/** What inspection made of the received units: "3 back into stock, 2 destroyed". */
function returnFates(ret: ReturnNotice): string {
  const total = (pick: (l: ReturnNotice['lines'][number]) => number | null) =>
    ret.lines.reduce((sum, l) => sum + (pick(l) ?? 0), 0);
  const parts = [
    [total((l) => l.restockedQuantity), 'back into stock'],
    [total((l) => l.destroyedQuantity), 'destroyed'],
    [total((l) => l.manufacturerQuantity), 'sent back to the manufacturer'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${units(n)} ${what}`)
    .join(', ');
}

/** Where a credit note's amount went, as the buyer reads it. */
function creditSplit(credit: NonNullable<ReturnNotice['creditNote']>, sellerName: string): string {
  const parts: string[] = [];
  if (credit.appliedToInvoice > 0)
    parts.push(`${formatCedis(credit.appliedToInvoice)} off what invoice ${credit.invoiceNumber} still owed`);
  if (credit.appliedToCreditLine > 0)
    parts.push(
      `${formatCedis(credit.appliedToCreditLine)} off invoice ${credit.invoiceNumber} and your credit line balance with ${sellerName}`,
    );
  if (credit.heldAsCredit > 0)
    parts.push(
      `${formatCedis(credit.heldAsCredit)} held as credit with ${sellerName} (invoice ${credit.invoiceNumber} was already settled)`,
    );
  return parts.join('; ');
}

/** The network and the phone charged, as the notices name them: "MTN, phone ending 1234". */
const paidFrom = (p: PaymentNotice) => `${p.providerName}, phone ending ${p.phoneLast4}`;

/** What the invoice still owes after a settled payment, or that it is paid. */
const remaining = (p: PaymentNotice) =>
  (p.outstandingAfter ?? 0) > 0
    ? `${formatCedis(p.outstandingAfter ?? 0)} remains outstanding on invoice ${p.invoiceNumber}.`
    : `Invoice ${p.invoiceNumber} is paid in full.`;

/**
 * Where a settled payment's amount went, as `to` reads it ('buyer': "your credit", 'seller': the buyer's):
 * to the invoice, and any excess beyond what it still owed held as credit with the supplier.
 */
function paymentSplit(p: PaymentNotice, to: 'buyer' | 'seller'): string {
  const applied = p.applied ?? 0;
  const held = p.heldAsCredit ?? 0;
  const holder =
    to === 'buyer' ? `as your credit with ${p.seller.name}` : `as ${p.buyer.name}'s credit with you`;
  if (applied === 0)
    return `Invoice ${p.invoiceNumber} was already settled, so all ${formatCedis(held)} is held ${holder}`;
  const toInvoice = `${formatCedis(applied)} went to invoice ${p.invoiceNumber}`;
  return held > 0
    ? `${toInvoice}; the other ${formatCedis(held)}, more than it still owed, is held ${holder}`
    : toInvoice;
}

/** How a payment that moved no money ended, as its buyer's notice titles it. */
const UNPAID_ENDINGS = {
  failed: 'failed',
  abandoned: 'was not completed',
  flagged: 'is being checked',
} as const;

/** The notifications' text for each event type, sent to `notify` once per organisation that hears it. */
async function writeNotifications(tx: Tx, event: FeedEvent, notify: Notify): Promise<void> {
  const { refs } = event;
  switch (event.type) {
    case 'order.drafted': {
      const orders = await readOrders(tx, refs.orderIds ?? []);
      // One notification per supplier, naming each of its orders the event drafted.
      const bySeller = new Map<string, typeof orders>();
      for (const o of orders) bySeller.set(o.sellerOrgId, [...(bySeller.get(o.sellerOrgId) ?? []), o]);
      for (const [sellerOrgId, theirs] of bySeller) {
        const [first] = theirs;
        if (!first) continue;
        await notify(
          sellerOrgId,
          theirs.length === 1
            ? {
                title: `New order ${first.number} awaiting approval`,
                body: `${first.buyerName} drafted order ${first.number}: ${units(first.totalQuantity)} of ${first.productName}, ${formatCedis(first.totalCost)}. It is released once they approve it.`,
                link: LINKS.supplierShipping(first.id),
              }
            : {
                title: `${theirs.length} new orders awaiting approval`,
                body: `${first.buyerName} drafted orders ${theirs.map((o) => o.number).join(', ')}, ${formatCedis(sumCedis(theirs.map((o) => o.totalCost)))} in all. They are released once approved.`,
                link: LINKS.supplierShipping(),
              },
        );
      }
      return;
    }
    case 'order.released': {
      if (!refs.invoiceId) return;
      const invoice = await readInvoice(tx, refs.invoiceId);
      if (!invoice) return;
      const what = `${units(invoice.totalQuantity)} of ${invoice.productName}`;
      await notify(invoice.sellerOrgId, {
        title: `Order ${invoice.orderNumber} approved`,
        body: `${invoice.buyerName} approved order ${invoice.orderNumber} (${what}). Invoice ${invoice.number} for ${formatCedis(invoice.amount)} is due on ${invoice.dueDate}.`,
        link: LINKS.supplierShipping(invoice.orderId),
      });
      // The buyer's e-mail carries the invoice, a record every one of its users keeps: the user who
      // approved included, or a pharmacy with one user would never receive its invoices.
      await notify(
        invoice.buyerOrgId,
        {
          title: `Order ${invoice.orderNumber} released`,
          body: `${invoice.sellerName} released order ${invoice.orderNumber} (${what}). Invoice ${invoice.number} for ${formatCedis(invoice.amount)} is due on ${invoice.dueDate}.`,
          link: LINKS.buyerOrder(invoice.orderId),
        },
        { includeActor: true, invoiceId: refs.invoiceId },
      );
      return;
    }
    case 'drop.moved': {
      if (!refs.dropId) return;
      const drop = await readDropMove(tx, refs.dropId, refs.historyId ?? null);
      if (!drop || !HEARD_DROP_STATUSES.has(drop.status)) return;
      const which =
        drop.dropCount > 1
          ? `Drop ${drop.sequence} of order ${drop.orderNumber}`
          : `Order ${drop.orderNumber}`;
      const what = `${units(drop.quantity)} of ${drop.productName}`;
      const body = {
        Shipped: `${drop.sellerName} shipped ${what}. Tracking number ${drop.trackingNumber ?? 'not given'}${drop.estimatedDeliveryDate ? `, expected on ${drop.estimatedDeliveryDate}` : ''}.`,
        'Out for Delivery': `${what} from ${drop.sellerName} is out for delivery${drop.estimatedDeliveryDate ? `, expected on ${drop.estimatedDeliveryDate}` : ''}.`,
        Delivered: `${drop.sellerName} delivered ${what}.`,
        Cancelled: `${drop.sellerName} cancelled the delivery of ${what}.`,
      }[drop.status as 'Shipped' | 'Out for Delivery' | 'Delivered' | 'Cancelled'];
      await notify(drop.buyerOrgId, {
        title: `${which} ${drop.status === 'Out for Delivery' ? 'is out for delivery' : drop.status.toLowerCase()}`,
        body,
        link: LINKS.buyerOrder(drop.orderId),
      });
      return;
    }
    case 'credit.application_submitted': {
      if (!refs.applicationId) return;
      const application = await readApplication(tx, refs.applicationId);
      if (!application) return;
      await notify(application.supplierId, {
        title: `Credit application from ${application.customerName}`,
        body: `${application.customerName} applied for a credit line of ${formatCedis(application.requestedLimit)}.`,
        link: LINKS.supplierCredit,
      });
      return;
    }
    case 'credit.decided': {
      if (!refs.applicationId) return;
      const application = await readApplication(tx, refs.applicationId);
      if (!application || application.status === 'pending') return;
      await notify(
        application.customerId,
        application.status === 'approved'
          ? {
              title: `${application.supplierName} approved your credit application`,
              body: `Your credit line with ${application.supplierName} has a limit of ${formatCedis(application.approvedLimit ?? 0)}.`,
              link: LINKS.buyerCredit,
            }
          : {
              title: `${application.supplierName} declined your credit application`,
              body: `${application.supplierName} declined your application for a credit line of ${formatCedis(application.requestedLimit)}.${
                // The supplier's reason, when it gave one, as typed less a final full stop.
                refs.reason ? ` Reason: ${refs.reason.replace(/[.!?\s]+$/, '')}.` : ''
              }`,
              link: LINKS.buyerCredit,
            },
      );
      return;
    }
    case 'payment.recorded': {
      if (!refs.invoiceId) return;
      const invoice = await readInvoice(tx, refs.invoiceId);
      if (!invoice) return;
      await notify(invoice.buyerOrgId, {
        title: `Payment recorded on invoice ${invoice.number}`,
        body: `${invoice.sellerName} recorded a payment against invoice ${invoice.number} (order ${invoice.orderNumber}, ${formatCedis(invoice.amount)}). ${formatCedis(invoice.amountPaid)} of it is paid.`,
        link: LINKS.buyerOrder(invoice.orderId),
      });
      return;
    }
    case 'invoice.due_soon':
    case 'invoice.overdue': {
      if (!refs.invoiceId) return;
      const invoice = await readInvoice(tx, refs.invoiceId);
      // Paid between the reminder and this job: nothing is owed any more.
      if (!invoice || invoice.status !== 'unpaid') return;
      const owed = formatCedis(sumCedis([invoice.amount, -invoice.amountPaid, -invoice.creditApplied]));
      await notify(
        invoice.buyerOrgId,
        event.type === 'invoice.due_soon'
          ? {
              title: `Invoice ${invoice.number} is due on ${invoice.dueDate}`,
              body: `${owed} of invoice ${invoice.number} to ${invoice.sellerName} (order ${invoice.orderNumber}) is due on ${invoice.dueDate}.`,
              link: LINKS.buyerOrder(invoice.orderId),
            }
          : {
              title: `Invoice ${invoice.number} is overdue`,
              body: `${owed} of invoice ${invoice.number} to ${invoice.sellerName} (order ${invoice.orderNumber}) was due on ${invoice.dueDate} and is still unpaid.`,
              link: LINKS.buyerOrder(invoice.orderId),
            },
      );
      return;
    }
    case 'lots.expiring':
    case 'lots.expired': {
      if (!refs.supplierId || !refs.lotIds?.length) return;
      const lots = await readLots(tx, refs.lotIds);
      if (lots.length === 0) return;
      const expiring = event.type === 'lots.expiring';
      const listed = lots
        .slice(0, 5)
        .map(
          (l) =>
            `${l.productName}: ${units(l.quantity)}, ${expiring ? 'expires' : 'expired'} ${l.expiryDate}`,
        );
      const more = lots.length > 5 ? ` and ${lots.length - 5} more` : '';
      await notify(refs.supplierId, {
        title: expiring
          ? `${lots.length === 1 ? '1 lot expires' : `${lots.length} lots expire`} within 30 days`
          : `${lots.length === 1 ? '1 lot has' : `${lots.length} lots have`} expired`,
        body: `${listed.join('; ')}${more}.${expiring ? ' Sell or return them before they expire.' : ' Take them off the shelf and out of your stock count.'}`,
        link: LINKS.supplierInventory,
      });
      return;
    }
    case 'organisation.toggled': {
      if (!refs.organisationId) return;
      const org = await readOrganisation(tx, refs.organisationId);
      if (!org || org.kind === 'platform') return;
      const home = org.kind === 'supplier' ? '/supplier' : '/customer';
      // The direction this toggle went (a second toggle may have landed before this job ran); older
      // events without it fall back to the state now.
      const active = refs.active ?? org.isActive;
      // The administrator's reason as typed, less a final full stop, so the sentence after it reads right.
      const why = refs.reason ? ` Reason: ${refs.reason.replace(/[.!?\s]+$/, '')}.` : '';
      await notify(
        refs.organisationId,
        active
          ? {
              title: `${org.name} is active again`,
              body: `The platform reactivated ${org.name}; your team can sign in and trade again.${why}`,
              link: home,
            }
          : {
              title: `${org.name} was deactivated`,
              body: `The platform deactivated ${org.name}.${why} Contact the platform operator to reactivate it.`,
              link: home,
            },
      );
      return;
    }
    case 'organisation.registered': {
      if (!refs.organisationId) return;
      const org = await readOrganisation(tx, refs.organisationId);
      // Customers start active; only a supplier waits for the operator to review its licence.
      if (!org || org.kind !== 'supplier' || org.isActive) return;
      for (const platform of await readPlatformOrganisations(tx)) {
        await notify(platform.id, {
          title: `${org.name} awaits licence review`,
          body: `${org.name} registered as a supplier. Review its licence and activate it under Organisations.`,
          link: LINKS.admin,
        });
      }
      return;
    }
    case 'recall.declared': {
      if (!refs.recallId) return;
      const recall = await readRecallForNotification(tx, refs.recallId);
      if (!recall) return;
      const about = (numbers: readonly string[]) =>
        `Recall ${recall.number}: ${recall.productName} ${batches(numbers)}`;
      // The reason as typed, less a final full stop, so the sentence after it reads right.
      const why = `${RECALL_SEVERITY_LABELS[recall.severity]}. Reason: ${recall.reason.replace(/[.!?\s]+$/, '')}`;
      // Each organisation hears of the batches it holds or received, not the whole recall's list.
      for (const supplier of recall.suppliers) {
        // Its undelivered drops of the batches can neither ship nor be delivered until it acts on them.
        const held =
          supplier.heldDrops === 0
            ? ''
            : ` ${supplier.heldDrops === 1 ? 'One undelivered drop holds it and is' : `${supplier.heldDrops} undelivered drops hold it and are`} on hold on your shipping board: re-pick or cancel ${supplier.heldDrops === 1 ? 'it' : 'them'}.`;
        await notify(supplier.orgId, {
          title: about(supplier.batchNumbers),
          body: `${recall.declaredByName} recalled ${recall.productName} ${batches(supplier.batchNumbers)}. ${why}. Your ${units(supplier.units)} of it are quarantined and can no longer be sold; the recall lists every delivery that received them.${held}`,
          link: LINKS.supplierRecall(recall.id),
        });
      }
      for (const buyer of recall.buyers) {
        // Only a delivered drop reached the pharmacy; the supplier holds the others (docs/domain.md "Recalls").
        const reached =
          buyer.delivered === 0
            ? ''
            : ` ${buyer.delivered === 1 ? 'One of your deliveries' : `${buyer.delivered} of your deliveries`} reached your pharmacy with it: take it off the shelf, quarantine it and confirm on the recall.`;
        const held =
          buyer.held === 0
            ? ''
            : ` ${buyer.held === 1 ? 'One delivery' : `${buyer.held} deliveries`} of it not yet delivered to you ${buyer.held === 1 ? 'is' : 'are'} held by the supplier: ${buyer.held === 1 ? 'it' : 'they'} will not reach you with this batch, and will be replaced with another batch or cancelled.`;
        await notify(buyer.orgId, {
          title: about(buyer.batchNumbers),
          body: `${recall.declaredByName} recalled ${recall.productName} ${batches(buyer.batchNumbers)}. ${why}.${reached}${held}`,
          link: LINKS.buyerRecall(recall.id),
        });
      }
      return;
    }
    case 'recall.acknowledged': {
      if (!refs.recallId || !refs.dropId) return;
      const ack = await readAcknowledgement(tx, refs.recallId, refs.dropId);
      if (!ack) return;
      await notify(ack.sellerOrgId, {
        title: `${ack.buyerName} quarantined ${ack.recallNumber} at ${ack.addressName}`,
        body: `${ack.acknowledgedBy} of ${ack.buyerName} confirmed the ${ack.productName} of order ${ack.orderNumber} delivered to ${ack.addressName} is quarantined under recall ${ack.recallNumber}.`,
        link: LINKS.supplierRecall(ack.recallId),
      });
      return;
    }
    case 'licence.submitted': {
      if (!refs.organisationId) return;
      const licence = await readLicenceForNotice(tx, refs.organisationId);
      if (!licence) return;
      const authorisation = licence.authorisationNumber
        ? `, with controlled-drugs authorisation ${licence.authorisationNumber}`
        : '';
      for (const platform of await readPlatformOrganisations(tx)) {
        await notify(platform.id, {
          title: `${licence.organizationName} sent a pharmacy licence for review`,
          body: `${licence.organizationName} submitted its ${kindWords(licence.kind)} licence ${licence.number}, valid until ${licence.expiresOn}${authorisation}. Check it and verify or reject it under Licences; until then it cannot release orders.`,
          link: LINKS.admin,
        });
      }
      return;
    }
    case 'licence.reviewed': {
      if (!refs.organisationId || !refs.licenceStatus) return;
      const licence = await readLicenceForNotice(tx, refs.organisationId);
      if (!licence) return;
      const what = `${licence.organizationName}'s ${kindWords(licence.kind)} licence ${licence.number}`;
      // The administrator's reason as typed, less a final full stop, so the sentence after it reads right.
      const why = refs.reason ? ` Reason: ${refs.reason.replace(/[.!?\s]+$/, '')}.` : '';
      if (refs.licenceStatus === 'verified') {
        const may =
          licence.kind === 'otc_medicine_seller'
            ? 'You can now approve orders of over-the-counter (class C) medicines that are not controlled.'
            : 'You can now approve orders.';
        const controlled =
          refs.controlledAuthorised && licence.authorisationNumber
            ? ` Your controlled-drugs authorisation ${licence.authorisationNumber} is verified too, until ${licence.authorisationExpiresOn}.`
            : '';
        await notify(refs.organisationId, {
          title: 'Your pharmacy licence is verified',
          body: `The platform verified ${what}, valid until ${licence.expiresOn}. ${may}${controlled}${why}`,
          link: LINKS.buyerLicence,
        });
        return;
      }
      await notify(
        refs.organisationId,
        refs.revoked
          ? {
              title: 'Your pharmacy licence is no longer verified',
              body: `The platform withdrew its verification of ${what}.${why} Orders cannot be released until a licence is verified again: upload a valid licence under Licence.`,
              link: LINKS.buyerLicence,
            }
          : {
              title: 'Your pharmacy licence was not accepted',
              body: `The platform could not verify ${what}.${why} Upload a corrected licence under Licence and it will be checked again.`,
              link: LINKS.buyerLicence,
            },
      );
      return;
    }
    case 'licence.expiring':
    case 'licence.authorisation_expiring': {
      if (!refs.organisationId || !refs.expiresOn) return;
      const licence = await readLicenceForNotice(tx, refs.organisationId);
      const licenceReminder = event.type === 'licence.expiring';
      // Renewed between the reminder and this job: the expiry reminded of is no longer the one on file.
      const onFile = licenceReminder ? licence?.expiresOn : licence?.authorisationExpiresOn;
      if (!licence || onFile !== refs.expiresOn) return;
      await notify(
        refs.organisationId,
        licenceReminder
          ? {
              title: `Your pharmacy licence expires on ${refs.expiresOn}`,
              body: `${licence.organizationName}'s ${kindWords(licence.kind)} licence ${licence.number} expires on ${refs.expiresOn}. Upload the renewed licence under Licence before then: once it expires, your orders cannot be released.`,
              link: LINKS.buyerLicence,
            }
          : {
              title: `Your controlled-drugs authorisation expires on ${refs.expiresOn}`,
              body: `${licence.organizationName}'s controlled-drugs authorisation ${licence.authorisationNumber ?? ''} expires on ${refs.expiresOn}. Enter the renewed authorisation under Licence before then: once it expires, orders of controlled drugs cannot be released.`,
              link: LINKS.buyerLicence,
            },
      );
      return;
    }
    case 'registrations.expiring': {
      if (!refs.supplierId || !refs.productIds?.length) return;
      const products = await readRegistrations(tx, refs.productIds);
      if (products.length === 0) return;
      const listed = products
        .slice(0, 5)
        .map((p) => `${p.name}: registration ${p.number ?? 'not recorded'}, expires ${p.expiresOn}`);
      const more = products.length > 5 ? ` and ${products.length - 5} more` : '';
      await notify(refs.supplierId, {
        title:
          products.length === 1
            ? "1 product's FDA registration expires within 30 days"
            : `${products.length} products' FDA registrations expire within 30 days`,
        body: `${listed.join('; ')}${more}. Once a registration lapses the product leaves the marketplace and cannot be sold: send the renewed registration to the platform operator, who records it.`,
        link: LINKS.supplierInventory,
      });
      return;
    }
    case 'rfq.opened': {
      if (!refs.rfqId) return;
      const rfq = await readRfqForNotice(tx, refs.rfqId);
      if (!rfq) return;
      const asked = rfq.lines.slice(0, 5).map((l) => `${l.productName}: ${units(l.quantity)}`);
      const more = rfq.lines.length > 5 ? ` and ${rfq.lines.length - 5} more` : '';
      const sealed = rfq.sealed
        ? 'Sealed: the buyer sees no quote, nor who quoted, until the deadline passes or it closes the request.'
        : 'Not sealed: the buyer sees each quote as it arrives.';
      // The invitations the event made: a supplier added by no later step hears nothing of it.
      const invited = new Set(refs.supplierIds ?? []);
      for (const invitation of rfq.invitations) {
        if (!invited.has(invitation.supplierOrgId)) continue;
        await notify(invitation.supplierOrgId, {
          title: `${rfq.buyerName} asks for quotes: ${rfq.number}`,
          body: `${rfq.buyerName} asks you to quote on ${asked.join('; ')}${more}. Quotes are due by ${rfq.deadline} (Accra time); the goods are needed by ${rfq.requiredBy}. ${sealed}`,
          link: LINKS.supplierRfq(rfq.id),
        });
      }
      return;
    }
    case 'rfq.deadline_near': {
      if (!refs.rfqId) return;
      const rfq = await readRfqForNotice(tx, refs.rfqId);
      // Closed or cancelled between the reminder and this job: there is nothing left to quote on.
      if (!rfq || rfq.status !== 'open') return;
      const reminded = new Set(refs.supplierIds ?? []);
      for (const invitation of rfq.invitations) {
        // A supplier that declined since the reminder was recorded has said its word.
        if (!reminded.has(invitation.supplierOrgId) || invitation.status === 'declined') continue;
        await notify(invitation.supplierOrgId, {
          title: `Quotes on ${rfq.number} are due within 24 hours`,
          body:
            invitation.status === 'quoted'
              ? `Quotes on ${rfq.buyerName}'s ${rfq.number} are due by ${rfq.deadline} (Accra time). Your quote stands; you may revise or withdraw it until then.`
              : `You have not quoted yet on ${rfq.buyerName}'s ${rfq.number}. Quotes are due by ${rfq.deadline} (Accra time): quote or decline before then.`,
          link: LINKS.supplierRfq(rfq.id),
        });
      }
      return;
    }
    case 'rfq.cancelled': {
      if (!refs.rfqId) return;
      const rfq = await readRfqForNotice(tx, refs.rfqId);
      if (!rfq) return;
      // The buyer's reason as typed, less a final full stop, so the sentence after it reads right.
      const why = rfq.cancelReason ? ` Reason: ${rfq.cancelReason.replace(/[.!?\s]+$/, '')}.` : '';
      for (const invitation of rfq.invitations) {
        await notify(invitation.supplierOrgId, {
          title: `${rfq.buyerName} cancelled ${rfq.number}`,
          body: `${rfq.buyerName} cancelled request for quotation ${rfq.number}; no orders will be drafted from it.${why}`,
          link: LINKS.supplierRfq(rfq.id),
        });
      }
      return;
    }
    case 'rfq.awarded': {
      if (!refs.rfqId) return;
      const [rfq, orders] = await Promise.all([
        readRfqForNotice(tx, refs.rfqId),
        readRfqAwardedOrders(tx, refs.rfqId),
      ]);
      if (!rfq) return;
      // Only suppliers whose quote stood at the award hear of it: a decliner or a silent one has no stake.
      for (const invitation of rfq.invitations) {
        if (!invitation.quoted) continue;
        const theirs = orders.filter((o) => o.supplierOrgId === invitation.supplierOrgId);
        await notify(
          invitation.supplierOrgId,
          theirs.length > 0
            ? {
                title: `${rfq.buyerName} awarded you ${rfq.number}`,
                body: `${rfq.buyerName} awarded you ${rfq.number}: ${theirs
                  .map(
                    (o) =>
                      `order ${o.orderNumber} (${units(o.units)} of ${o.productName}, ${formatCedis(o.totalCost)})`,
                  )
                  .join('; ')}. ${theirs.length === 1 ? 'It awaits' : 'They await'} the buyer's approval.`,
                link: LINKS.supplierRfq(rfq.id),
              }
            : {
                // Never who won, nor at what price: a supplier learns nothing of the others.
                title: `${rfq.number} was awarded to other suppliers`,
                body: `${rfq.buyerName} awarded ${rfq.number} to other suppliers; your quote was not chosen.`,
                link: LINKS.supplierRfq(rfq.id),
              },
        );
      }
      return;
    }
    case 'rfq.response_received': {
      // A sealed request names no supplier to its buyer while open, and "someone quoted" tells nothing.
      if (!refs.rfqId || !refs.supplierId) return;
      if (refs.rfqResponse !== 'quoted' && refs.rfqResponse !== 'revised') return;
      const rfq = await readRfqForNotice(tx, refs.rfqId);
      if (!rfq || rfq.sealed) return;
      const supplier = rfq.invitations.find((i) => i.supplierOrgId === refs.supplierId);
      if (!supplier) return;
      const did = refs.rfqResponse === 'quoted' ? 'quoted' : 'revised its quote';
      await notify(rfq.buyerOrgId, {
        title: `${supplier.supplierName} ${did} on ${rfq.number}`,
        body: `${supplier.supplierName} ${did} on ${rfq.number}. Quotes are due by ${rfq.deadline} (Accra time); compare them on the request.`,
        link: LINKS.buyerRfq(rfq.id),
      });
      return;
    }
    case 'rfq.closed': {
      if (!refs.rfqId) return;
      const [rfq, counts] = await Promise.all([
        readRfqForNotice(tx, refs.rfqId),
        readRfqResponseCounts(tx, refs.rfqId),
      ]);
      if (!rfq || rfq.status === 'cancelled') return;
      const quotes = plural(counts.quotes, 'quote', 'quotes');
      await notify(rfq.buyerOrgId, {
        title: `Quotes on ${rfq.number} are open: ${quotes}, ${counts.declined} declined`,
        body:
          counts.quotes === 0
            ? `Quoting on ${rfq.number} has ended with no quote from the ${plural(counts.invited, 'supplier', 'suppliers')} invited. Cancel it, or send a new request.`
            : `Quoting on ${rfq.number} has ended: ${quotes} from the ${plural(counts.invited, 'supplier', 'suppliers')} invited, ${counts.declined} declined. Compare them and award the lines.`,
        link: LINKS.buyerRfq(rfq.id),
      });
      return;
    }
    case 'return.requested': {
      if (!refs.returnId) return;
      const ret = await readReturnForNotice(tx, refs.returnId);
      if (!ret) return;
      const asked = ret.lines.reduce((sum, l) => sum + l.quantity, 0);
      const notes = ret.notes ? ` Notes: ${sentence(ret.notes)}` : '';
      await notify(ret.sellerOrgId, {
        title: `${ret.buyerName} asks to return ${units(asked)} of ${ret.productName}: ${ret.number}`,
        body: `${ret.buyerName} asks to return ${units(asked)} of ${ret.productName} from order ${ret.orderNumber} (${returnLines(ret)}).${notes} Approve or reject return ${ret.number}.`,
        link: LINKS.supplierReturn(ret.id),
      });
      return;
    }
    case 'return.decided': {
      if (!refs.returnId) return;
      const ret = await readReturnForNotice(tx, refs.returnId);
      if (!ret) return;
      const asked = ret.lines.reduce((sum, l) => sum + l.quantity, 0);
      const what = `${units(asked)} of ${ret.productName} from order ${ret.orderNumber}`;
      await notify(
        ret.buyerOrgId,
        refs.returnStatus === 'rejected'
          ? {
              title: `${ret.sellerName} rejected return ${ret.number}`,
              body: `${ret.sellerName} rejected return ${ret.number} (${what}). Reason: ${sentence(ret.rejectReason ?? 'none given')}`,
              link: LINKS.buyerReturn(ret.id),
            }
          : {
              title: `${ret.sellerName} approved return ${ret.number}: send the packs`,
              body: `${ret.sellerName} approved return ${ret.number} (${what}): send the packs back to ${ret.sellerName}. They are inspected and credited once received.`,
              link: LINKS.buyerReturn(ret.id),
            },
      );
      return;
    }
    case 'return.received': {
      if (!refs.returnId) return;
      const ret = await readReturnForNotice(tx, refs.returnId);
      if (!ret) return;
      const asked = ret.lines.reduce((sum, l) => sum + l.quantity, 0);
      const received = ret.lines.reduce((sum, l) => sum + (l.receivedQuantity ?? 0), 0);
      await notify(ret.buyerOrgId, {
        title: `${ret.sellerName} received return ${ret.number}`,
        body: `${ret.sellerName} received ${received} of the ${units(asked)} of ${ret.productName} on return ${ret.number} (order ${ret.orderNumber}). They are held apart, awaiting inspection; the credit note follows it.`,
        link: LINKS.buyerReturn(ret.id),
      });
      return;
    }
    case 'return.inspected': {
      if (!refs.returnId) return;
      const ret = await readReturnForNotice(tx, refs.returnId);
      if (!ret) return;
      const fates = returnFates(ret);
      const done = `${ret.sellerName} inspected return ${ret.number} (${ret.productName}, order ${ret.orderNumber})${fates ? `: ${fates}` : ''}.`;
      const credit = ret.creditNote;
      await notify(
        ret.buyerOrgId,
        credit
          ? {
              title: `Return ${ret.number}: credit note ${credit.number} for ${formatCedis(credit.amount)}`,
              body: `${done} Credit note ${credit.number} for ${formatCedis(credit.amount)}: ${creditSplit(credit, ret.sellerName)}.`,
              link: LINKS.buyerReturn(ret.id),
            }
          : {
              title: `Return ${ret.number} inspected: nothing to credit`,
              body: `${done} No units were received, so no credit note was issued.`,
              link: LINKS.buyerReturn(ret.id),
            },
      );
      return;
    }
    case 'payment.settled': {
      if (!refs.paymentId) return;
      const payment = await readPaymentForNotice(tx, refs.paymentId);
      if (!payment || payment.status !== 'success') return;
      const amount = formatCedis(payment.amount);
      const reference = `Receipt ${payment.reference}.`;
      // Both sides' e-mails carry the receipt: the buyer's proof of payment, the supplier's record.
      await notify(
        payment.buyer.id,
        {
          title: `Payment of ${amount} received on invoice ${payment.invoiceNumber}`,
          body: `${payment.seller.name} received your mobile money payment of ${amount} (${paidFrom(payment)}), verified with Paystack. ${paymentSplit(payment, 'buyer')}. ${remaining(payment)} ${reference}`,
          link: LINKS.buyerInvoices,
        },
        { receiptReference: payment.reference },
      );
      await notify(
        payment.seller.id,
        {
          title: `${payment.buyer.name} paid ${amount} by mobile money on invoice ${payment.invoiceNumber}`,
          body: `${payment.buyer.name} paid ${amount} by mobile money (${payment.providerName}) on invoice ${payment.invoiceNumber}, verified with Paystack. ${paymentSplit(payment, 'seller')}. ${remaining(payment)} ${reference}`,
          link: LINKS.supplierCredit,
        },
        { receiptReference: payment.reference },
      );
      return;
    }
    case 'payment.failed': {
      if (!refs.paymentId) return;
      const payment = await readPaymentForNotice(tx, refs.paymentId);
      // Settled since (Paystack confirmed it after all): payment.settled tells of it, not this.
      if (!payment || !Object.hasOwn(UNPAID_ENDINGS, payment.status)) return;
      const status = payment.status as keyof typeof UNPAID_ENDINGS;
      const what = `Your mobile money payment of ${formatCedis(payment.amount)} to ${payment.seller.name} on invoice ${payment.invoiceNumber} (${paidFrom(payment)})`;
      const why = payment.message
        ? ` ${status === 'flagged' ? 'Details' : 'Reason'}: ${sentence(payment.message)}`
        : '';
      await notify(payment.buyer.id, {
        title: `Mobile money payment on invoice ${payment.invoiceNumber} ${UNPAID_ENDINGS[status]}`,
        body:
          status === 'flagged'
            ? `${what}: Paystack's record did not match it, so it was not applied; Aduro will look into it.${why}`
            : `${what} ${UNPAID_ENDINGS[status]}, so nothing was applied to the invoice.${why}`,
        link: LINKS.buyerInvoices,
      });
      return;
    }
    default:
      return;
  }
}

/**
 * A credit application also goes to the approver addresses the supplier gave at registration, who may
 * have no account: one plain message each, queued with the notifications.
 */
async function mailApprovers(tx: Tx, applicationId: string, supplierId: string, options: NotifyOptions) {
  const [supplier, application] = await Promise.all([
    readApproverEmails(tx, supplierId),
    readApplication(tx, applicationId),
  ]);
  if (!supplier || !application) return;
  for (const to of supplier.approverEmails) {
    await options.queueMail(tx, {
      kind: 'message',
      to,
      subject: `Credit application from ${application.customerName}`,
      content: {
        heading: `Credit application from ${application.customerName}`,
        lines: [
          `${application.customerName} applied to ${supplier.name} for a credit line of ${formatCedis(application.requestedLimit)}.`,
          'Sign in to Aduro with a CreditApprover or Admin account to approve or decline it.',
        ],
        action: { label: 'Review the application', url: LINKS.supplierCredit },
        footer: `You got this e-mail because ${supplier.name} named this address as a credit approver when it registered at Aduro.`,
      },
    });
  }
}
