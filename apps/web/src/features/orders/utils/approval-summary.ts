import { invoiceTermDays, type Order } from '@aduro/shared/orders';
import type { PaymentMethod } from '@aduro/shared/payments';

/** What approving a drafted order commits the buyer to, as the confirmation sums it up. */
export interface ApprovalSummary {
  /** The invoice the approval issues: the order's total as drafted. */
  invoiceAmount: number;
  /** YYYY-MM-DD, UTC (Ghana's calendar). */
  dueDate: string;
  /** Days between approval and the due date: the credit term on credit, else 0 (due on the day). */
  termDays: number;
  paymentMethod: PaymentMethod;
  /** What the approval draws on the credit line with the supplier; null unless paid on credit. */
  creditUsed: number | null;
}

const DAY_MS = 86_400_000;

/**
 * The invoice an approval on `today` would issue, by the rule the approve-order workflow applies
 * (docs/domain.md "Orders and drops"): the order's total; due on the approval day plus the credit term
 * days for a credit order, on the day otherwise; a credit order charges its total to the credit line.
 */
export function approvalSummary(
  order: Pick<Order, 'totalCost' | 'paymentMethod' | 'creditTermDays'>,
  today: string,
): ApprovalSummary {
  const onCredit = order.paymentMethod === 'credit_facility';
  const termDays = invoiceTermDays(order);
  return {
    invoiceAmount: order.totalCost,
    dueDate: new Date(Date.parse(`${today}T00:00:00Z`) + termDays * DAY_MS).toISOString().slice(0, 10),
    termDays,
    paymentMethod: order.paymentMethod,
    creditUsed: onCredit ? order.totalCost : null,
  };
}
