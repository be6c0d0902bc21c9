import type { SessionUser } from '@aduro/shared/auth';
import { daysUntil, expiryStatusFor, todayUtc } from '@aduro/shared/inventory';
import {
  allowedPaymentMethods,
  defaultPaymentMethodFor,
  MARKETPLACE_MESSAGES,
  matchTags,
  type SupplierCatalogueItem,
  type SupplierCategory,
  type SupplierDirectoryEntry,
  type SupplierMatch,
} from '@aduro/shared/marketplace';
import type { Db } from '../../db/client.ts';
import { eligibilityOf } from '../compliance/eligibility.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Currency, ReadCache } from '../../plugins/read-cache.ts';
import type { DirectoryRows } from './directory-rows.ts';
import { buyerTag, DIRECTORY_TAG, productTag, supplierTag, SUPPLIERS_TAG } from './marketplace-tags.ts';
import {
  findSupplier,
  listBuyerRelationships,
  listProductMatches,
  listSupplierCatalogue,
  type DirectoryRow,
  type MatchRow,
  type RelationshipRow,
} from './suppliers.marketplace.repository.ts';

// Each read answers JSON from the read cache (plugins/read-cache.ts): built and UTF-8 encoded once per
// key until an event drops one of its tags (marketplace-tags.ts), then sent as is. Keys carry the UTC day because expiry and stocked lines change at
// midnight without any write (licences, authorisations and registrations lapse then too). Keys carry the
// caller's organisation, and a customer's answers its buyer tag, because the catalogue and matches mark
// each offer by the caller's licence (docs/domain.md "Who may buy what"): a licence submitted or reviewed
// drops that buyer's answers. The functions are not async: a cached answer comes back at once, and only
// a miss returns a promise.

/** The organisation whose relationships and credit a marketplace read shows: customers only. */
function buyerOf(user: SessionUser): string | null {
  return user.userType === 'customer' ? user.orgId : null;
}

/**
 * The supplier directory, optionally of one category; a customer caller also sees its relationship
 * with each supplier, anyone else null. The market rows are shared by every caller and refreshed by
 * supplier (directory-rows.ts); the relationships are read per buyer and kept until its next change.
 */
export function getSupplierDirectory(
  db: Db,
  cache: ReadCache,
  rows: DirectoryRows,
  user: SessionUser,
  category: SupplierCategory | 'all' | undefined,
  currency: Currency = 'latest',
): Buffer | Promise<Buffer> {
  const buyerOrgId = buyerOf(user);
  const only = category === undefined || category === 'all' ? null : category;
  const today = todayUtc();
  const tags = buyerOrgId === null ? [DIRECTORY_TAG] : [DIRECTORY_TAG, buyerTag(buyerOrgId)];
  return cache.get(
    `directory:${buyerOrgId ?? '-'}:${only ?? 'all'}:${today}`,
    tags,
    async () => {
      const [market, relationships] = await Promise.all([
        rows.get(today),
        buyerOrgId === null
          ? []
          : cache.get(`directory-relationships:${buyerOrgId}`, [buyerTag(buyerOrgId)], () =>
              listBuyerRelationships(db, buyerOrgId),
            ),
      ]);
      const standing = new Map(relationships.map((r) => [r.supplierId, r]));
      // Put together from each row's JSON, kept while the row is (directory-rows.ts replaces only the rows
      // that changed): a write then costs one row's text, not 500 suppliers' (170 KB) again.
      const parts: string[] = [];
      for (const r of market) {
        if (only !== null && r.supplierCategory !== only) continue;
        parts.push(marketJsonOf(r) + relationshipJson(buyerOrgId, standing.get(r.id)) + '}');
      }
      return Buffer.from(`[${parts.join(',')}]`);
    },
    currency,
  );
}

const marketJson = new WeakMap<DirectoryRow, string>();

/** A directory entry's JSON up to its relationship: `{"id":…,"gmv":…,"relationship":`. */
function marketJsonOf(r: DirectoryRow): string {
  let json = marketJson.get(r);
  if (json === undefined) {
    const entry: Omit<SupplierDirectoryEntry, 'relationship'> = {
      id: r.id,
      name: r.name,
      location: r.location,
      supplierCategory: r.supplierCategory,
      isActive: r.isActive,
      paymentTerms: r.paymentTerms ?? 'Prepaid', // SPEC §9's default; an old row may hold null
      inventory: { lines: r.lines },
      customerCount: r.customerCount,
      gmv: r.gmv,
    };
    json = `${JSON.stringify(entry).slice(0, -1)},"relationship":`;
    marketJson.set(r, json);
  }
  return json;
}

const NO_RELATIONSHIP = JSON.stringify({
  isCustomer: false,
  pendingDiscountApprovals: 0,
  creditLimit: null,
  creditAvailable: null,
} satisfies SupplierDirectoryEntry['relationship']);

/** The caller's relationship with a supplier: null for a non-customer caller. */
function relationshipJson(buyerOrgId: string | null, mine: RelationshipRow | undefined): string {
  if (buyerOrgId === null) return 'null';
  if (!mine) return NO_RELATIONSHIP;
  return JSON.stringify({
    isCustomer: mine.isCustomer,
    pendingDiscountApprovals: mine.pendingApprovals,
    creditLimit: mine.creditLimit,
    creditAvailable: mine.creditAvailable,
  } satisfies SupplierDirectoryEntry['relationship']);
}

/**
 * A supplier's stocked offers with the caller's credit with it and whether the caller may buy each
 * (lapsed registrations left out); none while the supplier is inactive; 404 for an unknown or
 * non-supplier id.
 */
export function getSupplierCatalogue(
  db: Db,
  cache: ReadCache,
  user: SessionUser,
  supplierId: string,
  currency: Currency = 'latest',
): Buffer | Promise<Buffer> {
  const buyerOrgId = buyerOf(user);
  const today = todayUtc();
  const tags = [supplierTag(supplierId), ...(buyerOrgId === null ? [] : [buyerTag(buyerOrgId)])];
  return cache.get(
    `catalogue:${supplierId}:${buyerOrgId ?? '-'}:${today}`,
    tags,
    async () => {
      if (!(await findSupplier(db, supplierId)))
        throw notFound('SUPPLIER_NOT_FOUND', MARKETPLACE_MESSAGES.supplierNotFound);
      const rows = await listSupplierCatalogue(db, { supplierId, buyerOrgId, today });
      return Buffer.from(
        JSON.stringify(
          rows.map((r): SupplierCatalogueItem => ({
            productId: r.productId,
            name: r.name,
            brandName: r.brandName,
            category: r.category,
            unitOfMeasure: r.unitOfMeasure,
            itemsPerUnit: r.itemsPerUnit,
            isService: r.isService,
            unitPrice: r.unitPrice,
            quantity: r.quantity,
            moq: r.moq,
            expiryStatus: expiryStatusFor(r.earliestExpiry, today),
            daysUntilExpiry: r.earliestExpiry === null ? null : daysUntil(r.earliestExpiry, today),
            supportsCredit: r.supportsCredit,
            creditLimit: r.creditLimit,
            creditAvailable: r.creditAvailable,
            medicineClass: r.medicineClass,
            controlled: r.controlled,
            eligibility: eligibilityOf(r.refusalCode, r),
          })),
        ),
      );
    },
    currency,
  );
}

/**
 * Active suppliers able to fill a product now, cheapest first, each marked with whether the buyer may
 * buy it (none when the product's FDA registration lapsed). The buyer is the caller's organisation:
 * a buyerId naming another answers 403; a customer's defaults to its own, other callers have none.
 */
export function getProductMatches(
  db: Db,
  cache: ReadCache,
  user: SessionUser,
  productId: string,
  buyerId: string | undefined,
  currency: Currency = 'latest',
): Buffer | Promise<Buffer> {
  if (buyerId !== undefined && buyerId !== user.orgId)
    throw forbidden('OTHER_ORGANISATION', MARKETPLACE_MESSAGES.otherBuyer);
  const buyerOrgId = buyerId ?? buyerOf(user);
  const today = todayUtc();
  const tags = [productTag(productId), SUPPLIERS_TAG, ...(buyerOrgId === null ? [] : [buyerTag(buyerOrgId)])];
  return cache.get(
    `matches:${productId}:${buyerOrgId ?? '-'}:${today}`,
    tags,
    async () => {
      const rows = await listProductMatches(db, { productId, buyerOrgId, today });
      if (rows.length === 0) throw notFound('PRODUCT_NOT_FOUND', MARKETPLACE_MESSAGES.productNotFound);
      return Buffer.from(JSON.stringify(matchesOf(rows)));
    },
    currency,
  );
}

function matchesOf(rows: MatchRow[]): SupplierMatch[] {
  // One product: every offer carries the same mark, decided by the rule approval applies.
  const first = rows[0];
  const eligibility =
    first &&
    eligibilityOf(first.refusalCode, {
      name: first.productName,
      medicineClass: first.medicineClass,
      controlled: first.controlled,
      fdaRegistrationExpiresOn: first.fdaRegistrationExpiresOn,
    });
  return rows.flatMap((r) => {
    if (r.id === null || !eligibility) return [];
    const creditAvailable = r.creditAvailable;
    const supportedPaymentMethods = allowedPaymentMethods({
      supportedPaymentMethods: r.supportedPaymentMethods,
      paymentTerms: r.paymentTerms,
      supportsCredit: r.supportsCredit,
      hasActiveCreditLine: r.hasCreditLine,
    });
    return [
      {
        id: r.id,
        name: r.name,
        location: r.location,
        paymentTerms: r.paymentTerms,
        supplierCategory: r.supplierCategory,
        tags: matchTags({
          supplierCategory: r.supplierCategory,
          availableQuantity: r.availableQuantity,
          moq: r.moq,
          daysUntilEarliestExpiry: r.daysUntilEarliestExpiry,
          creditAvailable,
          leadTimeDays: r.leadTimeDays,
        }),
        unitPrice: r.unitPrice,
        leadTimeDays: r.leadTimeDays,
        longestShelfLifeDays: r.longestShelfLifeDays,
        moq: r.moq,
        rating: r.rating,
        creditAvailable,
        creditLimit: r.creditLimit,
        supportedPaymentMethods,
        defaultPaymentMethod: defaultPaymentMethodFor(supportedPaymentMethods, r.defaultPaymentMethod),
        supportsCredit: r.supportsCredit,
        availableQuantity: r.availableQuantity,
        eligibility,
      },
    ];
  });
}
