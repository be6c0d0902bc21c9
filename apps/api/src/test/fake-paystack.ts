import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * One transaction as the fake holds it. `status` is what GET /transaction/verify answers (Paystack's
 * transaction statuses: ongoing, success, failed, abandoned); `step` is where the charge stands for
 * GET /charge/{reference} (pay_offline or send_otp while the buyer acts).
 */
export interface FakeTransaction {
  reference: string;
  amountPesewas: number;
  status: string;
  phone: string;
  provider: string;
  id: number;
  step: 'pay_offline' | 'send_otp' | 'success' | 'failed' | 'abandoned';
  email: string;
  metadata: unknown;
  gatewayResponse: string;
  createdAt: string;
  paidAt: string | null;
}

export interface FakePaystack {
  url: string;
  secretKey: string;
  close(): Promise<void>;
  /** Every call received, in order (refused and failed ones too). */
  requests: { method: string; path: string; body: unknown }[];
  /** Where charge.success webhooks go: set by the test (e.g. to app.inject) or webhookUrl for a real server. */
  deliverWebhook: ((rawBody: string, signature: string) => Promise<void>) | null;
  webhookUrl: string | null;
  /** The buyer approved on the phone: success, and the webhook delivered (awaited). */
  approve(reference: string): Promise<void>;
  /** The buyer declined: status failed ("Declined by user"), no webhook. */
  decline(reference: string): void;
  /** The buyer never answered: status abandoned, no webhook. */
  abandon(reference: string): void;
  /** 'refuse' destroys every socket (ECONNRESET), '503' answers 503; false is up again. */
  down(mode: false | 'refuse' | '503'): void;
  /** What GET /transaction/verify answers for this reference instead of the truth. */
  tamper(
    reference: string,
    change: { amountPesewas?: number; currency?: string; status?: string; reference?: string },
  ): void;
  /** A correctly signed webhook body, for replays and forged variations. */
  signed(payload: object): { body: string; signature: string };
  transactions: Map<string, FakeTransaction>;
  /** The charge.success payload Paystack would send for this transaction (as delivered). */
  webhookPayload(reference: string): object;
  /** Resolves when every webhook under way (those sent after a charge's answer) has been delivered. */
  idle(): Promise<void>;
  /** Deliveries sent on their own (after a charge's answer) that threw or were refused. */
  deliveryErrors: unknown[];
}

/** The providers Paystack lists for GHS mobile money; the last is inactive and must not be offered. */
export const FAKE_PROVIDERS = [
  { id: 1, name: 'MTN', code: 'MTN', active: true },
  { id: 2, name: 'Telecel Cash', code: 'VOD', active: true },
  { id: 3, name: 'AirtelTigo Money', code: 'ATL', active: true },
  { id: 4, name: 'Retired Wallet', code: 'OLD', active: false },
] as const;

/** What each number's last 4 digits make the fake do (the preamble's scenarios). */
export const FAKE_SCENARIOS = {
  /** Charge answers success at once; the webhook follows the answer. */
  success: '0000',
  /** pay_offline until approve, decline or abandon. */
  payOffline: '1111',
  /** send_otp; OTP 123456 succeeds, any other fails "Invalid OTP". */
  otp: '2222',
  /** Charge answers failed, "Declined by the network". */
  declined: '3333',
} as const;
export const FAKE_OTP = '123456';
export const OTP_PROMPT = 'Please enter the OTP sent to your phone';
export const PAY_OFFLINE_PROMPT = 'Please complete authorization process on your mobile phone';

const NOT_FOUND = 'Transaction reference not found';

/**
 * A local Paystack for tests: an http server on 127.0.0.1 answering the endpoints Aduro calls with the
 * shapes of Paystack's spec (PaystackOSS/openapi dist/paystack.yaml), the key checked on each, and
 * charge.success webhooks signed as Paystack signs them. `controlRoutes` adds /__fake/… (no key), for the
 * standalone process the browser journeys drive (fake-paystack-server.ts).
 */
export async function startFakePaystack(
  opts: { secretKey?: string; port?: number; controlRoutes?: boolean } = {},
): Promise<FakePaystack> {
  const secretKey = opts.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const transactions = new Map<string, FakeTransaction>();
  const tampered = new Map<string, Parameters<FakePaystack['tamper']>[1]>();
  const requests: FakePaystack['requests'] = [];
  const sockets = new Set<Socket>();
  const underWay = new Set<Promise<void>>();
  let downMode: false | 'refuse' | '503' = false;
  let nextId = 4_099_260_000;

  const sign = (body: string) => createHmac('sha512', secretKey).update(body).digest('hex');

  function webhookPayload(reference: string): object {
    const t = mustFind(reference);
    const provider = FAKE_PROVIDERS.find((p) => p.code === t.provider);
    return {
      event: 'charge.success',
      data: {
        id: t.id,
        domain: 'test',
        status: 'success',
        reference: t.reference,
        amount: t.amountPesewas,
        message: null,
        gateway_response: 'Approved',
        paid_at: t.paidAt,
        created_at: t.createdAt,
        channel: 'mobile_money',
        currency: 'GHS',
        ip_address: '127.0.0.1',
        metadata: t.metadata ?? '',
        fees: Math.round(t.amountPesewas * 0.0195),
        customer: { id: 1, email: t.email, customer_code: 'CUS_fake', phone: null, metadata: null },
        authorization: authorization(t, provider?.name ?? t.provider),
      },
    };
  }

  function authorization(t: FakeTransaction, providerName: string) {
    return {
      authorization_code: `AUTH_${t.id}`,
      bin: t.phone.slice(0, 3),
      last4: t.phone.slice(-4),
      exp_month: '12',
      exp_year: '9999',
      channel: 'mobile_money',
      card_type: '',
      bank: t.provider,
      country_code: 'GH',
      brand: providerName,
      reusable: false,
      signature: null,
      account_name: null,
      mobile_money_number: t.phone,
    };
  }

  async function deliver(reference: string): Promise<void> {
    const body = JSON.stringify(webhookPayload(reference));
    const signature = sign(body);
    if (fake.deliverWebhook) return fake.deliverWebhook(body, signature);
    if (fake.webhookUrl) {
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    }
  }

  /** A webhook sent on its own, as Paystack does after answering: kept so idle() can wait for it. */
  function deliverLater(reference: string): void {
    const p = deliver(reference)
      .catch((err: unknown) => {
        fake.deliveryErrors.push(err);
        // The standalone process has no test to read deliveryErrors: the journey's log shows why instead.
        if (opts.controlRoutes) console.error(`fake-paystack: webhook for ${reference} failed:`, err);
      })
      .finally(() => underWay.delete(p));
    underWay.add(p);
  }

  function mustFind(reference: string): FakeTransaction {
    const t = transactions.get(reference);
    if (!t) throw new Error(`fake paystack: no transaction ${reference}`);
    return t;
  }

  function settle(t: FakeTransaction, outcome: 'success' | 'failed' | 'abandoned', gatewayResponse: string) {
    t.step = outcome;
    t.status = outcome;
    t.gatewayResponse = gatewayResponse;
    if (outcome === 'success') t.paidAt = new Date().toISOString();
  }

  function chargeData(t: FakeTransaction) {
    const displayText =
      t.step === 'send_otp' ? OTP_PROMPT : t.step === 'pay_offline' ? PAY_OFFLINE_PROMPT : undefined;
    return {
      id: t.id,
      domain: 'test',
      status: t.step,
      reference: t.reference,
      amount: t.amountPesewas,
      message: null,
      gateway_response: t.gatewayResponse,
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: 'mobile_money',
      currency: 'GHS',
      metadata: t.metadata ?? '',
      ...(displayText ? { display_text: displayText } : {}),
    };
  }

  function transactionData(t: FakeTransaction) {
    const change = tampered.get(t.reference) ?? {};
    return {
      id: t.id,
      domain: 'test',
      status: change.status ?? t.status,
      reference: change.reference ?? t.reference,
      receipt_number: null,
      amount: change.amountPesewas ?? t.amountPesewas,
      message: null,
      gateway_response: t.gatewayResponse,
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: 'mobile_money',
      currency: change.currency ?? 'GHS',
      ip_address: '127.0.0.1',
      metadata: t.metadata ?? '',
      log: null,
      fees: null,
      fees_split: null,
      authorization: authorization(t, FAKE_PROVIDERS.find((p) => p.code === t.provider)?.name ?? t.provider),
      customer: { id: 1, email: t.email, customer_code: 'CUS_fake', phone: null, metadata: null },
      plan: null,
      split: {},
      order_id: null,
      paidAt: t.paidAt,
      createdAt: t.createdAt,
      requested_amount: t.amountPesewas,
    };
  }

  function send(res: ServerResponse, status: number, json: unknown, after?: () => void) {
    const body = JSON.stringify(json);
    if (after) res.on('finish', after);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  }

  function handleCharge(body: Record<string, unknown>, res: ServerResponse) {
    const mm = (body.mobile_money ?? {}) as { phone?: unknown; provider?: unknown };
    const reference = body.reference;
    const amount = body.amount;
    if (typeof body.email !== 'string' || !body.email.includes('@')) {
      return send(res, 400, { status: false, message: 'Invalid Email Address Passed' });
    }
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      return send(res, 400, { status: false, message: 'Invalid Amount Sent' });
    }
    if (body.currency !== 'GHS') return send(res, 400, { status: false, message: 'Currency not supported' });
    if (typeof reference !== 'string' || !/^[A-Za-z0-9.=-]{1,100}$/.test(reference)) {
      return send(res, 400, { status: false, message: 'Invalid transaction reference' });
    }
    if (transactions.has(reference)) {
      return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
    }
    if (typeof mm.phone !== 'string' || !/^0\d{9}$/.test(mm.phone)) {
      return send(res, 400, { status: false, message: 'Invalid phone number' });
    }
    if (!FAKE_PROVIDERS.some((p) => p.active && p.code === mm.provider)) {
      return send(res, 400, { status: false, message: 'Invalid mobile money provider' });
    }
    const last4 = mm.phone.slice(-4);
    const t: FakeTransaction = {
      reference,
      amountPesewas: amount,
      status: 'ongoing',
      phone: mm.phone,
      provider: mm.provider as string,
      id: nextId++,
      step: last4 === FAKE_SCENARIOS.otp ? 'send_otp' : 'pay_offline',
      email: body.email,
      metadata: body.metadata,
      gatewayResponse: '',
      createdAt: new Date().toISOString(),
      paidAt: null,
    };
    transactions.set(reference, t);
    if (last4 === FAKE_SCENARIOS.success) {
      settle(t, 'success', 'Approved');
      return send(res, 200, { status: true, message: 'Charge attempted', data: chargeData(t) }, () =>
        deliverLater(reference),
      );
    }
    if (last4 === FAKE_SCENARIOS.declined) settle(t, 'failed', 'Declined by the network');
    return send(res, 200, { status: true, message: 'Charge attempted', data: chargeData(t) });
  }

  function handleOtp(body: Record<string, unknown>, res: ServerResponse) {
    const t = typeof body.reference === 'string' ? transactions.get(body.reference) : undefined;
    if (!t) return send(res, 400, { status: false, message: NOT_FOUND });
    if (t.step !== 'send_otp') {
      return send(res, 400, { status: false, message: 'Transaction is not awaiting an OTP' });
    }
    if (body.otp === FAKE_OTP) {
      settle(t, 'success', 'Approved');
      return send(res, 200, { status: true, message: 'Charge attempted', data: chargeData(t) }, () =>
        deliverLater(t.reference),
      );
    }
    settle(t, 'failed', 'Invalid OTP');
    return send(res, 200, { status: true, message: 'Charge attempted', data: chargeData(t) });
  }

  function handleControl(method: string, path: string, res: ServerResponse): boolean {
    if (method === 'GET' && path === '/__fake/transactions') {
      send(res, 200, [...transactions.values()]);
      return true;
    }
    const m = /^\/__fake\/(approve|decline|abandon)\/([^/]+)$/.exec(path);
    if (method !== 'POST' || !m) return false;
    const reference = decodeURIComponent(m[2]!);
    if (!transactions.has(reference)) {
      send(res, 404, { status: false, message: NOT_FOUND });
      return true;
    }
    if (m[1] === 'approve') {
      fake.approve(reference).then(
        () => send(res, 200, { status: true }),
        (err: unknown) => send(res, 502, { status: false, message: String(err) }),
      );
    } else {
      if (m[1] === 'decline') fake.decline(reference);
      else fake.abandon(reference);
      send(res, 200, { status: true });
    }
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = undefined;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (opts.controlRoutes && path.startsWith('/__fake/')) {
      if (!handleControl(method, path, res)) send(res, 404, { status: false, message: 'No such control' });
      return;
    }
    requests.push({ method, path: `${path}${url.search}`, body });
    if (downMode === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (downMode === '503') return send(res, 503, { status: false, message: 'Service Unavailable' });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { status: false, message: 'Invalid key' });
    }
    const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    if (method === 'GET' && path === '/bank') {
      const mobileMoneyGhs =
        url.searchParams.get('currency') === 'GHS' && url.searchParams.get('type') === 'mobile_money';
      return send(res, 200, {
        status: true,
        message: 'Banks retrieved',
        data: mobileMoneyGhs
          ? FAKE_PROVIDERS.map((p) => ({
              id: p.id,
              name: p.name,
              slug: p.code.toLowerCase(),
              code: p.code,
              longcode: '',
              gateway: null,
              pay_with_bank: false,
              supports_transfer: true,
              available_for_direct_debit: false,
              active: p.active,
              is_deleted: false,
              country: 'Ghana',
              currency: 'GHS',
              type: 'mobile_money',
              createdAt: '2019-02-14T10:00:00.000Z',
              updatedAt: '2025-06-01T10:00:00.000Z',
            }))
          : [],
        meta: { next: null, previous: null, perPage: 50 },
      });
    }
    if (method === 'POST' && path === '/charge') return handleCharge(fields, res);
    if (method === 'POST' && path === '/charge/submit_otp') return handleOtp(fields, res);
    const charge = /^\/charge\/([^/]+)$/.exec(path);
    if (method === 'GET' && charge) {
      const t = transactions.get(decodeURIComponent(charge[1]!));
      if (!t) return send(res, 400, { status: false, message: NOT_FOUND });
      return send(res, 200, { status: true, message: 'Reference check successful', data: chargeData(t) });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && verify) {
      const t = transactions.get(decodeURIComponent(verify[1]!));
      if (!t) return send(res, 400, { status: false, message: NOT_FOUND, type: 'validation_error' });
      return send(res, 200, { status: true, message: 'Verification successful', data: transactionData(t) });
    }
    return send(res, 404, { status: false, message: 'Not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { status: false, message: String(err) });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const fake: FakePaystack = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    deliverWebhook: null,
    webhookUrl: null,
    transactions,
    deliveryErrors: [],
    async approve(reference) {
      const t = mustFind(reference);
      if (t.step !== 'pay_offline' && t.step !== 'send_otp') {
        throw new Error(`fake paystack: ${reference} is ${t.step}, not awaiting approval`);
      }
      settle(t, 'success', 'Approved');
      await deliver(reference);
    },
    decline(reference) {
      settle(mustFind(reference), 'failed', 'Declined by user');
    },
    abandon(reference) {
      settle(mustFind(reference), 'abandoned', 'The transaction was not completed');
    },
    down(mode) {
      downMode = mode;
    },
    tamper(reference, change) {
      tampered.set(reference, { ...tampered.get(reference), ...change });
    },
    signed(payload) {
      const body = JSON.stringify(payload);
      return { body, signature: sign(body) };
    },
    webhookPayload,
    async idle() {
      while (underWay.size > 0) await Promise.all([...underWay]);
    },
    async close() {
      await fake.idle();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
