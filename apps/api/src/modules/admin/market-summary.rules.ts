import type { MarketFacts, MarketNarrative } from '@aduro/shared/admin';
import { formatCedis as cedis, formatDay, formatUnits } from '@aduro/shared/format';

// Figures and days read as the rest of the app shows them: '11,200 units', 'GH₵7,450.50', '10 Dec 2026'.
const count = (n: number, one: string, many = `${one}s`) => `${formatUnits(n)} ${n === 1 ? one : many}`;

/** Change against the previous window as words: 'up 12.5%', 'down 3%', 'new', 'flat'. */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'flat' : 'new this period';
  const percent = Math.round(((current - previous) / previous) * 1000) / 10;
  if (percent === 0) return 'flat';
  return `${percent > 0 ? 'up' : 'down'} ${formatUnits(Math.abs(percent))}%`;
}

/** Share of active credit limits drawn, whole percent. */
export function utilisation(facts: Pick<MarketFacts, 'creditLimit' | 'creditBalance'>): number {
  return facts.creditLimit > 0 ? Math.round((facts.creditBalance / facts.creditLimit) * 100) : 0;
}

/**
 * The summary written by rules from the facts alone (DOMAIN.md "Market summary"), used when no model
 * is configured or the model fails. Every sentence names a figure the facts hold.
 */
export function rulesSummary(facts: MarketFacts): MarketNarrative {
  const days = facts.windowDays;
  const used = utilisation(facts);
  const top = facts.topProducts.find((p) => p.units > 0);
  const expiring = facts.expiringStock[0];
  const expiringUnits = facts.expiringStock.reduce((sum, s) => sum + s.units, 0);

  const summary =
    facts.orders === 0
      ? `No orders were released in the last ${days} days` +
        (facts.previousOrders > 0
          ? `, against ${count(facts.previousOrders, 'order')} in the ${days} before.`
          : '.') +
        ` Credit lines are ${used}% drawn and ${count(facts.overdueInvoices, 'invoice is', 'invoices are')} overdue.`
      : `${cedis(facts.gmv)} of orders were released in the last ${days} days ` +
        `(${changeText(facts.gmv, facts.previousGmv)} on the ${days} before) across ${count(facts.orders, 'order')}. ` +
        (top ? `${top.name} led by units. ` : '') +
        `Credit lines are ${used}% drawn; ${count(facts.overdueInvoices, 'invoice is', 'invoices are')} overdue` +
        (facts.overdueInvoices > 0 ? ` (${cedis(facts.overdueAmount)}).` : '.');

  const keyTrends = [
    `GMV ${cedis(facts.gmv)}, ${changeText(facts.gmv, facts.previousGmv)}; orders ${formatUnits(facts.orders)}, ${changeText(facts.orders, facts.previousOrders)}.`,
  ];
  if (top) {
    keyTrends.push(
      `Most ordered: ${top.name}, ${count(top.units, 'unit')} (${changeText(top.units, top.previousUnits)}).`,
    );
  }
  const rising = facts.topProducts
    .filter((p) => p !== top && p.previousUnits > 0 && p.units > p.previousUnits * 1.2)
    .slice(0, 1);
  for (const p of rising) keyTrends.push(`Demand for ${p.name} is ${changeText(p.units, p.previousUnits)}.`);
  keyTrends.push(
    `Credit utilisation ${used}% (${cedis(facts.creditBalance)} of ${cedis(facts.creditLimit)}).`,
  );
  if (expiringUnits > 0) {
    keyTrends.push(
      `${count(expiringUnits, 'unit')} expire within 90 days, most at ${expiring!.supplier} (${formatUnits(expiring!.units)}).`,
    );
  }

  const recommendedActions: string[] = [];
  if (facts.overdueInvoices > 0) {
    recommendedActions.push(
      `Follow up ${count(facts.overdueInvoices, 'overdue invoice')} worth ${cedis(facts.overdueAmount)} with the suppliers' credit teams.`,
    );
  }
  if (expiring) {
    recommendedActions.push(
      `Ask ${expiring.supplier} to discount or redistribute ${count(expiring.units, 'unit')} expiring from ${formatDay(expiring.earliest)}.`,
    );
  }
  // A supplier that never traded waits for its licence review; one the platform switched off does not:
  // telling them apart keeps the review queue from looking longer than it is.
  if (facts.suppliersAwaitingReview > 0) {
    recommendedActions.push(
      `Review the licences of ${count(facts.suppliersAwaitingReview, 'supplier')} awaiting review.`,
    );
  }
  const deactivatedSuppliers = facts.inactiveSuppliers - facts.suppliersAwaitingReview;
  if (deactivatedSuppliers + facts.inactiveCustomers > 0) {
    recommendedActions.push(
      `Check whether ${count(deactivatedSuppliers + facts.inactiveCustomers, 'deactivated organisation')} (${count(deactivatedSuppliers, 'supplier')}, ${count(facts.inactiveCustomers, 'customer')}) can trade again.`,
    );
  }
  if (used >= 80) {
    recommendedActions.push(`Credit is ${used}% drawn: encourage repayments before approving higher limits.`);
  }
  if (facts.previousGmv > 0 && facts.gmv < facts.previousGmv * 0.9) {
    recommendedActions.push(
      'GMV fell by more than 10%: check stock-outs and pricing with the largest suppliers.',
    );
  }
  if (recommendedActions.length === 0) {
    recommendedActions.push('No action needed: keep watching stock expiry and credit as orders grow.');
  }
  return { summary, keyTrends, recommendedActions };
}
