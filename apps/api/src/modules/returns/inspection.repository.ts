import { sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';

/**
 * The SQL of a return's inspection (docs/domain.md "Returns"): the return and its lots locked for the
 * seller, the fates written, restocked units put back, the destruction record, the credit note and its
 * split, and the two reads that leave the module as files (the destruction register, the credit note).
 */

export interface InspectedReturn extends Record<string, unknown> {
  id: string;
  number: string;
  status: string;
  orderId: string;
  orderNumber: string;
  productId: string;
  unitPrice: number;
  buyerOrgId: string;
  sellerOrgId: string;
}

/** The seller's return with its order's price and product, locked (first in the inspection's lock order). */
export async function lockReturnForSeller(tx: Tx, id: string, sellerOrgId: string) {
  const rows = await queryRows<InspectedReturn>(
    tx,
    sql`select r.id, r.number, r.status, r.order_id as "orderId", o.number as "orderNumber",
               o.product_id as "productId", o.unit_price as "unitPrice",
               r.buyer_org_id as "buyerOrgId", r.seller_org_id as "sellerOrgId"
        from returns r join orders o on o.id = r.order_id
        where r.id = ${id} and r.seller_org_id = ${sellerOrgId}
        for update of r`,
  );
  return rows[0] ?? null;
}

export interface InspectionLine extends Record<string, unknown> {
  id: string;
  lineNo: number;
  lotId: string;
  receivedQuantity: number;
  batchNumber: string | null;
  expiryDate: string | null;
  recalled: boolean;
}

/**
 * The return's lines with their lots, the lots locked in id order (the order every writer of lots takes,
 * so an approval allocating from them queues rather than deadlocks).
 */
export async function lockLinesAndLots(tx: Tx, returnId: string) {
  return queryRows<InspectionLine>(
    tx,
    sql`select l.id, l.line_no as "lineNo", l.lot_id as "lotId",
               coalesce(l.received_quantity, 0) as "receivedQuantity", lot.batch_number as "batchNumber",
               to_char(lot.expiry_date, 'YYYY-MM-DD') as "expiryDate",
               lot.quarantined_at is not null as recalled
        from return_lines l join inventory_lots lot on lot.id = l.lot_id
        where l.return_id = ${returnId}
        order by lot.id, l.line_no
        for update of lot`,
  );
}

/**
 * The credit line a credit invoice of the order is charged to, locked (after the lots, before the
 * invoice: the documented lock order); null when the order's invoice is not on credit.
 */
export async function lockCreditLineOfOrder(tx: Tx, orderId: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select cl.id from credit_lines cl
        join invoices i on i.credit_line_id = cl.id
        where i.order_id = ${orderId} and i.on_credit
        for update of cl`,
  );
  return rows[0]?.id ?? null;
}

/** Puts restocked units back into their lot, where allocation finds them again. */
export async function restockLot(tx: Tx, lotId: string, units: number) {
  await tx.execute(
    sql`update inventory_lots set quantity = quantity + ${units}, updated_at = now() where id = ${lotId}`,
  );
}

/** Writes each line's fates (they add up to its received units: a CHECK holds it). */
export async function writeFates(
  tx: Tx,
  lines: { id: string; restock: number; destroy: number; returnToManufacturer: number }[],
) {
  for (const line of lines) {
    await tx.execute(sql`
      update return_lines set restocked_quantity = ${line.restock}, destroyed_quantity = ${line.destroy},
        manufacturer_quantity = ${line.returnToManufacturer}
      where id = ${line.id}`);
  }
}

/** The destruction record the FDA asks for. */
export async function insertDestruction(
  tx: Tx,
  row: {
    returnId: string;
    sellerOrgId: string;
    destroyedOn: string;
    method: string;
    witness: string;
    fdaReference: string;
    userId: string;
  },
) {
  await tx.execute(sql`
    insert into destruction_records (return_id, seller_org_id, destroyed_on, method, witness, fda_reference,
                                     recorded_by_user_id)
    values (${row.returnId}, ${row.sellerOrgId}, ${row.destroyedOn}::date, ${row.method}, ${row.witness},
            ${row.fdaReference}, ${row.userId})`);
}

/**
 * Raises what the invoice has credited by a credit note and what of it settled the invoice; the
 * invoice is paid once payments and credit together cover it. The CHECK invoices_credited_within_amount
 * refuses a credit beyond the amount even if a caller skipped the locked read.
 */
export async function creditInvoice(
  tx: Tx,
  invoiceId: string,
  c: { creditedPesewas: number; settledPesewas: number; settles: boolean; at: Date },
) {
  await tx.execute(sql`
    update invoices set credited = credited + ${c.creditedPesewas}::numeric / 100,
      credit_applied = credit_applied + ${c.settledPesewas}::numeric / 100, updated_at = ${c.at},
      status = case when ${c.settles} then 'paid'::invoice_status else status end,
      paid_at = case when ${c.settles} then coalesce(paid_at, ${c.at}) else paid_at end
    where id = ${invoiceId}`);
}

/** Issues the credit note with the next CN-{year}-{sequence} number; answers its id and number. */
export async function insertCreditNote(
  tx: Tx,
  row: {
    returnId: string;
    invoiceId: string;
    buyerOrgId: string;
    sellerOrgId: string;
    amountPesewas: number;
    toInvoicePesewas: number;
    toCreditLinePesewas: number;
    heldPesewas: number;
    at: Date;
  },
) {
  const [note] = await queryRows<{ id: string; number: string }>(
    tx,
    sql`insert into credit_notes (number, return_id, invoice_id, buyer_org_id, seller_org_id, amount,
                                  applied_to_invoice, applied_to_credit_line, held_as_credit, issued_at)
        values ('CN-' || ${String(row.at.getUTCFullYear())} || '-' || lpad(nextval('credit_note_number_seq')::text, 6, '0'),
                ${row.returnId}, ${row.invoiceId}, ${row.buyerOrgId}, ${row.sellerOrgId},
                ${row.amountPesewas}::numeric / 100, ${row.toInvoicePesewas}::numeric / 100,
                ${row.toCreditLinePesewas}::numeric / 100, ${row.heldPesewas}::numeric / 100, ${row.at})
        returning id, number`,
  );
  return note!;
}

/** Adds to the credit the buyer holds with the supplier (the part of a credit note nothing owed took). */
export async function addSupplierCredit(tx: Tx, buyerOrgId: string, sellerOrgId: string, pesewas: number) {
  await tx.execute(sql`
    insert into supplier_credits (buyer_org_id, seller_org_id, balance)
    values (${buyerOrgId}, ${sellerOrgId}, ${pesewas}::numeric / 100)
    on conflict (buyer_org_id, seller_org_id)
    do update set balance = supplier_credits.balance + excluded.balance, updated_at = now()`);
}

/** The return is inspected: completed. */
export async function completeReturn(tx: Tx, returnId: string, at: Date) {
  await tx.execute(sql`
    update returns set status = 'completed', inspected_at = ${at}, updated_at = ${at} where id = ${returnId}`);
}

export interface DestructionRow extends Record<string, unknown> {
  destroyedOn: string;
  returnNumber: string;
  orderNumber: string;
  buyer: string;
  product: string;
  batchNumber: string | null;
  expiryDate: string | null;
  quantity: number;
  method: string;
  witness: string;
  fdaReference: string;
  recordedBy: string | null;
}

/**
 * The seller's destruction register: one row per return line that destroyed units, the latest
 * destruction first (then by return number and line, so the order is total).
 */
export async function listDestructions(db: Executor, sellerOrgId: string) {
  return queryRows<DestructionRow>(
    db,
    sql`select to_char(d.destroyed_on, 'YYYY-MM-DD') as "destroyedOn", r.number as "returnNumber",
               o.number as "orderNumber", b.name as buyer, p.name as product, lot.batch_number as "batchNumber",
               to_char(lot.expiry_date, 'YYYY-MM-DD') as "expiryDate", l.destroyed_quantity as quantity,
               d.method, d.witness, d.fda_reference as "fdaReference", u.name as "recordedBy"
        from destruction_records d
        join returns r on r.id = d.return_id
        join return_lines l on l.return_id = r.id and l.destroyed_quantity > 0
        join inventory_lots lot on lot.id = l.lot_id
        join orders o on o.id = r.order_id
        join products p on p.id = o.product_id
        join organizations b on b.id = r.buyer_org_id
        left join users u on u.id = d.recorded_by_user_id
        where d.seller_org_id = ${sellerOrgId}
        order by d.destroyed_on desc, r.number desc, l.line_no`,
  );
}

export interface CreditNoteDocument extends Record<string, unknown> {
  id: string;
  number: string;
  issuedAt: string;
  amount: number;
  appliedToInvoice: number;
  appliedToCreditLine: number;
  heldAsCredit: number;
  invoiceNumber: string;
  orderId: string;
  returnNumber: string;
  lines: {
    lineNo: number;
    dropSequence: number;
    batchNumber: string | null;
    expiryDate: string | null;
    reason: string;
    received: number;
    restocked: number;
    destroyed: number;
    manufacturer: number;
  }[];
}

/** A credit note with its return's lines, for one of its two organisations only (null for any other). */
export async function findCreditNoteFor(db: Executor, id: string, orgId: string) {
  const rows = await queryRows<CreditNoteDocument>(
    db,
    sql`select c.id, c.number, to_char(c.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "issuedAt",
               c.amount, c.applied_to_invoice as "appliedToInvoice",
               c.applied_to_credit_line as "appliedToCreditLine", c.held_as_credit as "heldAsCredit",
               i.number as "invoiceNumber", r.order_id as "orderId", r.number as "returnNumber",
               coalesce((select json_agg(json_build_object(
                         'lineNo', l.line_no, 'dropSequence', d.sequence, 'batchNumber', lot.batch_number,
                         'expiryDate', to_char(lot.expiry_date, 'YYYY-MM-DD'), 'reason', l.reason,
                         'received', l.received_quantity, 'restocked', l.restocked_quantity,
                         'destroyed', l.destroyed_quantity, 'manufacturer', l.manufacturer_quantity)
                       order by l.line_no)
                  from return_lines l
                  join order_drops d on d.id = l.drop_id
                  join inventory_lots lot on lot.id = l.lot_id
                  where l.return_id = r.id and l.received_quantity > 0), '[]'::json) as lines
        from credit_notes c
        join invoices i on i.id = c.invoice_id
        join returns r on r.id = c.return_id
        where c.id = ${id} and (c.buyer_org_id = ${orgId} or c.seller_org_id = ${orgId})`,
  );
  return rows[0] ?? null;
}
