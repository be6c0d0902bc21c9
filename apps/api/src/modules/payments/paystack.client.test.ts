import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FAKE_OTP,
  OTP_PROMPT,
  PAY_OFFLINE_PROMPT,
  startFakePaystack,
  type FakePaystack,
} from '../../test/fake-paystack.ts';
import {
  PROVIDERS_CACHE_MS,
  PaystackUnavailableError,
  createPaystackClient,
  verifyPaystackSignature,
  type PaystackClient,
} from './paystack.client.ts';

let fake: FakePaystack;
let referenceCount = 0;

beforeAll(async () => {
  fake = await startFakePaystack();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.down(false);
  fake.deliverWebhook = null;
  vi.useRealTimers();
});

const client = (over: { secretKey?: string; timeoutMs?: number } = {}): PaystackClient =>
  createPaystackClient({
    secretKey: over.secretKey ?? fake.secretKey,
    baseUrl: `${fake.url}/`,
    timeoutMs: over.timeoutMs,
  });

const newReference = () => `ADR-INV-2026-000123-TEST${String(++referenceCount).padStart(6, '0')}`;

const charge = (paystack: PaystackClient, phone: string, amountPesewas = 12_345) => {
  const reference = newReference();
  return {
    reference,
    result: paystack.charge({
      email: 'buyer@accracare.test',
      amountPesewas,
      reference,
      phone,
      provider: 'MTN',
      metadata: { invoiceId: 'inv-1', invoiceNumber: 'INV-2026-000123', attemptId: 'att-1' },
    }),
  };
};

const bankCalls = () => fake.requests.filter((r) => r.path.startsWith('/bank')).length;

describe('Paystack client: providers', () => {
  it('lists the active GHS mobile-money networks, leaving the inactive one out', async () => {
    expect(await client().mobileMoneyProviders()).toEqual([
      { code: 'MTN', name: 'MTN' },
      { code: 'VOD', name: 'Telecel Cash' },
      { code: 'ATL', name: 'AirtelTigo Money' },
    ]);
    expect(fake.requests.at(-1)?.path).toBe('/bank?currency=GHS&type=mobile_money');
  });

  it('asks Paystack once for two calls, and once for callers arriving together', async () => {
    const paystack = client();
    const before = bankCalls();
    await Promise.all([paystack.mobileMoneyProviders(), paystack.mobileMoneyProviders()]);
    await paystack.mobileMoneyProviders();
    expect(bankCalls() - before).toBe(1);
  });

  it('asks again after an hour, and serves the stale list while Paystack is down', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const paystack = client();
    const before = bankCalls();
    const first = await paystack.mobileMoneyProviders();
    vi.setSystemTime(Date.now() + PROVIDERS_CACHE_MS + 1);
    await paystack.mobileMoneyProviders();
    expect(bankCalls() - before).toBe(2);

    vi.setSystemTime(Date.now() + PROVIDERS_CACHE_MS + 1);
    fake.down('refuse');
    expect(await paystack.mobileMoneyProviders()).toEqual(first);
    fake.down('503');
    // Within the minute after a failure the stale list is served without asking again.
    expect(await paystack.mobileMoneyProviders()).toEqual(first);
    expect(bankCalls() - before).toBe(3);
  });

  it('fails with PaystackUnavailableError when Paystack is down and nothing is cached', async () => {
    fake.down('503');
    await expect(client().mobileMoneyProviders()).rejects.toBeInstanceOf(PaystackUnavailableError);
    fake.down('refuse');
    await expect(client().mobileMoneyProviders()).rejects.toBeInstanceOf(PaystackUnavailableError);
  });

  it('treats a refused key (401) as Paystack unavailable, not as an empty list', async () => {
    await expect(
      client({ secretKey: 'sk_test_notthefakeskey' }).mobileMoneyProviders(),
    ).rejects.toBeInstanceOf(PaystackUnavailableError);
  });
});

describe('Paystack client: charges', () => {
  it('sends the amount as integer pesewas in GHS with the Bearer key, phone, provider and metadata', async () => {
    const { reference, result } = charge(client(), '0241231111', 50_075);
    await result;
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/charge' });
    expect(sent.body).toEqual({
      email: 'buyer@accracare.test',
      amount: 50_075,
      currency: 'GHS',
      reference,
      mobile_money: { phone: '0241231111', provider: 'MTN' },
      metadata: { invoiceId: 'inv-1', invoiceNumber: 'INV-2026-000123', attemptId: 'att-1' },
    });
    // The fake answers 401 to anything else, so reaching a transaction proves the Bearer key was sent.
    expect(fake.transactions.get(reference)?.amountPesewas).toBe(50_075);
  });

  it('answers each scenario with its status and the words for the buyer', async () => {
    const paystack = client();
    const delivered: string[] = [];
    fake.deliverWebhook = async (body) => {
      delivered.push((JSON.parse(body) as { data: { reference: string } }).data.reference);
    };
    const success = charge(paystack, '0241230000');
    expect(await success.result).toEqual({ status: 'success', message: 'Approved' });
    await fake.idle();
    expect(delivered).toEqual([success.reference]);

    expect(await charge(paystack, '0241231111').result).toEqual({
      status: 'pay_offline',
      message: PAY_OFFLINE_PROMPT,
    });
    expect(await charge(paystack, '0241239876').result).toEqual({
      status: 'pay_offline',
      message: PAY_OFFLINE_PROMPT,
    });
    expect(await charge(paystack, '0241232222').result).toEqual({ status: 'send_otp', message: OTP_PROMPT });
    expect(await charge(paystack, '0241233333').result).toEqual({
      status: 'failed',
      message: 'Declined by the network',
    });
  });

  it('completes an OTP charge with the right code and fails it with a wrong one', async () => {
    const paystack = client();
    fake.deliverWebhook = async () => {};
    const right = charge(paystack, '0241232222');
    await right.result;
    expect(await paystack.submitOtp({ reference: right.reference, otp: FAKE_OTP })).toEqual({
      status: 'success',
      message: 'Approved',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/charge/submit_otp',
      body: { otp: FAKE_OTP, reference: right.reference },
    });
    const wrong = charge(paystack, '0241232222');
    await wrong.result;
    expect(await paystack.submitOtp({ reference: wrong.reference, otp: '654321' })).toEqual({
      status: 'failed',
      message: 'Invalid OTP',
    });
    await fake.idle();
  });

  it("reads a 4xx answer as a failed charge with Paystack's message", async () => {
    const paystack = client();
    const first = charge(paystack, '0241231111');
    await first.result;
    const again = await paystack.charge({
      email: 'buyer@accracare.test',
      amountPesewas: 100,
      reference: first.reference,
      phone: '0241231111',
      provider: 'MTN',
    });
    expect(again).toEqual({ status: 'failed', message: 'Duplicate Transaction Reference' });
    expect(await paystack.submitOtp({ reference: first.reference, otp: FAKE_OTP })).toEqual({
      status: 'failed',
      message: 'Transaction is not awaiting an OTP',
    });
  });

  it('throws PaystackUnavailableError when Paystack refuses the connection or answers 503', async () => {
    const paystack = client();
    fake.down('refuse');
    await expect(charge(paystack, '0241231111').result).rejects.toBeInstanceOf(PaystackUnavailableError);
    fake.down('503');
    await expect(charge(paystack, '0241231111').result).rejects.toBeInstanceOf(PaystackUnavailableError);
    await expect(paystack.submitOtp({ reference: newReference(), otp: FAKE_OTP })).rejects.toBeInstanceOf(
      PaystackUnavailableError,
    );
    await expect(paystack.verify(newReference())).rejects.toBeInstanceOf(PaystackUnavailableError);
  });

  it('throws PaystackUnavailableError when Paystack does not answer within the time limit', async () => {
    // A server that takes the request and never answers: what a hung Paystack looks like.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const paystack = createPaystackClient({
        secretKey: fake.secretKey,
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        timeoutMs: 200,
      });
      await expect(paystack.verify('ADR-X')).rejects.toThrow(/did not answer .* within 200 ms/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("throws PaystackUnavailableError for an answer without Paystack's envelope, not a failed charge", async () => {
    // What a wrong PAYSTACK_BASE_URL or a proxy's error page looks like: it says nothing about the charge.
    let answer = { status: 404, type: 'text/html', body: '<h1>Not Found</h1>' };
    const proxy = createServer((_req, res) => {
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const paystack = createPaystackClient({
        secretKey: fake.secretKey,
        baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      });
      await expect(charge(paystack, '0241231111').result).rejects.toBeInstanceOf(PaystackUnavailableError);
      await expect(paystack.verify('ADR-X')).rejects.toBeInstanceOf(PaystackUnavailableError);
      answer = {
        status: 200,
        type: 'application/json',
        body: '{"status":true,"data":{"reference":"ADR-X"}}',
      };
      await expect(charge(paystack, '0241231111').result).rejects.toThrow(/not as documented/);
      await expect(paystack.verify('ADR-X')).rejects.toThrow(/not as documented/);
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('refuses an amount that is no positive whole number of pesewas before calling Paystack', async () => {
    const paystack = client();
    const before = fake.requests.length;
    for (const amountPesewas of [0, -5, 12.5, Number.NaN, 2 ** 53]) {
      await expect(charge(paystack, '0241231111', amountPesewas).result).rejects.toThrow(RangeError);
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe('Paystack client: logs', () => {
  it('never writes the secret key into a log line, whatever goes wrong', async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => {
      lines.push(
        JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? `${v.message} ${v.stack}` : v)),
      );
    };
    const log = { warn: record, error: record, info: record, debug: record } as unknown as FastifyBaseLogger;
    const paystack = createPaystackClient({ secretKey: fake.secretKey, baseUrl: fake.url, log });
    const wrongKey = createPaystackClient({ secretKey: 'sk_live_wrongkey12345', baseUrl: fake.url, log });
    await expect(wrongKey.verify('ADR-1')).rejects.toBeInstanceOf(PaystackUnavailableError);
    fake.down('503');
    await expect(paystack.mobileMoneyProviders()).rejects.toBeInstanceOf(PaystackUnavailableError);
    fake.down('refuse');
    await expect(charge(paystack, '0241231111').result).rejects.toBeInstanceOf(PaystackUnavailableError);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.join('\n')).not.toMatch(/sk_(test|live)_/);
  });
});

describe('Paystack client: verify', () => {
  it('answers what Paystack holds for a known reference', async () => {
    const paystack = client();
    fake.deliverWebhook = async () => {};
    const { reference, result } = charge(paystack, '0241231111', 20_000);
    await result;
    const open = await paystack.verify(reference);
    expect(open).toMatchObject({
      found: true,
      reference,
      status: 'ongoing',
      amountPesewas: 20_000,
      currency: 'GHS',
    });
    await fake.approve(reference);
    const paid = await paystack.verify(reference);
    expect(paid).toEqual({
      found: true,
      reference,
      status: 'success',
      amountPesewas: 20_000,
      currency: 'GHS',
      transactionId: String(fake.transactions.get(reference)!.id),
      gatewayResponse: 'Approved',
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/transaction/verify/${reference}` });
  });

  it('answers found: false for a reference Paystack does not know', async () => {
    expect(await client().verify(newReference())).toEqual({ found: false });
  });

  it('answers the tampered values, so settlement can see the disagreement', async () => {
    const paystack = client();
    const { reference, result } = charge(paystack, '0241231111', 20_000);
    await result;
    fake.decline(reference);
    expect(await paystack.verify(reference)).toMatchObject({
      status: 'failed',
      gatewayResponse: 'Declined by user',
    });
    fake.tamper(reference, {
      amountPesewas: 100,
      currency: 'NGN',
      status: 'success',
      reference: 'ADR-OTHER',
    });
    expect(await paystack.verify(reference)).toMatchObject({
      found: true,
      reference: 'ADR-OTHER',
      status: 'success',
      amountPesewas: 100,
      currency: 'NGN',
    });
  });
});

describe('Paystack webhook signature', () => {
  it("verifies the fake's charge.success as posted to webhookUrl: JSON, signed over the exact bytes", async () => {
    const received: { contentType?: string; signature?: string; body: Buffer }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          contentType: req.headers['content-type'],
          signature: req.headers['x-paystack-signature'] as string | undefined,
          body: Buffer.concat(chunks),
        });
        res.writeHead(200).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      fake.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/paystack/webhook`;
      const paystack = client();
      const { reference, result } = charge(paystack, '0241231111', 7_500);
      await result;
      await fake.approve(reference);
      expect(received).toHaveLength(1);
      const [hook] = received;
      expect(hook!.contentType).toBe('application/json');
      expect(paystack.verifySignature(hook!.body, hook!.signature)).toBe(true);
      expect(JSON.parse(hook!.body.toString())).toMatchObject({
        event: 'charge.success',
        data: {
          id: fake.transactions.get(reference)!.id,
          status: 'success',
          reference,
          amount: 7_500,
          currency: 'GHS',
          channel: 'mobile_money',
          customer: { email: 'buyer@accracare.test' },
          authorization: { channel: 'mobile_money', bank: 'MTN', last4: '1111' },
        },
      });
    } finally {
      fake.webhookUrl = null;
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { id: 1, reference: 'ADR-1' } }));
  const hmac = (secret: string, bytes: Buffer) => createHmac('sha512', secret).update(bytes).digest('hex');

  it("accepts the HMAC-SHA512 of the exact bytes with the client's key, in either hex case", () => {
    const paystack = client();
    expect(paystack.verifySignature(body, hmac(fake.secretKey, body))).toBe(true);
    expect(paystack.verifySignature(body, hmac(fake.secretKey, body).toUpperCase())).toBe(true);
    const { body: signedBody, signature } = fake.signed({ event: 'charge.success', data: { id: 2 } });
    expect(paystack.verifySignature(Buffer.from(signedBody), signature)).toBe(true);
  });

  it('refuses a wrong, missing, short, non-hex or other-key signature, and a changed body', () => {
    const paystack = client();
    const right = hmac(fake.secretKey, body);
    const flipped = (right[0] === 'a' ? 'b' : 'a') + right.slice(1);
    expect(paystack.verifySignature(body, flipped)).toBe(false);
    expect(paystack.verifySignature(body, undefined)).toBe(false);
    expect(paystack.verifySignature(body, '')).toBe(false);
    expect(paystack.verifySignature(body, right.slice(0, 64))).toBe(false);
    expect(paystack.verifySignature(body, `${right.slice(0, 127)}z`)).toBe(false);
    expect(paystack.verifySignature(body, hmac('sk_test_someoneelseskey', body))).toBe(false);
    expect(paystack.verifySignature(Buffer.from(`${body.toString()} `), right)).toBe(false);
    expect(verifyPaystackSignature(body, right, 'sk_test_someoneelseskey')).toBe(false);
    expect(verifyPaystackSignature(body.toString(), right, fake.secretKey)).toBe(true);
  });
});
