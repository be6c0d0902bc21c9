import type { MarketFacts } from '@aduro/shared/admin';
import { describe, expect, it } from 'vitest';
import { changeText, rulesSummary, utilisation } from './market-summary.rules.ts';

const facts = (over: Partial<MarketFacts> = {}): MarketFacts => ({
  windowDays: 30,
  gmv: 125_000,
  previousGmv: 100_000,
  orders: 40,
  previousOrders: 32,
  topProducts: [
    { name: 'Paracetamol 500 mg tablets', units: 900, previousUnits: 800 },
    { name: 'Amoxicillin 500 mg capsules', units: 600, previousUnits: 400 },
  ],
  expiringStock: [{ supplier: 'Tema Pharma Distributors', units: 350, value: 4_200, earliest: '2026-12-10' }],
  creditLimit: 200_000,
  creditBalance: 50_000,
  overdueInvoices: 3,
  overdueAmount: 7_450.5,
  inactiveSuppliers: 3,
  suppliersAwaitingReview: 1,
  inactiveCustomers: 1,
  ...over,
});

describe('the rules-based market summary', () => {
  it('states GMV, its change, the order count, the leading product, utilisation and overdue invoices', () => {
    const out = rulesSummary(facts());
    expect(out.summary).toBe(
      'GH₵125,000.00 of orders were released in the last 30 days (up 25% on the 30 before) across 40 orders. ' +
        'Paracetamol 500 mg tablets led by units. Credit lines are 25% drawn; 3 invoices are overdue (GH₵7,450.50).',
    );
    expect(out.keyTrends).toContain('Most ordered: Paracetamol 500 mg tablets, 900 units (up 12.5%).');
    expect(out.keyTrends).toContain('Demand for Amoxicillin 500 mg capsules is up 50%.');
    expect(out.keyTrends).toContain(
      '350 units expire within 90 days, most at Tema Pharma Distributors (350).',
    );
  });

  it('recommends chasing overdue invoices, moving expiring stock, reviewing licences and the deactivated organisations', () => {
    expect(rulesSummary(facts()).recommendedActions).toEqual([
      "Follow up 3 overdue invoices worth GH₵7,450.50 with the suppliers' credit teams.",
      'Ask Tema Pharma Distributors to discount or redistribute 350 units expiring from 10 Dec 2026.',
      'Review the licences of 1 supplier awaiting review.',
      'Check whether 3 deactivated organisations (2 suppliers, 1 customer) can trade again.',
    ]);
  });

  it('does not count a supplier awaiting licence review as deactivated', () => {
    const actions = rulesSummary(
      facts({ inactiveSuppliers: 2, suppliersAwaitingReview: 2, inactiveCustomers: 0 }),
    ).recommendedActions;
    expect(actions).toContain('Review the licences of 2 suppliers awaiting review.');
    expect(actions.some((a) => a.includes('deactivated'))).toBe(false);
  });

  it('writes figures and days as the app shows them: grouped units, GH₵ and 10 Dec 2026, never raw', () => {
    const out = rulesSummary(
      facts({
        orders: 1_250,
        previousOrders: 100,
        topProducts: [{ name: 'Paracetamol 500 mg tablets', units: 11_200, previousUnits: 800 }],
        expiringStock: [
          { supplier: 'Tema Pharma Distributors', units: 4_500, value: 54_000, earliest: '2026-12-10' },
          { supplier: 'Accra Medilink Importers', units: 1_200, value: 9_000, earliest: '2027-01-05' },
        ],
        overdueInvoices: 1_020,
      }),
    );
    expect(out.summary).toContain('across 1,250 orders.');
    expect(out.summary).toContain('1,020 invoices are overdue (GH₵7,450.50).');
    expect(out.keyTrends).toContain('GMV GH₵125,000.00, up 25%; orders 1,250, up 1,150%.');
    expect(out.keyTrends).toContain('Most ordered: Paracetamol 500 mg tablets, 11,200 units (up 1,300%).');
    expect(out.keyTrends).toContain(
      '5,700 units expire within 90 days, most at Tema Pharma Distributors (4,500).',
    );
    expect(out.recommendedActions).toContain(
      'Ask Tema Pharma Distributors to discount or redistribute 4,500 units expiring from 10 Dec 2026.',
    );
    expect(out.recommendedActions).toContain(
      "Follow up 1,020 overdue invoices worth GH₵7,450.50 with the suppliers' credit teams.",
    );
    const text = [out.summary, ...out.keyTrends, ...out.recommendedActions].join(' ');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Beyond the years of days written out, no figure of 4 digits or more goes ungrouped.
    expect(text.replace(/\d{1,2} [A-Z][a-z]{2} \d{4}/g, '')).not.toMatch(/(?<![\d,.])\d{4,}/);
  });

  it('warns about heavily drawn credit and a falling GMV', () => {
    const actions = rulesSummary(facts({ creditBalance: 170_000, gmv: 80_000 })).recommendedActions;
    expect(actions).toContain('Credit is 85% drawn: encourage repayments before approving higher limits.');
    expect(actions).toContain(
      'GMV fell by more than 10%: check stock-outs and pricing with the largest suppliers.',
    );
  });

  it('says so when nothing was released and nothing needs doing', () => {
    const quiet = rulesSummary(
      facts({
        gmv: 0,
        orders: 0,
        previousOrders: 0,
        previousGmv: 0,
        topProducts: [],
        expiringStock: [],
        creditBalance: 0,
        overdueInvoices: 0,
        overdueAmount: 0,
        inactiveSuppliers: 0,
        suppliersAwaitingReview: 0,
        inactiveCustomers: 0,
      }),
    );
    expect(quiet.summary).toBe(
      'No orders were released in the last 30 days. Credit lines are 0% drawn and 0 invoices are overdue.',
    );
    expect(quiet.recommendedActions).toEqual([
      'No action needed: keep watching stock expiry and credit as orders grow.',
    ]);
  });

  it('words changes and utilisation exactly', () => {
    expect(changeText(110, 100)).toBe('up 10%');
    expect(changeText(90, 120)).toBe('down 25%');
    expect(changeText(5, 0)).toBe('new this period');
    expect(changeText(0, 0)).toBe('flat');
    expect(utilisation({ creditLimit: 0, creditBalance: 0 })).toBe(0);
    expect(utilisation({ creditLimit: 3, creditBalance: 2 })).toBe(67);
  });
});
