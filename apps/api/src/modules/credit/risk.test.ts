import { describe, expect, it } from 'vitest';
import { assessRisk, type RiskFacts } from './risk.ts';

const base: RiskFacts = {
  exposure: 0,
  outstanding: 0,
  requested: 2_500_000,
  ordersWithSupplier: 0,
  overdueInvoices: 0,
  paidOnTime: 0,
  paidLate: 0,
  accountAgeDays: 10,
  monthlyVolume: 0,
};

describe('assessRisk', () => {
  it('rates a new customer without history as high risk and recommends no limit', () => {
    const r = assessRisk(base);
    expect(r.score).toBe(25);
    expect(r.band).toBe('high');
    expect(r.recommendedLimit).toBeUndefined();
    expect(r.rationale).toContain('a new account');
    expect(r.rationale).toContain('no purchase history');
    expect(r.rationale).toContain('no released orders with you');
  });

  it('rates a long-standing customer who pays on time as low risk, limit 1.5 months of purchases', () => {
    const r = assessRisk({
      ...base,
      accountAgeDays: 800,
      ordersWithSupplier: 14,
      paidOnTime: 19,
      paidLate: 1,
      monthlyVolume: 3_333_300, // GH₵33,333 a month
      exposure: 1_000_000,
    });
    expect(r.score).toBe(90);
    expect(r.band).toBe('low');
    expect(r.recommendedLimit).toBe(49_500);
    expect(r.rationale).toMatch(/^Low risk, score 90\/100/);
    expect(r.rationale).toContain('19 of 20 invoices paid on time (+15)');
    expect(r.rationale).toContain('14 released orders with you in 180 days (+15)');
  });

  it('marks down a customer with overdue invoices and a poor record, halving the limit', () => {
    const r = assessRisk({
      ...base,
      accountAgeDays: 400,
      ordersWithSupplier: 4,
      overdueInvoices: 2,
      paidOnTime: 2,
      paidLate: 4,
      monthlyVolume: 2_000_000,
    });
    expect(r.score).toBe(50 + 10 + 8 - 30 - 15);
    expect(r.band).toBe('high');
    expect(r.recommendedLimit).toBe(15_000);
    expect(r.signals[0]!.text).toBe('2 overdue invoices');
    expect(r.rationale).toContain('2 overdue invoices (-30)');
    expect(r.rationale).toContain('2 of 6 invoices paid on time (-15)');
  });

  it('marks down an over-exposed customer whose debts and request exceed six months of purchases', () => {
    const r = assessRisk({
      ...base,
      accountAgeDays: 200,
      ordersWithSupplier: 3,
      monthlyVolume: 500_000,
      exposure: 2_000_000,
      outstanding: 1_500_000,
      requested: 2_000_000,
    });
    expect(r.score).toBe(50 + 5 + 8 - 15);
    expect(r.band).toBe('moderate');
    expect(r.recommendedLimit).toBe(7_500);
    expect(r.rationale).toContain('exposure with the request is 8.0 months of purchases');
    expect(r.rationale).toContain('Owes GH₵15,000 to you and GH₵20,000 in all; asks for GH₵20,000.');
  });
});
