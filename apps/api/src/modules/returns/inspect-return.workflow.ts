import { todayUtc } from '@aduro/shared/inventory';
import { toPesewas } from '@aduro/shared/money';
import {
  RESTOCK_MIN_SHELF_LIFE_DAYS,
  RETURN_MESSAGES,
  RETURN_STATUS_LABELS,
  type ReturnDetail,
  type ReturnInspect,
  type ReturnStatus,
} from '@aduro/shared/returns';
import type { Db, Tx } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import { badRequest, conflict, errorCode, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { Member } from '../../plugins/auth.ts';
import { addToCreditBalance } from '../credit/credit.repository.ts';
import { recordEvent } from '../events/events.repository.ts';
import { lockOrderInvoice } from '../invoices/invoices.repository.ts';
import {
  addSupplierCredit,
  completeReturn,
  creditInvoice,
  insertCreditNote,
  insertDestruction,
  lockCreditLineOfOrder,
  lockLinesAndLots,
  lockReturnForSeller,
  restockLot,
  writeFates,
  type InspectionLine,
} from './inspection.repository.ts';
import { getReturn } from './returns.service.ts';

/** The batch as messages name it; a lot may have been stocked without a batch number. */
const batchName = (line: InspectionLine) => line.batchNumber ?? '(no batch number)';

/**
 * Checks the fates named against the return's lines, all at once so the form can mark every field:
 * each line known and named once, every line with received units named, and each line's fates adding
 * up to its received units; a destruction needs its record, dated no later than today.
 */
function validate(body: ReturnInspect, lines: InspectionLine[], today: string) {
  const byId = new Map(lines.map((l) => [l.id.toLowerCase(), l]));
  const fieldErrors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (fieldErrors[field] ??= []).push(message);
  const named = new Set<string>();
  body.lines.forEach((entry, i) => {
    const id = entry.lineId.toLowerCase();
    const line = byId.get(id);
    if (!line) return fail(`lines.${i}.lineId`, RETURN_MESSAGES.unknownLine);
    if (named.has(id)) return fail(`lines.${i}.lineId`, RETURN_MESSAGES.lineTwice);
    named.add(id);
    if (entry.restock + entry.destroy + entry.returnToManufacturer !== line.receivedQuantity)
      fail(`lines.${i}.restock`, RETURN_MESSAGES.fatesAddUp(line.receivedQuantity));
  });
  if (lines.some((l) => l.receivedQuantity > 0 && !named.has(l.id.toLowerCase())))
    fail('lines', RETURN_MESSAGES.receivedLines);
  if (body.lines.some((l) => l.destroy > 0)) {
    if (!body.destruction) fail('destruction', RETURN_MESSAGES.destructionRequired);
    else if (body.destruction.destroyedOn > today)
      fail('destruction.destroyedOn', RETURN_MESSAGES.destroyedOn);
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw badRequest(first, fieldErrors);
}

/**
 * Restock puts units back on sale, so it is refused (409) for a recalled batch, an expired one (expiry
 * before today, UTC) and one with under RESTOCK_MIN_SHELF_LIFE_DAYS of shelf life left. A lot without an
 * expiry date has nothing to refuse on.
 */
function checkRestock(line: InspectionLine, today: string) {
  if (line.recalled) throw conflict('RESTOCK_NOT_ALLOWED', RETURN_MESSAGES.restockRecalled(batchName(line)));
  if (line.expiryDate === null) return;
  if (line.expiryDate < today)
    throw conflict('RESTOCK_NOT_ALLOWED', RETURN_MESSAGES.restockExpired(batchName(line), line.expiryDate));
  if (line.expiryDate < addDays(today, RESTOCK_MIN_SHELF_LIFE_DAYS))
    throw conflict(
      'RESTOCK_NOT_ALLOWED',
      RETURN_MESSAGES.restockShortDated(batchName(line), line.expiryDate),
    );
}

/** PostgreSQL refused a row by the named CHECK (23514), as node-postgres and PGlite report it. */
function isCheckViolation(err: unknown, constraint: string): boolean {
  if (errorCode(err) !== '23514') return false;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const named = (e as { constraint?: unknown }).constraint;
    if (named === constraint) return true;
    if (typeof (e as Error).message === 'string' && (e as Error).message.includes(constraint)) return true;
  }
  return false;
}

/**
 * Inspects a received return (docs/domain.md "Returns"), in the caller's transaction: locks the return,
 * then its lots (id order), then the credit line, then the invoice (the order every money path takes);
 * checks the fates (400) and the restocks (409); puts restocked units back into their lots; writes the
 * fates and the destruction record; issues the credit note for every received unit at the order's unit
 * price and splits it: what the invoice still owes is settled (on the credit line too for a credit
 * invoice), the rest is held as credit with the supplier. Credits beyond the invoice's amount answer 409
 * CREDIT_EXCEEDS_INVOICE, whether the locked read or the invoice's CHECK finds it. Records
 * return.inspected last.
 */
export async function inspectReturn(
  tx: Tx,
  input: { returnId: string; sellerOrgId: string; userId: string; body: ReturnInspect },
): Promise<{ creditNoteId: string | null }> {
  const ret = await lockReturnForSeller(tx, input.returnId, input.sellerOrgId);
  if (!ret) throw notFound('RETURN_NOT_FOUND', RETURN_MESSAGES.notFound);
  if (ret.status !== 'received')
    throw conflict(
      'RETURN_WRONG_STATUS',
      RETURN_MESSAGES.wrongStatus(ret.number, RETURN_STATUS_LABELS[ret.status as ReturnStatus]),
    );

  const lines = await lockLinesAndLots(tx, ret.id);
  const today = todayUtc();
  validate(input.body, lines, today);
  const fates = new Map(input.body.lines.map((l) => [l.lineId.toLowerCase(), l]));
  const decided = lines.map((line) => {
    const fate = fates.get(line.id.toLowerCase());
    return {
      line,
      id: line.id,
      restock: fate?.restock ?? 0,
      destroy: fate?.destroy ?? 0,
      returnToManufacturer: fate?.returnToManufacturer ?? 0,
    };
  });
  for (const d of decided) if (d.restock > 0) checkRestock(d.line, today);

  const at = new Date();
  for (const d of decided) if (d.restock > 0) await restockLot(tx, d.line.lotId, d.restock);
  await writeFates(tx, decided);
  const destruction = input.body.destruction;
  if (destruction && decided.some((d) => d.destroy > 0)) {
    await insertDestruction(tx, {
      returnId: ret.id,
      sellerOrgId: ret.sellerOrgId,
      ...destruction,
      userId: input.userId,
    });
  }

  const received = lines.reduce((sum, l) => sum + l.receivedQuantity, 0);
  const credit = received * toPesewas(ret.unitPrice);
  let note: { id: string; invoiceId: string; creditLineId: string | null } | null = null;
  // Nothing arrived: nothing to credit, and a note of GH₵0 is no note.
  if (credit > 0) {
    const creditLineId = await lockCreditLineOfOrder(tx, ret.orderId);
    const invoice = await lockOrderInvoice(tx, ret.orderId);
    // Units were delivered, so the order was approved and invoiced: a missing invoice is a broken store.
    if (!invoice) throw new Error(`Return ${ret.number}: its order has no invoice`);
    const amount = toPesewas(invoice.amount);
    if (toPesewas(invoice.credited) + credit > amount)
      throw conflict('CREDIT_EXCEEDS_INVOICE', RETURN_MESSAGES.creditExceedsInvoice(invoice.number));
    const owed =
      invoice.status === 'void'
        ? 0
        : amount - toPesewas(invoice.amountPaid) - toPesewas(invoice.creditApplied);
    const settled = Math.max(0, Math.min(credit, owed));
    // The line locked is the invoice's own (both read through the order): a credit invoice's settlement
    // comes off that line's balance.
    const line = invoice.onCredit ? creditLineId : null;
    const onLine = line !== null;
    try {
      await creditInvoice(tx, invoice.id, {
        creditedPesewas: credit,
        settledPesewas: settled,
        settles: settled > 0 && settled === owed,
        at,
      });
    } catch (err) {
      if (isCheckViolation(err, 'invoices_credited_within_amount'))
        throw conflict('CREDIT_EXCEEDS_INVOICE', RETURN_MESSAGES.creditExceedsInvoice(invoice.number));
      throw err;
    }
    // The line's balance stays the sum of what its credit invoices still owe.
    if (line !== null && settled > 0) await addToCreditBalance(tx, line, -settled);
    const held = credit - settled;
    if (held > 0) await addSupplierCredit(tx, ret.buyerOrgId, ret.sellerOrgId, held);
    const issued = await insertCreditNote(tx, {
      returnId: ret.id,
      invoiceId: invoice.id,
      buyerOrgId: ret.buyerOrgId,
      sellerOrgId: ret.sellerOrgId,
      amountPesewas: credit,
      toInvoicePesewas: onLine ? 0 : settled,
      toCreditLinePesewas: onLine ? settled : 0,
      heldPesewas: held,
      at,
    });
    note = { id: issued.id, invoiceId: invoice.id, creditLineId: onLine && settled > 0 ? line : null };
  }
  await completeReturn(tx, ret.id, at);

  await recordEvent(tx, {
    type: 'return.inspected',
    orgIds: [ret.buyerOrgId, ret.sellerOrgId],
    refs: {
      returnId: ret.id,
      buyerId: ret.buyerOrgId,
      supplierId: ret.sellerOrgId,
      orderIds: [ret.orderId],
      productIds: [ret.productId],
      ...(note ? { creditNoteId: note.id, invoiceId: note.invoiceId } : {}),
      ...(note?.creditLineId ? { creditLineId: note.creditLineId } : {}),
    },
    actorUserId: input.userId,
  });
  return { creditNoteId: note?.id ?? null };
}

/**
 * POST /api/returns/{id}/inspect for a supplier's inventory staff: the inspection in one transaction
 * (retried on deadlock), then the return as it now stands.
 */
export async function inspectReturnFor(
  db: Db,
  user: Member,
  returnId: string,
  body: ReturnInspect,
): Promise<ReturnDetail> {
  await inTransaction(db, (tx) =>
    inspectReturn(tx, { returnId, sellerOrgId: user.orgId, userId: user.id, body }),
  );
  return getReturn(db, user, returnId);
}
