import { MOBILE_MONEY_MESSAGES, type PaymentAttempt } from '@aduro/shared/payments';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { INVOICE_ID, PAYABLE_INVOICE, paymentAttempt, PROVIDERS, REFERENCE } from '../testing/fixtures';
import { MobileMoneyDialog } from './mobile-money-dialog';

const CHARGE = `POST /invoices/${INVOICE_ID}/mobile-money`;
const ATTEMPT = `GET /payments/${REFERENCE}`;

function renderDialog() {
  const queryClient = createQueryClient();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <MobileMoneyDialog invoice={PAYABLE_INVOICE} onClose={onClose} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onClose, queryClient };
}

/** The charges sent: each body and its Idempotency-Key. */
function chargesTo(answers: (() => Response)[]) {
  const sent: { body: unknown; key: string | undefined }[] = [];
  const handler = (init: RequestInit | undefined) => {
    sent.push({
      body: JSON.parse(String(init?.body)),
      key: (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
    });
    const answer = answers[Math.min(sent.length, answers.length) - 1]!;
    return answer();
  };
  return { sent, handler };
}

async function fillAndPay(
  user: ReturnType<typeof userEvent.setup>,
  { amount = '500', phone = '024 555 1111', network = 'MTN' } = {},
) {
  const amountField = screen.getByRole('spinbutton', { name: 'Amount (GH₵)' });
  await user.clear(amountField);
  if (amount) await user.type(amountField, amount);
  const phoneField = screen.getByRole('textbox', { name: 'Mobile money number' });
  await user.clear(phoneField);
  if (phone) await user.type(phoneField, phone);
  if (network) await user.click(await screen.findByRole('radio', { name: network }));
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
}

const attemptAnswer =
  (overrides: Partial<PaymentAttempt> = {}) =>
  () =>
    json(paymentAttempt(overrides), 201);

afterEach(() => vi.restoreAllMocks());

describe('the mobile money form', () => {
  it('opens with what is outstanding, the networks Paystack listed and a phone field a phone keyboard fits', async () => {
    mockFetch({ 'GET /payments/mobile-money/providers': () => json(PROVIDERS) });
    renderDialog();
    expect(screen.getByRole('spinbutton', { name: 'Amount (GH₵)' })).toHaveValue(1629);
    expect(screen.getByText('At most the GH₵1,629.00 outstanding; part of it is fine.')).toBeInTheDocument();
    const phone = screen.getByRole('textbox', { name: 'Mobile money number' });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    await screen.findByRole('radio', { name: 'MTN' });
    const networks = within(screen.getByRole('group', { name: 'Network' })).getAllByRole('radio');
    expect(networks.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'MTN',
      'Telecel Cash',
      'AirtelTigo Money',
    ]);
    expect(screen.getByRole('button', { name: 'Pay GH₵1,629.00' })).toBeInTheDocument();
  });

  it('says what is wrong with each field and sends nothing: no amount, a bad number, no network, more than owed', async () => {
    const fetchMock = mockFetch({ 'GET /payments/mobile-money/providers': () => json(PROVIDERS) });
    const { user } = renderDialog();
    await fillAndPay(user, { amount: '', phone: '12345', network: '' });
    expect(await screen.findByRole('spinbutton', { name: 'Amount (GH₵)' })).toHaveAccessibleDescription(
      MOBILE_MONEY_MESSAGES.amount,
    );
    expect(screen.getByRole('textbox', { name: 'Mobile money number' })).toHaveAccessibleDescription(
      MOBILE_MONEY_MESSAGES.phone,
    );
    expect(screen.getByRole('group', { name: 'Network' })).toHaveAccessibleDescription(
      MOBILE_MONEY_MESSAGES.provider,
    );
    await fillAndPay(user, { amount: '1629.01' });
    expect(await screen.findByText(MOBILE_MONEY_MESSAGES.overDue(1629))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('/mobile-money'),
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it("puts the server's field errors under the fields they are about", async () => {
    mockFetch({
      'GET /payments/mobile-money/providers': () => json(PROVIDERS),
      [CHARGE]: () =>
        json(
          {
            error: 'Bad Request',
            code: 'PAYMENT_OVER_DUE',
            message: 'Please review the highlighted details.',
            fieldErrors: {
              amount: [MOBILE_MONEY_MESSAGES.overDue(400)],
              provider: ['Choose one of the networks listed'],
            },
          },
          400,
        ),
    });
    const { user } = renderDialog();
    await fillAndPay(user);
    expect(await screen.findByRole('spinbutton', { name: 'Amount (GH₵)' })).toHaveAccessibleDescription(
      MOBILE_MONEY_MESSAGES.overDue(400),
    );
    expect(screen.getByRole('group', { name: 'Network' })).toHaveAccessibleDescription(
      'Choose one of the networks listed',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the number as Paystack takes it, says nothing was charged when Paystack is out of reach, keeps the form, and a retry reuses the key', async () => {
    const charges = chargesTo([
      () =>
        json(
          {
            error: 'Service Unavailable',
            code: 'PAYSTACK_UNAVAILABLE',
            message: MOBILE_MONEY_MESSAGES.unavailable,
          },
          503,
        ),
      attemptAnswer(),
    ]);
    mockFetch({ 'GET /payments/mobile-money/providers': () => json(PROVIDERS), [CHARGE]: charges.handler });
    const { user } = renderDialog();
    await fillAndPay(user, { phone: '+233 24 555 1111' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Mobile money is not reachable right now. Nothing was charged; try again in a minute.',
    );
    expect(screen.getByRole('spinbutton', { name: 'Amount (GH₵)' })).toHaveValue(500);
    expect(screen.getByRole('textbox', { name: 'Mobile money number' })).toHaveValue('+233 24 555 1111');
    expect(screen.getByRole('radio', { name: 'MTN' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay GH₵500.00' }));
    expect(await screen.findByText('Approve the payment on your phone')).toBeInTheDocument();
    expect(charges.sent).toHaveLength(2);
    expect(charges.sent[0]!.body).toEqual({ amount: 500, phone: '0245551111', provider: 'MTN' });
    expect(charges.sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(charges.sent[1]!.key).toBe(charges.sent[0]!.key);
  });
});

describe('following the attempt', () => {
  it('asks to approve on the phone with Paystack’s words, then shows the money received when the live feed refreshes it', async () => {
    let current = paymentAttempt();
    const success = vi.spyOn(toast, 'success');
    mockFetch({
      'GET /payments/mobile-money/providers': () => json(PROVIDERS),
      [CHARGE]: attemptAnswer(),
      [ATTEMPT]: () => json(current),
    });
    const { user, queryClient } = renderDialog();
    await fillAndPay(user);
    const waiting = await screen.findByRole('status');
    expect(waiting).toHaveTextContent('Approve the payment on your phone');
    expect(waiting).toHaveTextContent('Please complete authorization process on your mobile phone');
    expect(screen.getByText('Approve on your phone')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(MOBILE_MONEY_MESSAGES.started, { id: `payment:${REFERENCE}` });

    current = paymentAttempt({
      status: 'success',
      applied: 500,
      heldAsCredit: 0,
      outstandingAfter: 1129,
      settledAt: '2026-11-29T10:01:00.000Z',
    });
    // What lib/live does on payment.settled.
    await queryClient.invalidateQueries({ queryKey: ['payment-attempts'] });
    const received = (await screen.findByText('GH₵500.00 received')).closest('[role="status"]');
    expect(received).toHaveTextContent('GH₵1,129.00 still outstanding on INV-2026-000121.');
    // The same toast, now saying the money came: not a second one under 'Payment started'.
    expect(success).toHaveBeenLastCalledWith(MOBILE_MONEY_MESSAGES.settled, { id: `payment:${REFERENCE}` });
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeInTheDocument();
  });

  it('says when the invoice is paid in full and how much more was held as credit with the supplier', async () => {
    mockFetch({
      'GET /payments/mobile-money/providers': () => json(PROVIDERS),
      [CHARGE]: attemptAnswer({
        status: 'success',
        amount: 1629,
        applied: 1600,
        heldAsCredit: 29,
        outstandingAfter: 0,
        settledAt: '2026-11-29T10:00:05.000Z',
      }),
    });
    const success = vi.spyOn(toast, 'success');
    const { user } = renderDialog();
    await fillAndPay(user, { amount: '1629', phone: '0245550000' });
    const received = (await screen.findByText('GH₵1,629.00 received')).closest('[role="status"]');
    expect(received).toHaveTextContent('INV-2026-000121 is paid in full.');
    expect(
      screen.getByText('GH₵29.00 more than was owed is held as credit with Tema Pharma Distributors.'),
    ).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith(MOBILE_MONEY_MESSAGES.settled, { id: `payment:${REFERENCE}` });
  });

  it('downloads the receipt of a settled payment with the name the server gives', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    try {
      mockFetch({
        'GET /payments/mobile-money/providers': () => json(PROVIDERS),
        [CHARGE]: attemptAnswer({ status: 'success', applied: 500, heldAsCredit: 0, outstandingAfter: 1129 }),
        [`GET /payments/${REFERENCE}/receipt`]: () =>
          new Response('%PDF-1.7', {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `attachment; filename="RCT-${REFERENCE}.pdf"`,
            },
          }),
      });
      const { user } = renderDialog();
      await fillAndPay(user);
      await user.click(await screen.findByRole('button', { name: 'Download receipt' }));
      await waitFor(() => expect(clicked).toEqual([`RCT-${REFERENCE}.pdf`]));
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('takes the code the network sent when Paystack asks for one, and shows the payment received', async () => {
    const codes: unknown[] = [];
    mockFetch({
      'GET /payments/mobile-money/providers': () => json(PROVIDERS),
      [CHARGE]: attemptAnswer({
        status: 'send_otp',
        message: 'Please enter the OTP sent to your phone',
        phoneLast4: '2222',
      }),
      [`POST /payments/${REFERENCE}/otp`]: (init) => {
        codes.push(JSON.parse(String(init?.body)));
        return json(
          paymentAttempt({ status: 'success', applied: 500, heldAsCredit: 0, outstandingAfter: 1129 }),
        );
      },
    });
    const { user } = renderDialog();
    await fillAndPay(user, { phone: '0245552222' });
    expect(await screen.findByText('Please enter the OTP sent to your phone')).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: 'Code from your phone' });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByRole('textbox', { name: 'Code from your phone' })).toHaveAccessibleDescription(
      MOBILE_MONEY_MESSAGES.otp,
    );
    expect(codes).toEqual([]);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByText('GH₵500.00 received')).toBeInTheDocument();
    expect(codes).toEqual([{ otp: '123456' }]);
  });

  it.each([
    [
      'failed',
      'Declined by the network',
      'Payment failed',
      'Declined by the network. No money was applied to the invoice.',
    ],
    [
      'abandoned',
      null,
      'Payment not completed',
      'The payment was not approved in time. No money was applied to the invoice.',
    ],
    ['flagged', null, 'Payment under review', /did not match this payment, so nothing was applied yet/],
  ] as const)(
    'an attempt ending %s says why, and offers Try again unless it is under review',
    async (status, message, title, reason) => {
      mockFetch({
        'GET /payments/mobile-money/providers': () => json(PROVIDERS),
        [CHARGE]: attemptAnswer({ status, message }),
      });
      const { user } = renderDialog();
      await fillAndPay(user, { phone: '0245553333' });
      const outcome = await screen.findByText(title);
      expect(outcome.closest('[role="status"]')).toHaveTextContent(reason);
      // A flagged payment may have taken the money: no second one until it is looked at.
      if (status === 'flagged')
        expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      else expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    },
  );

  it('Try again sends a new attempt under a new key, from the form as it was', async () => {
    const charges = chargesTo([
      attemptAnswer({ status: 'failed', message: 'Declined by the network' }),
      attemptAnswer({ reference: 'ADR-INV-2026-000121-ZZZZZZZZZZ', status: 'pay_offline' }),
    ]);
    mockFetch({ 'GET /payments/mobile-money/providers': () => json(PROVIDERS), [CHARGE]: charges.handler });
    const { user } = renderDialog();
    await fillAndPay(user, { phone: '0245553333' });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('textbox', { name: 'Mobile money number' })).toHaveValue('0245553333');
    await user.click(screen.getByRole('button', { name: 'Pay GH₵500.00' }));
    expect(await screen.findByText('Approve the payment on your phone')).toBeInTheDocument();
    expect(charges.sent.map((charge) => charge.body)).toEqual([
      { amount: 500, phone: '0245553333', provider: 'MTN' },
      { amount: 500, phone: '0245553333', provider: 'MTN' },
    ]);
    expect(charges.sent[1]!.key).not.toBe(charges.sent[0]!.key);
  });
});
