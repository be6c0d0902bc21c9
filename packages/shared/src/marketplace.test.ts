import { describe, expect, it } from 'vitest';
import {
  allowedPaymentMethods,
  defaultPaymentMethodFor,
  draftPaymentMethod,
  isLowStock,
  matchTags,
  netTermDays,
  supplierDirectoryQuerySchema,
  supplierMatchQuerySchema,
  type MatchFacts,
} from './marketplace.ts';

const facts = (over: Partial<Parameters<typeof allowedPaymentMethods>[0]> = {}) => ({
  supportedPaymentMethods: [],
  paymentTerms: 'Prepaid',
  supportsCredit: false,
  hasActiveCreditLine: false,
  ...over,
});

describe('allowedPaymentMethods (SPEC §4)', () => {
  it('falls back to cash, mobile money and digital wallet when the supplier lists none', () => {
    expect(allowedPaymentMethods(facts())).toEqual(['cash', 'mobile_money', 'digital_wallet']);
  });

  it("keeps the supplier's own list in its order", () => {
    expect(allowedPaymentMethods(facts({ supportedPaymentMethods: ['mobile_money', 'cash'] }))).toEqual([
      'mobile_money',
      'cash',
    ]);
  });

  it('adds cheque when the terms mention cheque, once', () => {
    expect(allowedPaymentMethods(facts({ paymentTerms: 'Cheque on delivery' }))).toEqual([
      'cash',
      'mobile_money',
      'digital_wallet',
      'cheque',
    ]);
    expect(
      allowedPaymentMethods(
        facts({ supportedPaymentMethods: ['cheque', 'cash'], paymentTerms: 'CHEQUE only' }),
      ),
    ).toEqual(['cheque', 'cash']);
  });

  it('adds credit when the supplier supports credit', () => {
    expect(allowedPaymentMethods(facts({ supportedPaymentMethods: ['cash'], supportsCredit: true }))).toEqual(
      ['cash', 'credit_facility'],
    );
  });

  it('adds credit when the terms mention net or credit', () => {
    for (const paymentTerms of ['Net 30', 'net-14', 'NET30', '30 days credit']) {
      expect(allowedPaymentMethods(facts({ supportedPaymentMethods: ['cash'], paymentTerms }))).toEqual([
        'cash',
        'credit_facility',
      ]);
    }
    // "net" inside another word is not a net-N term.
    expect(
      allowedPaymentMethods(facts({ supportedPaymentMethods: ['cash'], paymentTerms: 'Internet' })),
    ).toEqual(['cash']);
  });

  it('adds credit when the buyer has an active credit line, whatever the terms say', () => {
    expect(
      allowedPaymentMethods(
        facts({
          supportedPaymentMethods: ['mobile_money'],
          paymentTerms: 'Prepaid',
          hasActiveCreditLine: true,
        }),
      ),
    ).toEqual(['mobile_money', 'credit_facility']);
  });

  it('never lists credit twice when the stored list already carries it', () => {
    expect(
      allowedPaymentMethods(
        facts({
          supportedPaymentMethods: ['mobile_money', 'cheque', 'credit_facility'],
          paymentTerms: 'Net 30',
          supportsCredit: true,
          hasActiveCreditLine: true,
        }),
      ),
    ).toEqual(['mobile_money', 'cheque', 'credit_facility']);
  });
});

describe('defaultPaymentMethodFor (SPEC §4 order builder)', () => {
  it("takes the supplier's default when it is allowed", () => {
    expect(defaultPaymentMethodFor(['cash', 'cheque'], 'cheque')).toBe('cheque');
  });
  it('otherwise the first allowed method, otherwise cash', () => {
    expect(defaultPaymentMethodFor(['mobile_money', 'cash'], 'cheque')).toBe('mobile_money');
    expect(defaultPaymentMethodFor(['digital_wallet'], null)).toBe('digital_wallet');
    expect(defaultPaymentMethodFor([], null)).toBe('cash');
  });
});

describe('draftPaymentMethod (cart checkout)', () => {
  it("takes the supplier's default when it is allowed", () => {
    expect(draftPaymentMethod(['mobile_money', 'cheque', 'credit_facility'], 'cheque', false)).toBe('cheque');
  });
  it('takes a credit default only when the credit line can carry the order', () => {
    expect(draftPaymentMethod(['cash', 'credit_facility'], 'credit_facility', true)).toBe('credit_facility');
    expect(draftPaymentMethod(['cash', 'credit_facility'], 'credit_facility', false)).toBe('cash');
  });
  it('otherwise the first allowed method that is not credit', () => {
    expect(draftPaymentMethod(['credit_facility', 'cheque', 'cash'], 'digital_wallet', true)).toBe('cheque');
  });
  it('falls back to credit only when it fits, else null', () => {
    expect(draftPaymentMethod(['credit_facility'], null, true)).toBe('credit_facility');
    expect(draftPaymentMethod(['credit_facility'], null, false)).toBeNull();
  });
});

describe('netTermDays', () => {
  it('reads the N of a net-N pattern', () => {
    expect(netTermDays('Net 30')).toBe(30);
    expect(netTermDays('net-14 from invoice')).toBe(14);
    expect(netTermDays('NET7')).toBe(7);
  });
  it('answers null without a pattern or beyond 180 days', () => {
    expect(netTermDays('Prepaid')).toBeNull();
    expect(netTermDays(null)).toBeNull();
    expect(netTermDays('Net 365')).toBeNull();
  });
});

describe('matchTags', () => {
  const base: MatchFacts = {
    supplierCategory: 'distributor',
    availableQuantity: 1000,
    moq: 10,
    daysUntilEarliestExpiry: 400,
    creditAvailable: null,
    leadTimeDays: 4,
  };

  it('capitalises the category and says In stock for plenty of units', () => {
    expect(matchTags(base)).toEqual(['Distributor', 'In stock']);
  });

  it('says Low stock under 5 minimum orders or under 50 units', () => {
    expect(isLowStock(49, 1)).toBe(true);
    expect(isLowStock(50, 10)).toBe(false);
    expect(isLowStock(99, 20)).toBe(true);
    expect(isLowStock(100, 20)).toBe(false);
    expect(matchTags({ ...base, availableQuantity: 40, moq: 1 })).toEqual(['Distributor', 'Low stock']);
  });

  it('says Expiring soon when the earliest lot expires within 90 days', () => {
    expect(matchTags({ ...base, daysUntilEarliestExpiry: 90 })).toContain('Expiring soon');
    expect(matchTags({ ...base, daysUntilEarliestExpiry: 91 })).not.toContain('Expiring soon');
    expect(matchTags({ ...base, daysUntilEarliestExpiry: null })).not.toContain('Expiring soon');
  });

  it('says Credit available only for available credit above 0', () => {
    expect(matchTags({ ...base, creditAvailable: 0.01 })).toContain('Credit available');
    expect(matchTags({ ...base, creditAvailable: 0 })).not.toContain('Credit available');
  });

  it('says Fast delivery for a lead time of 2 days or less, with every tag in a fixed order', () => {
    expect(
      matchTags({
        supplierCategory: 'importer',
        availableQuantity: 10,
        moq: 5,
        daysUntilEarliestExpiry: 3,
        creditAvailable: 100,
        leadTimeDays: 2,
      }),
    ).toEqual(['Importer', 'Low stock', 'Expiring soon', 'Credit available', 'Fast delivery']);
    expect(matchTags({ ...base, supplierCategory: null, leadTimeDays: 3 })).toEqual(['In stock']);
  });
});

describe('marketplace query schemas', () => {
  it('treats an empty category or buyerId as not given', () => {
    expect(supplierDirectoryQuerySchema.parse({ category: '' })).toEqual({ category: undefined });
    expect(supplierMatchQuerySchema.parse({ buyerId: '' })).toEqual({ buyerId: undefined });
  });
  it('rejects an unknown category', () => {
    expect(supplierDirectoryQuerySchema.safeParse({ category: 'wholesaler' }).success).toBe(false);
    expect(supplierDirectoryQuerySchema.parse({ category: 'all' })).toEqual({ category: 'all' });
  });
});
