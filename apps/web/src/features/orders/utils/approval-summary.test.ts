import { describe, expect, it } from 'vitest';
import { approvalSummary } from './approval-summary';

describe('approvalSummary', () => {
  it('on credit: the invoice is the total, due the credit term days after approval, all of it drawn on the line', () => {
    expect(
      approvalSummary(
        { totalCost: 1629, paymentMethod: 'credit_facility', creditTermDays: 30 },
        '2026-11-27',
      ),
    ).toEqual({
      invoiceAmount: 1629,
      dueDate: '2026-12-27',
      termDays: 30,
      paymentMethod: 'credit_facility',
      creditUsed: 1629,
    });
  });

  it('on credit without term days, due on the approval day', () => {
    expect(
      approvalSummary(
        { totalCost: 10, paymentMethod: 'credit_facility', creditTermDays: null },
        '2026-12-31',
      ),
    ).toMatchObject({ dueDate: '2026-12-31', termDays: 0, creditUsed: 10 });
  });

  it('any other method: due on the approval day, whatever term days the draft carries, and no credit used', () => {
    expect(
      approvalSummary({ totalCost: 905.5, paymentMethod: 'mobile_money', creditTermDays: 14 }, '2026-02-28'),
    ).toEqual({
      invoiceAmount: 905.5,
      dueDate: '2026-02-28',
      termDays: 0,
      paymentMethod: 'mobile_money',
      creditUsed: null,
    });
  });
});
