import type { z } from 'zod';
import {
  CART_MAX_QUANTITY,
  CART_MESSAGES,
  type addToCartSchema,
  type Cart,
  type CartItem,
  type UpdateCartItem,
} from '@aduro/shared/cart';
import { todayUtc } from '@aduro/shared/inventory';
import { toCedis, toPesewas } from '@aduro/shared/money';
import { DRAFT_MESSAGES, MARKETPLACE_MESSAGES, type CartCheckout } from '@aduro/shared/marketplace';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { eligibilityOf, refusalMessage } from '../compliance/eligibility.ts';
import { recordEvent } from '../events/events.repository.ts';
import { draftOrders, recordOrdersDrafted, type DraftOrderGroup } from '../orders/draft-orders.workflow.ts';
import {
  deleteCartLine,
  deleteCartLines,
  findAddTarget,
  findBuyer,
  findOwnLine,
  insertCartLine,
  listCartLines,
  lockCartForMerge,
  lockPairLines,
  updateCartLine,
  type CartLineRow,
  type CartOwner,
  type CartPairLineRow,
} from './cart.repository.ts';

export type AddToCart = z.output<typeof addToCartSchema>;
export type { CartOwner, UpdateCartItem };

/** Where a drop goes when the cart line names no delivery location. */
const DEFAULT_ADDRESS_NAME = 'Main branch';

/**
 * Each line priced as drafting would charge it: its quantity at the supplier's current offer, which is
 * the price draftOrders takes (the buyer's own unitPrice is a target, shown but never charged). A line
 * that cannot be drafted now has no total and is left out of the estimate rather than priced at an old
 * figure.
 */
function toCart(rows: CartLineRow[]): Cart {
  let totalQuantity = 0;
  let valuePesewas = 0;
  const items = rows.map((r): CartItem => {
    const linePesewas = r.quotedUnitPrice === null ? null : toPesewas(r.quotedUnitPrice) * r.quantity;
    totalQuantity += r.quantity;
    valuePesewas += linePesewas ?? 0;
    return {
      id: r.id,
      productId: r.productId,
      supplierId: r.supplierId,
      product: {
        name: r.productName,
        brandName: r.brandName,
        category: r.category,
        medicineClass: r.medicineClass,
        controlled: r.controlled,
      },
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
      eligibility: eligibilityOf(r.refusalCode, {
        name: r.productName,
        medicineClass: r.medicineClass,
        controlled: r.controlled,
        fdaRegistrationExpiresOn: r.fdaRegistrationExpiresOn,
      }),
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

/** The user's cart, newest line first, each line priced at the supplier's current offer. */
export async function getCart(db: Db, owner: CartOwner): Promise<Cart> {
  return readCart(db, owner);
}

type Delivery = Pick<
  CartPairLineRow,
  'deliveryLocation' | 'preferredDropDate' | 'contactName' | 'contactPhone' | 'notes'
>;

/** Text as a person would compare it: case, and how many spaces sit between words, do not matter. */
const words = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
/** A phone number by what is dialled: '+233 24 381 7720' and '+233-24-381-7720' are one number. */
const dialled = (phone: string | null) => (phone ?? '').replace(/[^\d+]/g, '');

/**
 * Two lines of one product from one supplier are one drop when they go to the same place on the same
 * day, to the same contact, with the same notes (docs/domain.md "Cart"); blank equals blank.
 */
function sameDelivery(a: Delivery, b: Delivery): boolean {
  return (
    words(a.deliveryLocation) === words(b.deliveryLocation) &&
    a.preferredDropDate === b.preferredDropDate &&
    words(a.contactName) === words(b.contactName) &&
    dialled(a.contactPhone) === dialled(b.contactPhone) &&
    words(a.notes) === words(b.notes)
  );
}

/** Units summed into one line, within the most a line may hold (400 on the quantity field otherwise). */
function summedQuantity(a: number, b: number): number {
  const total = a + b;
  if (total > CART_MAX_QUANTITY) {
    const message = CART_MESSAGES.lineTooLarge(total);
    throw badRequest(message, { quantity: [message] });
  }
  return total;
}

const deliveryOf = (line: Delivery): Delivery => ({
  deliveryLocation: line.deliveryLocation,
  preferredDropDate: line.preferredDropDate,
  contactName: line.contactName,
  contactPhone: line.contactPhone,
  notes: line.notes,
});

/**
 * What a line may be written against, checked alike for an add and an edit: the product exists and its
 * FDA registration has not lapsed, the supplier exists, is active and offers the product from unexpired
 * stock, and the buyer is active. The buyer's licence is not checked: carting stays open so a pharmacy
 * can prepare its first order while its licence is reviewed; each line carries its mark instead.
 */
async function checkCanOrder(
  tx: Executor,
  owner: CartOwner,
  pair: { productId: string; supplierId: string },
) {
  const t = await findAddTarget(tx, { ...pair, buyerOrgId: owner.buyerOrgId, today: todayUtc() });
  if (t.productName === null) throw notFound('PRODUCT_NOT_FOUND', MARKETPLACE_MESSAGES.productNotFound);
  if (t.supplierName === null || !t.isSupplier)
    throw notFound('SUPPLIER_NOT_FOUND', MARKETPLACE_MESSAGES.supplierNotFound);
  if (t.registrationLapsed)
    throw conflict(
      'REGISTRATION_LAPSED',
      refusalMessage('REGISTRATION_LAPSED', {
        name: t.productName,
        medicineClass: t.medicineClass,
        controlled: t.controlled,
        fdaRegistrationExpiresOn: t.fdaRegistrationExpiresOn,
      }),
    );
  if (!t.supplierActive) throw conflict('SUPPLIER_INACTIVE', CART_MESSAGES.inactiveSupplier(t.supplierName));
  if (!t.offeredStock) throw conflict('NOT_OFFERED', CART_MESSAGES.notOffered(t.supplierName, t.productName));
  if (!t.buyerActive)
    throw conflict('BUYER_INACTIVE', DRAFT_MESSAGES.inactiveBuyer(t.buyerName ?? 'Your organisation'));
}

/**
 * Adds to the cart after checking that the line can be ordered (checkCanOrder). A line of the same
 * product from the same supplier with the same delivery details (sameDelivery) takes the units instead
 * of a new line: the quantities are summed, and a target price typed now replaces the line's (a blank
 * one keeps it).
 */
export async function addToCart(db: Db, owner: CartOwner, input: AddToCart): Promise<Cart> {
  return inTransaction(db, async (tx) => {
    await lockCartForMerge(tx, owner);
    await checkCanOrder(tx, owner, input);
    const same = (await lockPairLines(tx, owner, input)).find((l) => sameDelivery(l, input));
    if (same) {
      await updateCartLine(tx, owner, same.id, {
        ...deliveryOf(same),
        quantity: summedQuantity(same.quantity, input.quantity),
        unitPrice: input.unitPrice ?? same.unitPrice,
      });
    } else {
      await insertCartLine(tx, {
        userId: owner.userId,
        buyerOrgId: owner.buyerOrgId,
        productId: input.productId,
        supplierId: input.supplierId,
        quantity: input.quantity,
        unitPrice: input.unitPrice,
        ...deliveryOf(input),
      });
    }
    const cart = await readCart(tx, owner);
    await recordCartChanged(tx, owner);
    return cart;
  });
}

/**
 * Replaces what the buyer chose for one of their lines (quantity, target price, delivery details),
 * checked like an add; another user's line answers 404 like an unknown one. When the new details are
 * those of another of their lines of the same product and supplier, this line takes that line's units
 * and the other goes, so the cart never holds two lines for one drop.
 */
export async function editCartLine(
  db: Db,
  owner: CartOwner,
  id: string,
  input: UpdateCartItem,
): Promise<Cart> {
  return inTransaction(db, async (tx) => {
    await lockCartForMerge(tx, owner);
    const line = await findOwnLine(tx, owner, id);
    if (!line) throw notFound('CART_LINE_NOT_FOUND', CART_MESSAGES.lineNotFound);
    await checkCanOrder(tx, owner, line);
    const lines = await lockPairLines(tx, owner, line);
    // A checkout or a removal in another tab may have taken the line since it was read.
    if (!lines.some((l) => l.id === id)) throw notFound('CART_LINE_NOT_FOUND', CART_MESSAGES.lineNotFound);
    const same = lines.find((l) => l.id !== id && sameDelivery(l, input));
    await updateCartLine(tx, owner, id, {
      ...deliveryOf(input),
      quantity: same ? summedQuantity(input.quantity, same.quantity) : input.quantity,
      unitPrice: input.unitPrice,
    });
    if (same) await deleteCartLine(tx, owner, same.id);
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
