import type { z } from 'zod';
import { CART_MESSAGES, type addToCartSchema, type Cart, type CartItem } from '@aduro/shared/cart';
import { todayUtc } from '@aduro/shared/inventory';
import { toCedis, toPesewas } from '@aduro/shared/money';
import { DRAFT_MESSAGES, MARKETPLACE_MESSAGES, type CartCheckout } from '@aduro/shared/marketplace';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import { draftOrders, recordOrdersDrafted, type DraftOrderGroup } from '../orders/draft-orders.workflow.ts';
import {
  deleteCartLine,
  deleteCartLines,
  findAddTarget,
  findBuyer,
  insertCartLine,
  listCartLines,
  type CartLineRow,
  type CartOwner,
} from './cart.repository.ts';

export type AddToCart = z.output<typeof addToCartSchema>;
export type { CartOwner };

/** Where a drop goes when the cart line names no delivery location. */
const DEFAULT_ADDRESS_NAME = 'Main branch';

function toCart(rows: CartLineRow[]): Cart {
  let totalQuantity = 0;
  let valuePesewas = 0;
  const items = rows.map((r): CartItem => {
    const price = r.unitPrice ?? r.quotedUnitPrice;
    const linePesewas = price === null ? null : toPesewas(price) * r.quantity;
    totalQuantity += r.quantity;
    valuePesewas += linePesewas ?? 0;
    return {
      id: r.id,
      productId: r.productId,
      supplierId: r.supplierId,
      product: { name: r.productName, brandName: r.brandName, category: r.category },
      supplier: { name: r.supplierName, supplierCategory: r.supplierCategory, location: r.supplierLocation },
      quantity: r.quantity,
      unitPrice: r.unitPrice,
      quotedUnitPrice: r.quotedUnitPrice,
      lineTotal: linePesewas === null ? null : toCedis(linePesewas),
      deliveryLocation: r.deliveryLocation,
      preferredDropDate: r.preferredDropDate,
      contactName: r.contactName,
      contactPhone: r.contactPhone,
      notes: r.notes,
      createdAt: r.createdAt,
    };
  });
  return { items, totals: { lineItems: items.length, totalQuantity, estimatedValue: toCedis(valuePesewas) } };
}

async function readCart(db: Executor, owner: CartOwner): Promise<Cart> {
  return toCart(await listCartLines(db, owner, todayUtc()));
}

/** The last step of every cart write: the user's other sessions (and tabs) see the cart change. */
function recordCartChanged(tx: Executor, owner: CartOwner) {
  return recordEvent(tx, {
    type: 'cart.changed',
    orgIds: [owner.buyerOrgId],
    refs: { buyerId: owner.buyerOrgId },
    actorUserId: owner.userId,
  });
}

/** The user's cart, newest line first, priced at their own price or else the supplier's quote. */
export async function getCart(db: Db, owner: CartOwner): Promise<Cart> {
  return readCart(db, owner);
}

/**
 * Adds a line after checking that the product exists, the supplier exists, is active and offers the
 * product from unexpired stock, and the buyer's organisation is active.
 */
export async function addToCart(db: Db, owner: CartOwner, input: AddToCart): Promise<Cart> {
  return inTransaction(db, async (tx) => {
    const t = await findAddTarget(tx, {
      productId: input.productId,
      supplierId: input.supplierId,
      buyerOrgId: owner.buyerOrgId,
      today: todayUtc(),
    });
    if (t.productName === null) throw notFound('PRODUCT_NOT_FOUND', MARKETPLACE_MESSAGES.productNotFound);
    if (t.supplierName === null || !t.isSupplier)
      throw notFound('SUPPLIER_NOT_FOUND', MARKETPLACE_MESSAGES.supplierNotFound);
    if (!t.supplierActive)
      throw conflict('SUPPLIER_INACTIVE', CART_MESSAGES.inactiveSupplier(t.supplierName));
    if (!t.offeredStock)
      throw conflict('NOT_OFFERED', CART_MESSAGES.notOffered(t.supplierName, t.productName));
    if (!t.buyerActive)
      throw conflict('BUYER_INACTIVE', DRAFT_MESSAGES.inactiveBuyer(t.buyerName ?? 'Your organisation'));
    await insertCartLine(tx, {
      userId: owner.userId,
      buyerOrgId: owner.buyerOrgId,
      productId: input.productId,
      supplierId: input.supplierId,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      deliveryLocation: input.deliveryLocation,
      preferredDropDate: input.preferredDropDate,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      notes: input.notes,
    });
    const cart = await readCart(tx, owner);
    await recordCartChanged(tx, owner);
    return cart;
  });
}

/** Removes one of the user's lines; another user's line answers 404 like an unknown one. */
export async function removeCartLine(db: Db, owner: CartOwner, id: string): Promise<Cart> {
  return inTransaction(db, async (tx) => {
    if (!(await deleteCartLine(tx, owner, id)))
      throw notFound('CART_LINE_NOT_FOUND', CART_MESSAGES.lineNotFound);
    const cart = await readCart(tx, owner);
    await recordCartChanged(tx, owner);
    return cart;
  });
}

/** Empties the user's cart. */
export async function clearCart(db: Db, owner: CartOwner): Promise<Cart> {
  return inTransaction(db, async (tx) => {
    await deleteCartLines(tx, owner);
    const cart = await readCart(tx, owner);
    await recordCartChanged(tx, owner);
    return cart;
  });
}

/**
 * Turns the whole cart into draft orders in one transaction: one order per supplier and product (the
 * oldest line's first), one drop per line, at the supplier's current offer price; then deletes those
 * lines. The lines are locked first, so two checkouts at once draft them once; any refusal leaves the
 * cart and the orders as they were. Records cart.changed (the cart emptied) and order.drafted.
 */
export async function checkoutCart(db: Db, owner: CartOwner & { userName: string }): Promise<CartCheckout> {
  return inTransaction(db, async (tx) => {
    const lines = await listCartLines(tx, owner, todayUtc(), { forUpdate: true });
    if (lines.length === 0) throw badRequest(DRAFT_MESSAGES.emptyCart, undefined, 'EMPTY_CART');
    const buyer = await findBuyer(tx, owner.buyerOrgId);
    const fallbackAddress = buyer?.location ?? buyer?.name ?? DEFAULT_ADDRESS_NAME;

    const groups = new Map<string, DraftOrderGroup>();
    for (const line of lines) {
      const key = `${line.supplierId}/${line.productId}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          sellerId: line.supplierId,
          productId: line.productId,
          contacts: { deliveryContactName: null, deliveryContactPhone: null, deliveryAddress: null },
          drops: [],
        };
        groups.set(key, group);
      }
      const address = line.deliveryLocation ?? fallbackAddress;
      // The order's delivery contact is the first line's that names one.
      group.contacts.deliveryAddress ??= address;
      if (group.contacts.deliveryContactName === null && group.contacts.deliveryContactPhone === null) {
        group.contacts.deliveryContactName = line.contactName;
        group.contacts.deliveryContactPhone = line.contactPhone;
      }
      group.drops.push({
        addressName: line.deliveryLocation ?? DEFAULT_ADDRESS_NAME,
        address,
        contactName: line.contactName,
        contactPhone: line.contactPhone,
        quantity: line.quantity,
        estimatedDeliveryDate: line.preferredDropDate,
      });
    }

    const drafted = await draftOrders(tx, {
      buyer: { orgId: owner.buyerOrgId },
      user: { id: owner.userId, name: owner.userName },
      groups: [...groups.values()],
      note: 'Drafted from the procurement cart',
    });
    await deleteCartLines(
      tx,
      owner,
      lines.map((l) => l.id),
    );
    const cart = await readCart(tx, owner);
    await recordCartChanged(tx, owner);
    await recordOrdersDrafted(tx, { buyerOrgId: owner.buyerOrgId, actorUserId: owner.userId, drafted });
    return {
      orders: drafted.map((o) => ({
        id: o.id,
        number: o.number,
        supplierName: o.supplierName,
        productName: o.productName,
        totalQuantity: o.totalQuantity,
        totalCost: o.totalCost,
        paymentMethod: o.paymentMethod,
      })),
      cart,
    };
  });
}
