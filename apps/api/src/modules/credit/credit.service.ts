import type { SessionUser } from '@aduro/shared/auth';
import { z } from 'zod';
import {
  CREDIT_MESSAGES,
  type CreditApplication,
  type CreditApplicationsQuery,
  type CreditLine,
  type RiskResult,
} from '@aduro/shared/credit';
import { todayUtc } from '@aduro/shared/inventory';
import { roundPesewas, toCedis, toPesewas } from '@aduro/shared/money';
import { isPaged, type Page } from '@aduro/shared/pagination';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { cursorId, cursorInstant, decodeCursor, pageLimit, toPage } from '../../lib/keyset.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordEvent } from '../events/events.repository.ts';
import {
  countApplications,
  decideApplication,
  findApplication,
  findOrganisation,
  insertApplication,
  listCustomerLines,
  listApplications,
  lockApplication,
  lockLine,
  pageApplications,
  riskFacts,
  setLineLimit,
  type ApplicationFilters,
} from './credit.repository.ts';
import { assessRisk } from './risk.ts';

function orgOf(user: SessionUser): string {
  if (!user.orgId) throw forbidden('OTHER_ORGANISATION', CREDIT_MESSAGES.otherCustomer);
  return user.orgId;
}

/** The caller's credit lines; customerId, when given, must be its own organisation. */
export async function getCreditLines(db: Db, user: SessionUser, customerId?: string): Promise<CreditLine[]> {
  const own = orgOf(user);
  if (customerId !== undefined && customerId !== own)
    throw forbidden('OTHER_ORGANISATION', CREDIT_MESSAGES.otherCustomer);
  return listCustomerLines(db, own);
}

/**
 * A customer asks an active supplier for credit: one pending application per pair (409). Records
 * credit.application_submitted for both sides.
 */
export async function applyForCredit(
  db: Db,
  user: SessionUser,
  body: { supplierId: string; customerId?: string; requestedLimit: number; notes: string | null },
): Promise<CreditApplication> {
  const customerId = orgOf(user);
  if (body.customerId !== undefined && body.customerId !== customerId) {
    throw forbidden('OTHER_ORGANISATION', CREDIT_MESSAGES.otherCustomer);
  }
  return inTransaction(db, async (tx) => {
    const [supplier, customer] = await Promise.all([
      findOrganisation(tx, body.supplierId),
      findOrganisation(tx, customerId),
    ]);
    if (!supplier || supplier.kind !== 'supplier')
      throw notFound('SUPPLIER_NOT_FOUND', CREDIT_MESSAGES.supplierNotFound);
    if (!supplier.isActive)
      throw conflict('SUPPLIER_INACTIVE', CREDIT_MESSAGES.inactiveSupplier(supplier.name));
    if (!customer?.isActive)
      throw conflict(
        'BUYER_INACTIVE',
        CREDIT_MESSAGES.inactiveCustomer(customer?.name ?? 'Your organisation'),
      );
    // The partial unique index keeps one pending application per pair, even under concurrent requests.
    const id = await insertApplication(tx, {
      customerId,
      supplierId: supplier.id,
      requestedLimit: body.requestedLimit,
      notes: body.notes,
      userId: user.id,
    });
    if (!id) throw conflict('APPLICATION_PENDING', CREDIT_MESSAGES.pending(supplier.name));
    const application = (await findApplication(tx, id, supplier.id))!;
    await recordEvent(tx, {
      type: 'credit.application_submitted',
      orgIds: [customerId, supplier.id],
      refs: { buyerId: customerId, supplierId: supplier.id, applicationId: id },
      actorUserId: user.id,
    });
    return application;
  });
}

/**
 * The applications made to the caller's supplier, or by the caller's customer (the id naming the
 * caller's own side must be its organisation, 403 otherwise), optionally of one status: the whole list
 * as an array, or a page of it when the query names limit or cursor.
 * Overloaded so each route gets its one shape: a query naming limit (GET .../page) answers the
 * page, one without the whole list (decision 0014).
 */
export function getApplications(
  db: Db,
  user: SessionUser,
  query: CreditApplicationsQuery & { limit: number },
): Promise<Page<CreditApplication>>;
export function getApplications(
  db: Db,
  user: SessionUser,
  query: Omit<CreditApplicationsQuery, 'cursor' | 'limit'>,
): Promise<CreditApplication[]>;
export async function getApplications(
  db: Db,
  user: SessionUser,
  query: CreditApplicationsQuery,
): Promise<CreditApplication[] | Page<CreditApplication>> {
  const own = orgOf(user);
  let party: ApplicationFilters['party'];
  // A customer follows its own requests; a supplier's credit staff decide the ones made to it.
  if (user.userType === 'customer') {
    if (query.customerId !== undefined && query.customerId !== own)
      throw forbidden('OTHER_ORGANISATION', CREDIT_MESSAGES.otherCustomer);
    party = { customerId: own };
  } else {
    if (query.supplierId !== undefined && query.supplierId !== own)
      throw forbidden('OTHER_ORGANISATION', CREDIT_MESSAGES.otherSupplier);
    party = { supplierId: own };
  }
  const filters: ApplicationFilters = { party, status: query.status };
  if (!isPaged(query)) return listApplications(db, filters);

  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, applicationCursor);
  const limit = pageLimit(query);
  const [rows, total] = await Promise.all([
    pageApplications(db, { ...filters, after, limit }),
    countApplications(db, filters),
  ]);
  return toPage(
    rows,
    limit,
    total,
    (r) => [r.positionRank, r.positionAt, r.id],
    ({ positionRank: _rank, positionAt: _at, ...application }) => application,
  );
}

/**
 * A cursor of the applications list (credit.repository.ts applicationOrder): the rank, the instant that
 * orders that rank (none for rank 2), the id.
 */
const applicationCursor = z
  .tuple([z.number().int().min(0).max(2), cursorInstant.nullable(), cursorId])
  .refine(([rank, at]) => (rank === 2) === (at === null));

/**
 * Approves with a limit: creates the pair's credit line or sets its limit (reactivating a suspended
 * one), never below what the customer owes now. The application and the line are locked, so a second
 * decision, or a payment or approval moving the balance meanwhile, is seen. Records credit.decided for
 * both sides, naming the line.
 */
export async function approveApplication(
  db: Db,
  user: SessionUser,
  id: string,
  limit: number,
): Promise<CreditApplication> {
  const supplierId = orgOf(user);
  await inTransaction(db, async (tx) => {
    const application = await lockApplication(tx, id, supplierId);
    if (!application) throw notFound('APPLICATION_NOT_FOUND', CREDIT_MESSAGES.notFound);
    if (application.status !== 'pending') throw conflict('APPLICATION_DECIDED', CREDIT_MESSAGES.decided);
    const line = await lockLine(tx, application.customerId, supplierId);
    if (line && toPesewas(line.balance) > toPesewas(limit)) {
      throw conflict('LIMIT_BELOW_BALANCE', CREDIT_MESSAGES.belowBalance(line.balance));
    }
    await setLineLimit(tx, application.customerId, supplierId, limit);
    // A first approval creates the line; only then is its id read back.
    const creditLineId = line?.id ?? (await lockLine(tx, application.customerId, supplierId))?.id;
    await decideApplication(tx, id, { status: 'approved', approvedLimit: limit, userId: user.id });
    await recordEvent(tx, {
      type: 'credit.decided',
      orgIds: [application.customerId, supplierId],
      refs: {
        buyerId: application.customerId,
        supplierId,
        applicationId: id,
        ...(creditLineId ? { creditLineId } : {}),
      },
      actorUserId: user.id,
    });
  });
  return (await findApplication(db, id, supplierId))!;
}

/**
 * Rejects a pending application, keeping the reason when the supplier gave one (the buyer reads it on
 * its credit page); records credit.decided for both sides, carrying the reason for the buyer's
 * notification.
 */
export async function rejectApplication(
  db: Db,
  user: SessionUser,
  id: string,
  reason: string | null,
): Promise<CreditApplication> {
  const supplierId = orgOf(user);
  await inTransaction(db, async (tx) => {
    const application = await lockApplication(tx, id, supplierId);
    if (!application) throw notFound('APPLICATION_NOT_FOUND', CREDIT_MESSAGES.notFound);
    if (application.status !== 'pending') throw conflict('APPLICATION_DECIDED', CREDIT_MESSAGES.decided);
    await decideApplication(tx, id, { status: 'rejected', reason, userId: user.id });
    await recordEvent(tx, {
      type: 'credit.decided',
      orgIds: [application.customerId, supplierId],
      refs: { buyerId: application.customerId, supplierId, applicationId: id, ...(reason ? { reason } : {}) },
      actorUserId: user.id,
    });
  });
  return (await findApplication(db, id, supplierId))!;
}

/** The explained risk check of one of the supplier's applications (risk.ts). */
export async function checkRisk(db: Db, user: SessionUser, id: string): Promise<RiskResult> {
  const supplierId = orgOf(user);
  const application = await findApplication(db, id, supplierId);
  if (!application) throw notFound('APPLICATION_NOT_FOUND', CREDIT_MESSAGES.notFound);
  const f = await riskFacts(db, application.customer.id, supplierId, todayUtc());
  const facts = {
    exposure: toPesewas(f.exposure),
    outstanding: toPesewas(f.outstanding),
    requested: toPesewas(application.requestedLimit),
    ordersWithSupplier: f.ordersWithSupplier,
    overdueInvoices: f.overdueInvoices,
    paidOnTime: f.paidOnTime,
    paidLate: f.paidLate,
    accountAgeDays: f.accountAgeDays,
    monthlyVolume: roundPesewas(toPesewas(f.volume180) / 6),
  };
  const risk = assessRisk(facts);
  return {
    score: risk.score,
    rationale: risk.rationale,
    exposure: toCedis(facts.exposure),
    outstanding: toCedis(facts.outstanding),
    requested: application.requestedLimit,
    ...(risk.recommendedLimit !== undefined ? { recommendedLimit: risk.recommendedLimit } : {}),
  };
}
