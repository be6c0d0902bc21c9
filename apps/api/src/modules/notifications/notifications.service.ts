import type { FeedEvent } from '@aduro/shared/events';
import { formatCedis, sumCedis } from '@aduro/shared/money';
import {
  NOTIFICATION_MESSAGES,
  type NotificationsPage,
  type NotificationsQuery,
} from '@aduro/shared/notifications';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { Member } from '../../plugins/auth.ts';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  notifyOrganisation,
  readApplication,
  readDropMove,
  readInvoice,
  readOrders,
  readOrganisation,
  type NotificationPosition,
} from './notifications.repository.ts';

/** The events that notify someone (DOMAIN.md "Notifications"). */
export const NOTIFIED_EVENTS = [
  'order.drafted',
  'order.released',
  'drop.moved',
  'credit.application_submitted',
  'credit.decided',
  'payment.recorded',
  'organisation.toggled',
] as const satisfies readonly FeedEvent['type'][];

const LINKS = {
  supplier: '/supplier',
  buyerOrders: '/customer/orders',
  buyerCredit: '/customer/credit',
} as const;

/** Drop moves the buyer hears of; Awaiting Dispatch is the supplier's business. */
const HEARD_DROP_STATUSES = new Set(['Shipped', 'Out for Delivery', 'Delivered', 'Cancelled']);

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/**
 * Writes the notifications of one event, in one transaction: who hears it is read from the users and
 * their roles, never anyone outside the organisations the event concerns, and never the user who acted.
 * Idempotent by the event's id: a second run inserts nothing (notifications_event_user_unique).
 */
export async function notifyEvent(db: Db, event: FeedEvent): Promise<void> {
  await inTransaction(db, (tx) => writeNotifications(tx, event));
}

async function writeNotifications(tx: Tx, event: FeedEvent): Promise<void> {
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
        const text =
          theirs.length === 1
            ? {
                title: `New order ${first.number} awaiting approval`,
                body: `${first.buyerName} drafted order ${first.number}: ${units(first.totalQuantity)} of ${first.productName}, ${formatCedis(first.totalCost)}. It is released once they approve it.`,
              }
            : {
                title: `${theirs.length} new orders awaiting approval`,
                body: `${first.buyerName} drafted orders ${theirs.map((o) => o.number).join(', ')}, ${formatCedis(sumCedis(theirs.map((o) => o.totalCost)))} in all. They are released once approved.`,
              };
        await notifyOrganisation(
          tx,
          event,
          { orgId: sellerOrgId, roles: ['ShippingClerk', 'Admin'] },
          { ...text, link: LINKS.supplier },
        );
      }
      return;
    }
    case 'order.released': {
      if (!refs.invoiceId) return;
      const invoice = await readInvoice(tx, refs.invoiceId);
      if (!invoice) return;
      const what = `${units(invoice.totalQuantity)} of ${invoice.productName}`;
      await notifyOrganisation(
        tx,
        event,
        { orgId: invoice.sellerOrgId },
        {
          title: `Order ${invoice.orderNumber} approved`,
          body: `${invoice.buyerName} approved order ${invoice.orderNumber} (${what}). Invoice ${invoice.number} for ${formatCedis(invoice.amount)} is due on ${invoice.dueDate}.`,
          link: LINKS.supplier,
        },
      );
      await notifyOrganisation(
        tx,
        event,
        { orgId: invoice.buyerOrgId },
        {
          title: `Order ${invoice.orderNumber} released`,
          body: `${invoice.sellerName} released order ${invoice.orderNumber} (${what}). Invoice ${invoice.number} for ${formatCedis(invoice.amount)} is due on ${invoice.dueDate}.`,
          link: LINKS.buyerOrders,
        },
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
      await notifyOrganisation(
        tx,
        event,
        { orgId: drop.buyerOrgId },
        {
          title: `${which} ${drop.status === 'Out for Delivery' ? 'is out for delivery' : drop.status.toLowerCase()}`,
          body,
          link: LINKS.buyerOrders,
        },
      );
      return;
    }
    case 'credit.application_submitted': {
      if (!refs.applicationId) return;
      const application = await readApplication(tx, refs.applicationId);
      if (!application) return;
      await notifyOrganisation(
        tx,
        event,
        { orgId: application.supplierId, roles: ['CreditApprover', 'Admin'] },
        {
          title: `Credit application from ${application.customerName}`,
          body: `${application.customerName} applied for a credit line of ${formatCedis(application.requestedLimit)}.`,
          link: LINKS.supplier,
        },
      );
      return;
    }
    case 'credit.decided': {
      if (!refs.applicationId) return;
      const application = await readApplication(tx, refs.applicationId);
      if (!application || application.status === 'pending') return;
      const approved = application.status === 'approved';
      await notifyOrganisation(
        tx,
        event,
        { orgId: application.customerId },
        approved
          ? {
              title: `${application.supplierName} approved your credit application`,
              body: `Your credit line with ${application.supplierName} has a limit of ${formatCedis(application.approvedLimit ?? 0)}.`,
              link: LINKS.buyerCredit,
            }
          : {
              title: `${application.supplierName} declined your credit application`,
              body: `${application.supplierName} declined your application for a credit line of ${formatCedis(application.requestedLimit)}.`,
              link: LINKS.buyerCredit,
            },
      );
      return;
    }
    case 'payment.recorded': {
      if (!refs.invoiceId) return;
      const invoice = await readInvoice(tx, refs.invoiceId);
      if (!invoice) return;
      await notifyOrganisation(
        tx,
        event,
        { orgId: invoice.buyerOrgId },
        {
          title: `Payment recorded on invoice ${invoice.number}`,
          body: `${invoice.sellerName} recorded a payment against invoice ${invoice.number} (order ${invoice.orderNumber}, ${formatCedis(invoice.amount)}).`,
          link: LINKS.buyerOrders,
        },
      );
      return;
    }
    case 'organisation.toggled': {
      if (!refs.organisationId) return;
      const org = await readOrganisation(tx, refs.organisationId);
      if (!org || org.kind === 'platform') return;
      // Customers have a single role (Buyer), so every one of their users hears it; a supplier's Admins do.
      await notifyOrganisation(
        tx,
        event,
        org.kind === 'supplier'
          ? { orgId: refs.organisationId, roles: ['Admin'] }
          : { orgId: refs.organisationId },
        org.isActive
          ? {
              title: `${org.name} is active again`,
              body: `The platform reactivated ${org.name}; your team can sign in and trade again.`,
              link: org.kind === 'supplier' ? LINKS.supplier : '/customer',
            }
          : {
              title: `${org.name} was deactivated`,
              body: `The platform deactivated ${org.name}. Contact the platform operator to reactivate it.`,
              link: org.kind === 'supplier' ? LINKS.supplier : '/customer',
            },
      );
      return;
    }
    default:
      return;
  }
}

// --- The API -----------------------------------------------------------------------------------------

const encodeCursor = (p: NotificationPosition) => Buffer.from(JSON.stringify(p)).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POSITION_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function decodeCursor(cursor: string): NotificationPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const p = parsed as Partial<NotificationPosition> | null;
  if (
    typeof p?.at !== 'string' ||
    typeof p.id !== 'string' ||
    !POSITION_AT.test(p.at) ||
    // A real instant, so the database never refuses it (2026-02-30 passes the pattern).
    Number.isNaN(Date.parse(p.at)) ||
    new Date(p.at).toISOString().slice(0, 19) !== p.at.slice(0, 19) ||
    !UUID.test(p.id)
  ) {
    throw badRequest(NOTIFICATION_MESSAGES.badCursor, { cursor: [NOTIFICATION_MESSAGES.badCursor] });
  }
  return { at: p.at, id: p.id };
}

/** The caller's notifications, newest first, a page at a time (keyset on created_at, id). */
export async function getNotifications(
  db: Db,
  user: Member,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const [rows, unreadCount] = await Promise.all([
    listNotifications(db, user.id, { after, limit: query.limit }),
    countUnread(db, user.id),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ position: _position, ...item }) => item),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.position, id: last.id }) : null,
    unreadCount,
  };
}

export async function readNotification(db: Db, user: Member, id: string): Promise<void> {
  if (!(await markRead(db, user.id, id)))
    throw notFound('NOTIFICATION_NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
}

export function readAllNotifications(db: Db, user: Member): Promise<void> {
  return markAllRead(db, user.id);
}
