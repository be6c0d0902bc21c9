import type { MobileMoneyProviders, PaymentAttempt } from '@aduro/shared/payments';
import type { PayableInvoice } from '../components/mobile-money-dialog';

export const INVOICE_ID = '55555555-0000-4000-8000-000000000001';
export const REFERENCE = 'ADR-INV-2026-000121-K3J9QZ2M4P';

/** INV-2026-000121 from Tema Pharma Distributors, GH₵1,629.00 still owed. */
export const PAYABLE_INVOICE: PayableInvoice = {
  id: INVOICE_ID,
  number: 'INV-2026-000121',
  amountDue: 1629,
  seller: { name: 'Tema Pharma Distributors' },
};

/** Paystack's Ghana networks, as GET /payments/mobile-money/providers lists them with a key set. */
export const PROVIDERS: MobileMoneyProviders = {
  enabled: true,
  providers: [
    { code: 'MTN', name: 'MTN' },
    { code: 'VOD', name: 'Telecel Cash' },
    { code: 'ATL', name: 'AirtelTigo Money' },
  ],
};

/** A GH₵500.00 charge on MTN waiting for the buyer's approval on the phone. */
export function paymentAttempt(overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  return {
    id: '9c000000-0000-4000-8000-000000000001',
    reference: REFERENCE,
    invoice: { id: INVOICE_ID, number: 'INV-2026-000121' },
    buyer: { id: 'org-1', name: 'AccraCare Pharmacy' },
    seller: { id: 'org-tema', name: 'Tema Pharma Distributors' },
    amount: 500,
    status: 'pay_offline',
    provider: { code: 'MTN', name: 'MTN' },
    phoneLast4: '1111',
    message: 'Please complete authorization process on your mobile phone',
    applied: null,
    heldAsCredit: null,
    outstandingAfter: null,
    createdAt: '2026-11-29T10:00:00.000Z',
    settledAt: null,
    ...overrides,
  };
}
