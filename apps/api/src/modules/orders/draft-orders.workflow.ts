import { CART_MESSAGES } from '@aduro/shared/cart';
import { todayUtc } from '@aduro/shared/inventory';
import {
  allowedPaymentMethods,
  DRAFT_MESSAGES,
  draftPaymentMethod,
  MARKETPLACE_MESSAGES,
  netTermDays,
} from '@aduro/shared/marketplace';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@aduro/shared/payments';
import type { Tx } from '../../db/client.ts';
import { toCedis, toPesewas } from '@aduro/shared/money';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findLapsedProducts } from '../compliance/compliance.repository.ts';
import { refusalMessage, type RefusedProduct } from '../compliance/eligibility.ts';
import { recordEvent } from '../events/events.repository.ts';
import {
  findBuyerOrganisation,
  findDraftTerms,
  insertDrops,
  insertHistory,
  insertOrders,
  nextOrderNumbers,
  type DraftTermsRow,
} from './orders.repository.ts';

export interface DraftDrop {
  addressName: string;
  address: string;
  contactName: string | null;
  contactPhone: string | null;
  quantity: number;
  /** YYYY-MM-DD, or null when not agreed yet. */
  estimatedDeliveryDate: string | null;
}

/** One order to draft: one product from one seller, delivered in one or more drops. */
export interface DraftOrderGroup {
  sellerId: string;
  productId: string;
  /** Omitted: the supplier's default when allowed, else its first non-credit method (draftPaymentMethod). */
  paymentMethod?: PaymentMethod;
  /** For credit orders; omitted, the net-N days of the supplier's terms. */
  creditTermDays?: number | null;
  /** Omitted: the buyer organisation's default (DOMAIN.md "Minimum shelf life"). */
  minShelfLifeDays?: number;
  entityName?: string | null;
  entityLocation?: string | null;
  requesterRole?: string | null;
  contacts: {
    deliveryContactName: string | null;
    deliveryContactPhone: string | null;
    deliveryAddress: string | null;
  };
  drops: DraftDrop[];
  /**
   * An awarded quote (docs/domain.md "Requests for quotation"): the order is priced at the quoted unit
   * price on the quote's payment terms, whatever the supplier's offer says now, and skips the two checks
   * of the live offer (NOT_OFFERED, BELOW_MOQ): the supplier committed to the units in its quote.
   */
  quoted?: { unitPrice: number; paymentTerms: string };
}

export interface DraftOrdersInput {
  buyer: { orgId: string };
  user: { id: string; name: string };
  groups: DraftOrderGroup[];
  /** The history note of each new order. */
  note?: string;
}

export interface DraftedOrder {
  id: string;
  number: string;
  sellerId: string;
  supplierName: string;
  productId: string;
  productName: string;
  unitPrice: number;
  totalQuantity: number;
  totalCost: number;
  paymentMethod: PaymentMethod;
  creditTermDays: number | null;
}

const AWAITING = 'AWAITING_CUSTOMER_APPROVAL' as const;
const orderNumber = (year: number, n: number) => `PO-${year}-${String(n).padStart(6, '0')}`;

interface PlannedOrder {
  group: DraftOrderGroup;
  drops: DraftDrop[];
  terms: DraftTermsRow & { supplierName: string; productName: string; unitPrice: number };
  totalQuantity: number;
  unitPesewas: number;
  totalPesewas: number;
  paymentMethod: PaymentMethod;
  creditTermDays: number | null;
}

/**
 * Checks one group against the product's registration and the seller's state, offer and terms as they
 * stand in this transaction. `lapsed` holds the products whose FDA registration has lapsed.
 */
function planOrder(
  group: DraftOrderGroup,
  terms: DraftTermsRow | undefined,
  lapsed: ReadonlyMap<string, RefusedProduct>,
): PlannedOrder {
  if (!terms?.productName) throw notFound('PRODUCT_NOT_FOUND', MARKETPLACE_MESSAGES.productNotFound);
  if (!terms.supplierName || !terms.isSupplier)
    throw notFound('SUPPLIER_NOT_FOUND', MARKETPLACE_MESSAGES.supplierNotFound);
  const supplier = terms.supplierName;
  const product = terms.productName;
  // A lapsed registration is the one refusal of "who may buy what" that bites before approval: the
  // product is not on offer at all (docs/domain.md). The others wait for approval, so a pharmacy can
  // prepare its first order while its licence is reviewed.
  const lapsedProduct = lapsed.get(group.productId);
  if (lapsedProduct)
    throw conflict('REGISTRATION_LAPSED', refusalMessage('REGISTRATION_LAPSED', lapsedProduct));
  if (!terms.isActive) throw conflict('SUPPLIER_INACTIVE', CART_MESSAGES.inactiveSupplier(supplier));
  const quoted = group.quoted;
  const offerPrice = quoted ? quoted.unitPrice : terms.unitPrice;
  if (offerPrice === null || (!quoted && terms.stock <= 0))
    throw conflict('NOT_OFFERED', CART_MESSAGES.notOffered(supplier, product));
  const paymentTerms = quoted ? quoted.paymentTerms : terms.paymentTerms;

  // Drops of 0 units are left out (DOMAIN.md "Orders").
  const drops = group.drops.filter((d) => d.quantity > 0);
  const totalQuantity = drops.reduce((sum, d) => sum + d.quantity, 0);
  if (totalQuantity <= 0) throw badRequest(DRAFT_MESSAGES.noUnits, undefined, 'NO_UNITS');
  const moq = quoted ? 1 : (terms.moq ?? 1);
  if (totalQuantity < moq)
    throw conflict('BELOW_MOQ', DRAFT_MESSAGES.belowMoq(product, supplier, moq, totalQuantity));

  // The price is the supplier's current offer, or the price it quoted, never one the client sent
  // (DOMAIN.md "Orders").
  const unitPesewas = toPesewas(offerPrice);
  const totalPesewas = unitPesewas * totalQuantity;
  const creditPesewas = terms.creditAvailable === null ? null : toPesewas(terms.creditAvailable);
  const creditFits = creditPesewas !== null && totalPesewas <= creditPesewas;
  const allowed = allowedPaymentMethods({
    supportedPaymentMethods: terms.supportedPaymentMethods,
    paymentTerms,
    supportsCredit: terms.supportsCredit,
    hasActiveCreditLine: terms.hasCreditLine,
  });

  let paymentMethod: PaymentMethod;
  if (group.paymentMethod === undefined) {
    const chosen = draftPaymentMethod(allowed, terms.defaultPaymentMethod, creditFits);
    if (!chosen) throw conflict('NO_PAYMENT_METHOD', DRAFT_MESSAGES.noMethod(supplier));
    paymentMethod = chosen;
  } else {
    paymentMethod = group.paymentMethod;
    if (!allowed.includes(paymentMethod)) {
      throw badRequest(
        DRAFT_MESSAGES.methodNotAccepted(supplier, PAYMENT_METHOD_LABELS[paymentMethod].toLowerCase()),
      );
    }
    if (paymentMethod === 'credit_facility' && !terms.hasCreditLine) {
      throw conflict('NO_CREDIT_LINE', DRAFT_MESSAGES.noCreditLine(supplier));
    }
    if (paymentMethod === 'credit_facility' && !creditFits)
      throw conflict('CREDIT_SHORTFALL', DRAFT_MESSAGES.creditShortfall);
  }

  let creditTermDays: number | null = null;
  if (paymentMethod === 'credit_facility') {
    creditTermDays = group.creditTermDays ?? netTermDays(paymentTerms);
    if (
      creditTermDays !== null &&
      !(Number.isInteger(creditTermDays) && creditTermDays >= 0 && creditTermDays <= 180)
    ) {
      throw badRequest(DRAFT_MESSAGES.creditTermDays, { creditTermDays: [DRAFT_MESSAGES.creditTermDays] });
    }
  }

  return {
    group,
    drops,
    terms: { ...terms, supplierName: supplier, productName: product, unitPrice: offerPrice, paymentTerms },
    totalQuantity,
    unitPesewas,
    totalPesewas,
    paymentMethod,
    creditTermDays,
  };
}

/**
 * Drafts orders for a buyer inside the caller's transaction, one per group: checks everything first
 * (buyer active; the product's FDA registration not lapsed, 409 REGISTRATION_LAPSED; seller a known,
 * active supplier offering the product with unexpired stock; units at
 * least the moq; the payment method allowed, and for credit an active line that covers the total),
 * then writes each order AWAITING_CUSTOMER_APPROVAL at the seller's current offer price (a group's
 * `quoted` price and terms instead, without the offer and moq checks) with a PO
 * number from order_number_seq, its drops 'Awaiting Dispatch', and a history row by the user. Any
 * failure throws before a row is written; the caller's transaction then rolls back its own work too.
 */
export async function draftOrders(tx: Tx, input: DraftOrdersInput): Promise<DraftedOrder[]> {
  if (input.groups.length === 0) return [];
  const buyer = await findBuyerOrganisation(tx, input.buyer.orgId);
  if (!buyer) throw notFound('ORGANISATION_NOT_FOUND', 'Customer organisation not found');
  if (!buyer.isActive) throw conflict('BUYER_INACTIVE', DRAFT_MESSAGES.inactiveBuyer(buyer.name));

  // Validate: every group against the terms as they stand now, before anything is written.
  const today = todayUtc();
  const terms = await findDraftTerms(tx, buyer.id, input.groups, today);
  const lapsed = await findLapsedProducts(
    tx,
    input.groups.map((g) => g.productId),
    today,
  );
  const byPair = new Map(terms.map((t) => [`${t.sellerId}/${t.productId}`, t]));
  const planned = input.groups.map((g) => planOrder(g, byPair.get(`${g.sellerId}/${g.productId}`), lapsed));

  // Generate rows.
  const now = new Date();
  const numbers = await nextOrderNumbers(tx, planned.length);
  const orderRows = planned.map((p, i) => ({
    number: orderNumber(now.getUTCFullYear(), numbers[i]!),
    buyerOrgId: buyer.id,
    sellerOrgId: p.group.sellerId,
    productId: p.group.productId,
    unitPrice: toCedis(p.unitPesewas),
    totalQuantity: p.totalQuantity,
    totalCost: toCedis(p.totalPesewas),
    paymentMethod: p.paymentMethod,
    paymentTerms: p.terms.paymentTerms,
    useCredit: p.paymentMethod === 'credit_facility',
    creditTermDays: p.creditTermDays,
    minShelfLifeDays: p.group.minShelfLifeDays ?? buyer.defaultMinShelfLifeDays,
    entityName: p.group.entityName ?? buyer.name,
    entityLocation: p.group.entityLocation ?? buyer.location,
    requesterRole: p.group.requesterRole ?? null,
    deliveryContactName: p.group.contacts.deliveryContactName,
    deliveryContactPhone: p.group.contacts.deliveryContactPhone,
    deliveryAddress: p.group.contacts.deliveryAddress,
    status: AWAITING,
    createdByUserId: input.user.id,
    createdAt: now,
    updatedAt: now,
  }));

  // Write, then log.
  const inserted = await insertOrders(tx, orderRows);
  const idByNumber = new Map(inserted.map((o) => [o.number, o.id]));
  const ids = orderRows.map((o) => {
    const id = idByNumber.get(o.number);
    if (!id) throw new Error(`order ${o.number} was not written`);
    return id;
  });
  await insertDrops(
    tx,
    planned.flatMap((p, i) =>
      p.drops.map((d, j) => ({
        orderId: ids[i]!,
        sequence: j + 1,
        addressName: d.addressName,
        address: d.address,
        contactName: d.contactName,
        contactPhone: d.contactPhone,
        quantity: d.quantity,
        status: 'Awaiting Dispatch' as const,
        estimatedDeliveryDate: d.estimatedDeliveryDate,
        createdAt: now,
        updatedAt: now,
      })),
    ),
  );
  await insertHistory(
    tx,
    ids.map((orderId) => ({
      orderId,
      actorUserId: input.user.id,
      actorName: input.user.name,
      fromStatus: null,
      toStatus: AWAITING,
      note: input.note ?? 'Order drafted',
      createdAt: now,
    })),
  );

  return planned.map((p, i) => ({
    id: ids[i]!,
    number: orderRows[i]!.number,
    sellerId: p.group.sellerId,
    supplierName: p.terms.supplierName,
    productId: p.group.productId,
    productName: p.terms.productName,
    unitPrice: toCedis(p.unitPesewas),
    totalQuantity: p.totalQuantity,
    totalCost: toCedis(p.totalPesewas),
    paymentMethod: p.paymentMethod,
    creditTermDays: p.creditTermDays,
  }));
}

/**
 * Records order.drafted for the buyer and every seller of the drafted orders. Not part of draftOrders:
 * its callers write more after drafting (checkout deletes the cart lines), and the event is the last
 * step of their transaction.
 */
export async function recordOrdersDrafted(
  tx: Tx,
  input: { buyerOrgId: string; actorUserId: string; drafted: readonly DraftedOrder[] },
) {
  const sellers = [...new Set(input.drafted.map((o) => o.sellerId))];
  await recordEvent(tx, {
    type: 'order.drafted',
    orgIds: [input.buyerOrgId, ...sellers],
    refs: {
      buyerId: input.buyerOrgId,
      ...(sellers.length === 1 ? { supplierId: sellers[0] } : {}),
      orderIds: input.drafted.map((o) => o.id),
      productIds: [...new Set(input.drafted.map((o) => o.productId))],
    },
    actorUserId: input.actorUserId,
  });
}
