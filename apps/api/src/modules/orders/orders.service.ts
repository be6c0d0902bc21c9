import type { SessionUser } from '@aduro/shared/auth';
import { todayUtc } from '@aduro/shared/inventory';
import {
  ORDER_MESSAGES,
  type DraftOrder,
  type DropUpdate,
  type Order,
  type OrderDetail,
  type OrdersQuery,
} from '@aduro/shared/orders';
import { z } from 'zod';
import { isPaged } from '@aduro/shared/pagination';
import type { Db } from '../../db/client.ts';
import { cursorInstant, decodeCursor, pageLimit, toPage } from '../../lib/keyset.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { approveOrder } from './approve-order.workflow.ts';
import { draftOrders, recordOrdersDrafted } from './draft-orders.workflow.ts';
import { cancelDraftOrder, moveDrop } from './move-drop.workflow.ts';
import { repickDrop } from './repick-drop.workflow.ts';
import {
  countOrders,
  findOrderDocumentFor,
  findOrderFor,
  listOrderHistory,
  listOrders,
  pageOrders,
  type OrderFilters,
} from './orders.repository.ts';
import { purchaseOrderFileName, renderPurchaseOrder } from './purchase-order.pdf.ts';

/** The caller's organisation; every user has one, the contract only allows null. */
function orgOf(user: SessionUser): string {
  if (!user.orgId) throw forbidden('FORBIDDEN', ORDER_MESSAGES.noOrganisation);
  return user.orgId;
}
const actor = (user: SessionUser) => ({ id: user.id, name: user.name });

async function reread(db: Db, orderId: string, orgId: string): Promise<Order> {
  const order = await findOrderFor(db, orderId, orgId, todayUtc());
  if (!order) throw notFound('ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  return order;
}

/** Drafts one multi-drop order for the caller's organisation (DOMAIN.md "Orders"); records order.drafted. */
export async function createOrder(db: Db, user: SessionUser, body: DraftOrder): Promise<Order> {
  const buyerOrgId = orgOf(user);
  if (body.buyerId !== undefined && body.buyerId !== buyerOrgId)
    throw forbidden('OTHER_ORGANISATION', ORDER_MESSAGES.otherBuyer);
  const [drafted] = await inTransaction(db, async (tx) => {
    const orders = await draftOrders(tx, {
      buyer: { orgId: buyerOrgId },
      user: actor(user),
      groups: [
        {
          sellerId: body.sellerId,
          productId: body.productId,
          paymentMethod: body.paymentTermMethod,
          creditTermDays: body.creditTermDays ?? null,
          minShelfLifeDays: body.minShelfLifeDays,
          entityName: body.entityName ?? null,
          entityLocation: body.entityLocation ?? null,
          requesterRole: body.requesterRole ?? null,
          contacts: {
            deliveryContactName: body.deliveryContactName ?? null,
            deliveryContactPhone: body.deliveryContactPhone ?? null,
            deliveryAddress: body.deliveryAddress ?? null,
          },
          drops: body.drops.map((d) => ({
            addressName: d.addressName,
            address: d.address,
            contactName: d.contactName ?? null,
            contactPhone: d.contactPhone ?? null,
            quantity: d.quantity,
            estimatedDeliveryDate: d.estimatedDeliveryDate ?? null,
          })),
        },
      ],
    });
    await recordOrdersDrafted(tx, { buyerOrgId, actorUserId: user.id, drafted: orders });
    return orders;
  });
  return reread(db, drafted!.id, buyerOrgId);
}

/**
 * The caller's orders: a customer's as buyer, a supplier's as seller. The id naming the caller's own
 * side must be its organisation (403 otherwise); the other id narrows the list.
 * Overloaded so each route gets its one shape: a query naming limit (GET .../page) answers the
 * page, one without the whole list (decision 0014).
 */
export function getOrders(db: Db, user: SessionUser, query: OrdersQuery & { limit: number }): Promise<string>;
export function getOrders(
  db: Db,
  user: SessionUser,
  query: Omit<OrdersQuery, 'cursor' | 'limit'>,
): Promise<Order[]>;
export async function getOrders(db: Db, user: SessionUser, query: OrdersQuery): Promise<Order[] | string> {
  const orgId = orgOf(user);
  const { buyerId, sellerId, status, counterparty, product, from, to } = query;
  let filters: OrderFilters;
  if (user.userType === 'customer') {
    if (buyerId !== undefined && buyerId !== orgId)
      throw forbidden('OTHER_ORGANISATION', ORDER_MESSAGES.otherBuyer);
    filters = { buyerOrgId: orgId, sellerOrgId: sellerId ?? null, counterpartySide: 'seller' };
  } else {
    if (sellerId !== undefined && sellerId !== orgId)
      throw forbidden('OTHER_ORGANISATION', ORDER_MESSAGES.otherSeller);
    filters = { buyerOrgId: buyerId ?? null, sellerOrgId: orgId, counterpartySide: 'buyer' };
  }
  filters = { ...filters, status, counterparty, product, from, to };
  const today = todayUtc();
  if (!isPaged(query)) return listOrders(db, { ...filters, today, viewerOrgId: orgId });

  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, orderCursor);
  const limit = pageLimit(query);
  const [rows, total] = await Promise.all([
    pageOrders(db, { ...filters, today, viewerOrgId: orgId, after, limit }),
    countOrders(db, filters),
  ]);
  // The page as JSON text around the orders' own text, which PostgreSQL built (see pageOrders).
  const page = toPage(
    rows,
    limit,
    total,
    (r) => [r.at, r.number],
    (r) => r.order,
  );
  return `{"items":[${page.items.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)},"total":${page.total}}`;
}

/** A cursor of the orders list: the last order's created_at (to the microsecond) and number. */
const orderCursor = z.tuple([cursorInstant, z.string().min(1).max(40)]);

/** One order with its history, for its buyer or its seller; 404 for anyone else. */
export async function getOrder(db: Db, user: SessionUser, orderId: string): Promise<OrderDetail> {
  const order = await reread(db, orderId, orgOf(user));
  return { ...order, history: await listOrderHistory(db, orderId) };
}

/** The purchase order as a PDF, for the order's buyer or its seller; 404 for anyone else. */
export async function getPurchaseOrderPdf(
  db: Db,
  user: SessionUser,
  orderId: string,
): Promise<{ fileName: string; content: Buffer }> {
  const document = await findOrderDocumentFor(db, orderId, orgOf(user), todayUtc());
  if (!document) throw notFound('ORDER_NOT_FOUND', ORDER_MESSAGES.orderNotFound);
  return { fileName: purchaseOrderFileName(document.order), content: await renderPurchaseOrder(document) };
}

/** The buyer approves: stock, credit, invoice and release in one transaction. */
export async function approve(db: Db, user: SessionUser, orderId: string): Promise<Order> {
  const buyerOrgId = orgOf(user);
  await inTransaction(db, (tx) => approveOrder(tx, { orderId, buyerOrgId, user: actor(user) }));
  return reread(db, orderId, buyerOrgId);
}

/** The buyer withdraws an order awaiting its approval. */
export async function cancel(db: Db, user: SessionUser, orderId: string): Promise<Order> {
  const buyerOrgId = orgOf(user);
  await inTransaction(db, (tx) => cancelDraftOrder(tx, { orderId, buyerOrgId, user: actor(user) }));
  return reread(db, orderId, buyerOrgId);
}

/** The seller moves one drop along its path. */
export async function changeDrop(
  db: Db,
  user: SessionUser,
  params: { orderId: string; dropId: string },
  change: DropUpdate,
  apiKeyId: string | null = null,
): Promise<Order> {
  const sellerOrgId = orgOf(user);
  await inTransaction(db, (tx) =>
    moveDrop(tx, { ...params, sellerOrgId, change, user: { ...actor(user), apiKeyId } }),
  );
  return reread(db, params.orderId, sellerOrgId);
}

/**
 * The seller re-picks a drop held by a recall from its other lots (repick-drop.workflow.ts); the price
 * and invoice stay as they are.
 */
export async function repick(
  db: Db,
  user: SessionUser,
  params: { orderId: string; dropId: string },
  apiKeyId: string | null = null,
): Promise<Order> {
  const sellerOrgId = orgOf(user);
  await inTransaction(db, (tx) =>
    repickDrop(tx, { ...params, sellerOrgId, user: { ...actor(user), apiKeyId } }),
  );
  return reread(db, params.orderId, sellerOrgId);
}
