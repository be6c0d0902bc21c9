import type { Invoice } from '@aduro/shared/invoices';
import { describe, expect, it } from 'vitest';
import { amountOwed, daysOverdue, invoiceState, sortForCollection } from './invoice-state';

const invoice = (over: Partial<Invoice>): Invoice => ({
  id: over.number ?? 'i',
  number: 'INV-2026-1',
  order: { id: 'o', number: 'ORD-1', productName: 'Amoxicillin' },
  buyer: { id: 'b', name: 'AccraCare Pharmacy' },
  seller: { id: 's', name: 'Tema Pharma Distributors' },
  amount: 100,
  amountPaid: 0,
  credited: 0,
  amountDue: 100,
  issuedAt: '2026-11-01T10:00:00.000Z',
  dueDate: '2026-12-01',
  status: 'unpaid',
  overdue: false,
  onCredit: true,
  payments: 0,
  lastPaidAt: null,
  drops: [],
  ...over,
});

describe('invoice state', () => {
  it('is overdue only while unpaid past the due date', () => {
    expect(invoiceState(invoice({ overdue: true }))).toBe('overdue');
    expect(invoiceState(invoice({}))).toBe('unpaid');
    expect(invoiceState(invoice({ status: 'paid', overdue: true }))).toBe('paid');
    expect(invoiceState(invoice({ status: 'void' }))).toBe('void');
  });

  it('counts whole days past the due date, never negative', () => {
    expect(daysOverdue('2026-11-01', '2026-11-22')).toBe(21);
    expect(daysOverdue('2026-12-01', '2026-11-22')).toBe(0);
  });

  it('adds up what is owed on unpaid invoices only, in pesewas', () => {
    const list = [
      invoice({ amountDue: 0.1 }),
      invoice({ amountDue: 0.2 }),
      invoice({ status: 'paid', amountDue: 0 }),
      invoice({ status: 'void', amountDue: 50 }),
    ];
    expect(amountOwed(list)).toBe(0.3);
  });

  it('puts the most overdue first, then unpaid by due date, then paid and void', () => {
    const sorted = sortForCollection([
      invoice({ number: 'paid', status: 'paid', dueDate: '2026-10-01' }),
      invoice({ number: 'later', dueDate: '2026-12-20' }),
      invoice({ number: 'void', status: 'void' }),
      invoice({ number: 'old-overdue', overdue: true, dueDate: '2026-10-05' }),
      invoice({ number: 'soon', dueDate: '2026-11-30' }),
      invoice({ number: 'new-overdue', overdue: true, dueDate: '2026-11-20' }),
    ]);
    expect(sorted.map((i) => i.number)).toEqual([
      'old-overdue',
      'new-overdue',
      'soon',
      'later',
      'paid',
      'void',
    ]);
  });
});
