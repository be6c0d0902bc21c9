import { z } from 'zod';
import {
  ACTIVITY_CSV_COLUMNS,
  type ActivityFilters,
  type ActivityItem,
  type ActivityPage,
} from '@aduro/shared/activity';
import type { SessionUser } from '@aduro/shared/auth';
import {
  CONTROLLED_KIND_LABELS,
  MEDICINE_CLASS_LABELS,
  type ControlledKind,
  type MedicineClass,
} from '@aduro/shared/compliance';
import type { EventRefs } from '@aduro/shared/events';
import { formatCedis } from '@aduro/shared/money';
import { PAYMENT_METHOD_LABELS } from '@aduro/shared/payments';
import type { Db } from '../../db/client.ts';
import { toCsvLine } from '../../lib/csv.ts';
import { forbidden } from '../../lib/errors.ts';
import { visibleRefs } from '../../lib/event-refs.ts';
import { decodeCursor, pageLimit, toPage } from '../../lib/keyset.ts';
import { countActivity, listActivity, type ActivityRow, type ActivityScope } from './activity.repository.ts';

/** An activity cursor: the id of the last event shown (ids only grow). */
const cursorShape = z.tuple([z.number().int().positive()]);

/** Rows per read of the CSV export: enough to keep the round trips few, small enough to stream. */
const CSV_BATCH = 500;

/**
 * Whose events the caller reads: a supplier its own organisation's (naming another's is 403), a platform
 * administrator everyone's, or one organisation's when it names one.
 */
function scopeOf(user: SessionUser, orgId: string | undefined): ActivityScope {
  if (user.userType === 'platform') return { orgId: orgId ?? null, seesEveryOrganisation: true };
  if (!user.orgId || (orgId !== undefined && orgId.toLowerCase() !== user.orgId.toLowerCase()))
    throw forbidden();
  return { orgId: user.orgId, seesEveryOrganisation: false };
}

const quoted = (text: string) => `“${text}”`;
const units = (n: number) => `${n} ${n === 1 ? 'lot' : 'lots'}`;

const mobileMoneyAmount = (row: ActivityRow) =>
  row.mobileMoneyAmount === null ? 'an amount' : formatCedis(row.mobileMoneyAmount);
const mobileMoneyInvoice = (row: ActivityRow) => {
  const number = row.mobileMoneyInvoiceNumber ?? row.invoiceNumber;
  return number ? `invoice ${number}` : 'an invoice';
};

type LegalStatusChange = NonNullable<EventRefs['legalStatusChanges']>[number];

const LEGAL_STATUS_FIELDS: Record<LegalStatusChange['field'], string> = {
  medicineClass: 'class',
  controlled: 'controlled status',
  fdaRegistrationNumber: 'FDA registration number',
  fdaRegistrationExpiresOn: 'FDA registration expiry',
};

/** One side of a legal status change in words: "A (POM)", "Narcotic", a number or date, or its absence. */
function legalValue(field: LegalStatusChange['field'], value: string | null): string {
  if (value === null) {
    if (field === 'medicineClass') return 'not classed';
    return field === 'controlled' ? 'not controlled' : 'not recorded';
  }
  if (field === 'medicineClass' && value in MEDICINE_CLASS_LABELS)
    return `${value} (${MEDICINE_CLASS_LABELS[value as MedicineClass]})`;
  if (field === 'controlled' && value in CONTROLLED_KIND_LABELS)
    return CONTROLLED_KIND_LABELS[value as ControlledKind];
  return value;
}

/**
 * The event as a sentence, from its type and the names read with it, as the organisation whose trail it
 * is reads it (`readerOrgId`; null: the platform's view of every organisation). A request for quotation
 * is told to an invited supplier without the others: never how many, nor who, were invited or won.
 */
export function describe(row: ActivityRow, readerOrgId: string | null = null): string {
  const who = row.actorName ?? 'A former user';
  const product = row.productName ?? 'a product';
  const order =
    row.orderNumber === null
      ? 'an order'
      : row.orderCount > 1
        ? `${row.orderCount} orders (${row.orderNumber} and others)`
        : `order ${row.orderNumber}`;
  const buyer = row.buyerName ?? 'a customer';
  const supplier = row.supplierName ?? 'a supplier';
  const rfq = row.rfqNumber ?? 'a request for quotation';
  // The buyer's (and the platform's) view of a request, against an invited supplier's.
  const buyerView = readerOrgId === null || readerOrgId.toLowerCase() === row.refs.buyerId?.toLowerCase();
  // A return as its buyer reads it: the supplier's steps told as the supplier's, not its clerk's.
  const buyerOwn = readerOrgId !== null && readerOrgId.toLowerCase() === row.refs.buyerId?.toLowerCase();
  const ret = row.returnNumber ? `return ${row.returnNumber}` : 'a return';
  switch (row.type) {
    case 'inventory.synced':
      return `${who} synced stock of ${product}`;
    case 'inventory.imported': {
      const c = row.refs.importCounts;
      if (!c) return `${who} imported stock from a file`;
      const skipped =
        c.skipped > 0 ? `; ${c.skipped} ${c.skipped === 1 ? 'row' : 'rows'} with errors skipped` : '';
      return `${who} imported stock from a file: ${c.created} new, ${c.updated} updated, ${c.unchanged} unchanged${skipped}`;
    }
    case 'product.created':
      return `${who} added ${product} to the catalogue`;
    case 'supplier.settings_changed':
      return `${who} changed the trading terms of ${supplier}`;
    case 'order.drafted':
      return `${who} drafted ${order} for ${product}`;
    case 'order.released':
      return `${who} approved ${order} for ${product}`;
    case 'order.cancelled':
      return `${who} cancelled ${order}`;
    case 'drop.moved': {
      const drop = row.dropSequence === null ? 'a drop' : `drop ${row.dropSequence}`;
      if (row.dropStatus === 'Cancelled') return `${who} cancelled ${drop} of ${order}`;
      // A drop never moves back to Awaiting Dispatch: a move that leaves it there under a recall is a
      // re-pick (orders/repick-drop.workflow.ts), its recalled units swapped for another batch.
      if (row.dropStatus === 'Awaiting Dispatch' && row.refs.recallId)
        return `${who} re-picked ${drop} of ${order} from another batch, off the recalled one`;
      return `${who} moved ${drop} of ${order} to ${row.dropStatus ?? 'its next status'}`;
    }
    case 'credit.application_submitted':
      return `Credit application from ${buyer} to ${supplier}${
        row.requestedLimit === null ? '' : ` for ${formatCedis(row.requestedLimit)}`
      }`;
    case 'credit.decided':
      if (row.applicationStatus === 'approved')
        return `Credit application from ${buyer} approved${
          row.approvedLimit === null ? '' : ` at ${formatCedis(row.approvedLimit)}`
        }`;
      return `Credit application from ${buyer} ${row.applicationStatus === 'rejected' ? 'rejected' : 'decided'}`;
    case 'payment.recorded': {
      const amount = row.paymentAmount === null ? 'a payment' : formatCedis(row.paymentAmount);
      const method = row.paymentMethod ? ` (${PAYMENT_METHOD_LABELS[row.paymentMethod]})` : '';
      const invoice = row.invoiceNumber ? `invoice ${row.invoiceNumber}` : 'an invoice';
      return `${who} recorded ${amount}${method} on ${invoice} from ${buyer}`;
    }
    case 'organisation.registered':
      return `${row.subjectOrgName ?? 'An organisation'} registered as a ${row.subjectOrgKind ?? 'new'} organisation`;
    case 'organisation.toggled': {
      const kind = row.subjectOrgKind === 'customer' ? 'Customer' : 'Supplier';
      const done =
        row.subjectOrgActive === null
          ? 'activated or deactivated'
          : row.subjectOrgActive
            ? 'activated'
            : 'deactivated';
      // Toggles since issue 31 carry the administrator's reason; older ones have none to show.
      const why = row.refs.reason ? `: ${quoted(row.refs.reason)}` : '';
      return `${kind} ${row.subjectOrgName ?? ''} ${done}`.replace(/\s+/g, ' ') + why;
    }
    case 'staff.changed':
      if (row.subjectUserName === null) {
        if (row.subjectUserRemoved) return `${who} removed a user`;
        return row.subjectUserAdded
          ? `${who} added a user since removed`
          : `Roles changed for a user since removed`;
      }
      return row.subjectUserAdded
        ? `${who} added ${row.subjectUserName}`
        : `Roles changed for ${row.subjectUserName} by ${who}`;
    case 'invoice.due_soon':
      return `Invoice ${row.invoiceNumber ?? ''} from ${supplier} falls due within 3 days`.replace(
        /\s+/g,
        ' ',
      );
    case 'invoice.overdue':
      return `Invoice ${row.invoiceNumber ?? ''} from ${supplier} is overdue`.replace(/\s+/g, ' ');
    case 'lots.expiring':
      return `${units(row.lotCount)} of ${supplier} expire within 30 days`;
    case 'lots.expired':
      return `${units(row.lotCount)} of ${supplier} have expired`;
    case 'recall.declared': {
      const batches = row.recallBatches?.length
        ? ` batch ${row.recallBatches.map(quoted).join(', ')} of`
        : '';
      return `${who} recalled${batches} ${product}${row.recallNumber ? ` (${row.recallNumber})` : ''}`;
    }
    case 'recall.acknowledged':
      return `${buyer} confirmed recalled stock of ${order} is quarantined`;
    case 'licence.submitted':
      return `${who} submitted the pharmacy licence of ${row.subjectOrgName ?? 'a customer'} for review`;
    case 'licence.reviewed': {
      const of = `the pharmacy licence of ${row.subjectOrgName ?? 'a customer'}`;
      const why = row.refs.reason ? `: ${quoted(row.refs.reason)}` : '';
      if (row.refs.licenceStatus === 'verified')
        return `${who} verified ${of}${row.refs.controlledAuthorised ? ' and its controlled-drugs authorisation' : ''}${why}`;
      return row.refs.revoked
        ? `${who} withdrew the verification of ${of}${why}`
        : `${who} rejected ${of}${why}`;
    }
    case 'licence.expiring':
      return `The pharmacy licence of ${row.subjectOrgName ?? 'a customer'} expires on ${row.refs.expiresOn ?? 'a day within 30 days'}`;
    case 'licence.authorisation_expiring':
      return `The controlled-drugs authorisation of ${row.subjectOrgName ?? 'a customer'} expires on ${row.refs.expiresOn ?? 'a day within 30 days'}`;
    case 'registrations.expiring': {
      const n = row.refs.productIds?.length ?? 0;
      return `FDA registrations of ${n} ${n === 1 ? 'product' : 'products'} ${supplier} offers expire within 30 days`;
    }
    case 'controlled.signed_off':
      return `${who} signed off ${order} of ${product} for ${buyer} in the controlled register`;
    case 'api_key.created':
      return `${who} created API key ${quoted(row.apiKeySubjectName ?? 'a key')}`;
    case 'api_key.revoked':
      return `${who} revoked API key ${quoted(row.apiKeySubjectName ?? 'a key')}`;
    case 'product.legal_status_changed': {
      const changes = (row.refs.legalStatusChanges ?? []).map(
        (c) =>
          `${LEGAL_STATUS_FIELDS[c.field]} ${legalValue(c.field, c.from)} → ${legalValue(c.field, c.to)}`,
      );
      return `${who} changed the legal status of ${product}${changes.length ? `: ${changes.join('; ')}` : ''}`;
    }
    case 'rfq.opened': {
      if (!buyerView) return `${buyer} invited you to quote on ${rfq}`;
      const n = row.refs.supplierIds?.length ?? 0;
      return `${who} sent ${rfq} to ${n} ${n === 1 ? 'supplier' : 'suppliers'}`;
    }
    case 'rfq.responded':
      return {
        quoted: `${who} quoted on ${rfq}`,
        revised: `${who} revised the quote on ${rfq}`,
        declined: `${who} declined ${rfq}`,
        withdrawn: `${who} withdrew the quote on ${rfq}`,
      }[row.refs.rfqResponse ?? 'quoted'];
    case 'rfq.response_received': {
      // A sealed request's refs carry no supplierId while it is open: the buyer learns that, not who.
      const from = row.supplierName ?? 'A supplier';
      return {
        quoted: `${from} quoted on ${rfq}`,
        revised: `${from} revised its quote on ${rfq}`,
        declined: `${from} declined ${rfq}`,
        withdrawn: `${from} withdrew its quote on ${rfq}`,
      }[row.refs.rfqResponse ?? 'quoted'];
    }
    case 'rfq.deadline_near': {
      if (!buyerView) return `Quotes on ${rfq} for ${buyer} are due within 24 hours`;
      const n = row.refs.supplierIds?.length ?? 0;
      return `Quotes on ${rfq} are due within 24 hours: ${n} ${n === 1 ? 'supplier' : 'suppliers'} reminded`;
    }
    case 'rfq.closed':
      return row.actedByUser
        ? `${who} closed ${rfq} early: its quotes are open`
        : `Quoting on ${rfq} ended at its deadline: its quotes are open`;
    case 'rfq.awarded': {
      if (buyerView)
        return `${who} awarded ${rfq}: ${row.orderCount} ${row.orderCount === 1 ? 'order' : 'orders'} drafted`;
      // The orders a supplier may see are its own (activity.repository.ts): none means it did not win.
      return row.orderCount > 0
        ? `${buyer} awarded you ${rfq}: ${order} drafted`
        : `${buyer} awarded ${rfq} to other suppliers`;
    }
    case 'rfq.cancelled':
      return buyerView ? `${who} cancelled ${rfq}` : `${buyer} cancelled ${rfq}`;
    case 'return.requested':
      return buyerView
        ? `${who} asked ${supplier} to take back ${product} of ${order}: ${ret}`
        : `${buyer} asked to return ${product} of ${order}: ${ret}`;
    case 'return.decided': {
      const rejected = row.refs.returnStatus === 'rejected';
      if (buyerOwn)
        return rejected
          ? `${supplier} rejected ${ret} of ${order}`
          : `${supplier} approved ${ret} of ${order}: send the packs`;
      return `${who} ${rejected ? 'rejected' : 'approved'} ${ret} from ${buyer}`;
    }
    case 'return.received':
      return buyerOwn
        ? `${supplier} received ${ret} of ${order}: awaiting inspection`
        : `${who} received ${ret} from ${buyer}: held apart until inspected`;
    case 'return.inspected': {
      const credit =
        row.creditNoteNumber === null
          ? 'nothing to credit'
          : `credit note ${row.creditNoteNumber}${row.creditNoteAmount === null ? '' : ` for ${formatCedis(row.creditNoteAmount)}`}`;
      return buyerOwn
        ? `${supplier} inspected ${ret}: ${credit}`
        : `${who} inspected ${ret} from ${buyer}: ${credit}`;
    }
    case 'payment.settled':
      return `${row.mobileMoneyBuyerName ?? buyer} paid ${mobileMoneyAmount(row)} by mobile money${
        row.mobileMoneyProvider ? ` (${row.mobileMoneyProvider})` : ''
      } on ${mobileMoneyInvoice(row)}`;
    case 'payment.failed': {
      const payment = `Mobile money payment of ${mobileMoneyAmount(row)} on ${mobileMoneyInvoice(row)}`;
      switch (row.mobileMoneyStatus) {
        case 'abandoned':
          return `${payment} was not completed`;
        case 'flagged':
          return `${payment} was flagged for checking`;
        // Paystack confirmed it later and it was applied (payment.settled tells that): it failed first.
        case 'success':
          return `${payment} did not go through at first, and was applied once Paystack confirmed it`;
        default:
          return `${payment} failed`;
      }
    }
  }
}

/**
 * The event as the caller sees it. Its ids go through the live stream's rule (lib/event-refs.ts), so a
 * supplier sees its own share of a list naming several organisations (a platform recall's suppliers, a
 * checkout's orders with other suppliers), never the rest; the names beside them are scoped the same way
 * in the query (activity.repository.ts).
 */
const toItem =
  (user: SessionUser, scope: ActivityScope) =>
  (row: ActivityRow): ActivityItem => ({
    id: Number(row.id),
    type: row.type,
    description: describe(row, scope.orgId),
    actorName: row.actorName,
    apiKeyName: row.apiKeyName,
    organisations: row.organisations,
    createdAt: row.createdAt,
    refs: visibleRefs(user, row),
  });

/** One page of the caller's activity, newest first, with the total the filters match. */
export async function getActivity(db: Db, user: SessionUser, query: ActivityFilters): Promise<ActivityPage> {
  const scope = scopeOf(user, query.orgId);
  const beforeId = query.cursor ? decodeCursor(query.cursor, cursorShape)[0] : null;
  const limit = pageLimit(query);
  const [rows, total] = await Promise.all([
    listActivity(db, scope, query, { beforeId, limit: limit + 1 }),
    countActivity(db, scope, query),
  ]);
  return toPage(rows, limit, total, (row) => [Number(row.id)], toItem(user, scope));
}

/**
 * The caller's whole filtered activity as CSV lines (header first), read in keyset batches as the
 * consumer pulls them, so a long trail never sits in memory at once. Scope and filters are checked
 * before the first line, so a refusal is an ordinary error answer rather than a broken download.
 */
export function activityCsv(db: Db, user: SessionUser, query: ActivityFilters): AsyncGenerator<string> {
  const scope = scopeOf(user, query.orgId);
  return (async function* lines() {
    yield toCsvLine(ACTIVITY_CSV_COLUMNS);
    let beforeId: number | null = null;
    for (;;) {
      const rows = await listActivity(db, scope, query, { beforeId, limit: CSV_BATCH });
      if (rows.length > 0) {
        yield rows
          .map((row) =>
            toCsvLine([
              row.createdAt,
              row.type,
              row.actorName,
              row.organisations.map((o) => o.name).join('; '),
              describe(row, scope.orgId),
              row.apiKeyName,
            ]),
          )
          .join('');
      }
      if (rows.length < CSV_BATCH) return;
      beforeId = Number(rows.at(-1)!.id);
    }
  })();
}
