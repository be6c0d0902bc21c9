import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** A mobile-money network as Paystack lists it for GHS; `code` is what a charge names as its provider. */
export interface MobileMoneyProvider {
  code: string;
  name: string;
}

/** Where a charge stands after Paystack's answer (its `data.status`, narrowed to what mobile money uses). */
export type ChargeStatus = 'pending' | 'pay_offline' | 'send_otp' | 'success' | 'failed';

export interface ChargeResult {
  status: ChargeStatus;
  /** Paystack's words for the buyer: display_text ?? gateway_response ?? message. */
  message: string | null;
}

/** GET /transaction/verify/{reference}: what Paystack holds, the only thing settlement believes. */
export type VerifyResult =
  | { found: false }
  | {
      found: true;
      reference: string;
      /** Paystack's: success, failed, abandoned, ongoing, pending, processing, queued, reversed. */
      status: string;
      amountPesewas: number;
      currency: string;
      transactionId: string;
      gatewayResponse: string | null;
    };

/**
 * Paystack could not be asked, or did not answer usefully: a network error, a timeout, a 5xx, 429 (too many
 * requests), 401/403 (a wrong or revoked key) or an answer not shaped as documented. The caller answers 503
 * with Retry-After, or the job tries again; nothing is concluded about the charge.
 */
export class PaystackUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaystackUnavailableError';
  }
}

export interface PaystackClient {
  /** GET /bank?currency=GHS&type=mobile_money, active ones only; cached 1 hour in the process; a stale copy is served when Paystack is down. */
  mobileMoneyProviders(): Promise<MobileMoneyProvider[]>;
  /** POST /charge {email, amount (pesewas, integer), currency:'GHS', reference, mobile_money:{phone, provider}, metadata}. A 4xx answer is a failed charge, not an error. */
  charge(input: {
    email: string;
    amountPesewas: number;
    reference: string;
    phone: string;
    provider: string;
    metadata?: Record<string, string>;
  }): Promise<ChargeResult>;
  /** POST /charge/submit_otp {otp, reference}. A 4xx answer is a failed charge. */
  submitOtp(input: { reference: string; otp: string }): Promise<ChargeResult>;
  /** GET /transaction/verify/{reference}: the truth. 404 / "reference not found" -> { found: false }. */
  verify(reference: string): Promise<VerifyResult>;
  /** x-paystack-signature: HMAC-SHA512 hex of the raw body with the secret key, compared in constant time. */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/** How long the providers list is kept: networks join or leave Paystack rarely, buyers open Pay often. */
export const PROVIDERS_CACHE_MS = 60 * 60 * 1000;
/** While Paystack is down, how long the stale list is served before asking again. */
const PROVIDERS_RETRY_MS = 60 * 1000;
const DEFAULT_TIMEOUT_MS = 10_000;

// Paystack's answers are parsed for the fields Aduro reads and nothing more: Paystack adds fields without
// notice (dist/paystack.yaml lists dozens per transaction), and an extra one must never fail a payment.
const envelope = z.object({
  status: z.boolean(),
  message: z.string().nullish(),
  data: z.unknown().optional(),
});

type Envelope = z.infer<typeof envelope>;
/** Paystack's HTTP status and its envelope, for the answers that say something about the request. */
interface Reply {
  httpStatus: number;
  json: Envelope;
}

const bankList = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    active: z.boolean().nullish(),
    is_deleted: z.boolean().nullish(),
  }),
);

const chargeData = z.object({
  status: z.string(),
  display_text: z.string().nullish(),
  gateway_response: z.string().nullish(),
  message: z.string().nullish(),
});

const transactionData = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  gateway_response: z.string().nullish(),
});

const CHARGE_STATUSES = new Set<string>(['pending', 'pay_offline', 'send_otp', 'success', 'failed']);

/** A non-empty text, or null: Paystack sends "" as often as it leaves a field out. */
const text = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

/**
 * Whether `header` is the HMAC-SHA512 (hex) of the exact bytes received, keyed with the secret key: how
 * Paystack signs webhooks (x-paystack-signature). Compared in constant time on equal-length buffers; a
 * missing, short or non-hex header is false. Paystack's newer `t=…,v1=…` format, when Aduro takes it, is
 * a second function beside this one.
 */
export function verifyPaystackSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
): boolean {
  if (typeof header !== 'string' || !/^[0-9a-fA-F]{128}$/.test(header.trim())) return false;
  const expected = createHmac('sha512', secret).update(rawBody).digest();
  const given = Buffer.from(header.trim(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Paystack's REST API with the secret key: fetch, a time limit per call, and zod on every answer. */
export function createPaystackClient(opts: {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
  log?: FastifyBaseLogger;
}): PaystackClient {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /**
   * One call. Answers Paystack's status and its parsed JSON for 2xx and the 4xx that mean something about
   * the request; throws PaystackUnavailableError for everything that means "ask again later". Headers are
   * never logged: the Authorization header is the key.
   */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      opts.log?.warn({ method, path, timedOut }, 'paystack: no answer');
      throw new PaystackUnavailableError(
        timedOut
          ? `Paystack did not answer ${method} ${path} within ${timeoutMs} ms`
          : `Paystack unreachable`,
        { cause: err },
      );
    }
    const raw = await res.text().catch(() => '');
    const status = res.status;
    // 401/403 is Aduro's key being refused (wrong, revoked, a test key on live): an operator's problem,
    // not the buyer's charge failing, so it is "unavailable" and loud in the log.
    if (status >= 500 || status === 429 || status === 401 || status === 403) {
      const level = status === 401 || status === 403 ? 'error' : 'warn';
      opts.log?.[level]({ method, path, status }, 'paystack: refused or failed the call');
      throw new PaystackUnavailableError(`Paystack answered ${status} to ${method} ${path}`);
    }
    let json: Envelope | null = null;
    try {
      const parsed = envelope.safeParse(JSON.parse(raw));
      if (parsed.success) json = parsed.data;
    } catch {
      // Not JSON: handled below as an answer not shaped as documented.
    }
    // Paystack answers every call, refusals too, with its {status, message} envelope; anything else (an
    // HTML 404 from a wrong PAYSTACK_BASE_URL, a proxy's error page) says nothing about the charge.
    if (json === null) {
      opts.log?.warn({ method, path, status }, 'paystack: answer not shaped as documented');
      throw new PaystackUnavailableError(`Paystack's answer to ${method} ${path} was not as documented`);
    }
    return { httpStatus: status, json };
  }

  /** The data of a 2xx answer, parsed; an answer that does not fit means nothing can be concluded. */
  function dataOf<T>(schema: z.ZodType<T>, json: Envelope, what: string): T {
    const parsed = schema.safeParse(json.data);
    if (!parsed.success) {
      opts.log?.warn(
        { what, issues: parsed.error.issues.slice(0, 5) },
        'paystack: answer not shaped as documented',
      );
      throw new PaystackUnavailableError(`Paystack's answer to ${what} was not as documented`);
    }
    return parsed.data;
  }

  /** A charge's answer (POST /charge, /charge/submit_otp) as Aduro's result. */
  function chargeResult(reply: Reply, what: string): ChargeResult {
    const { httpStatus, json } = reply;
    const data = chargeData.safeParse(json.data);
    // A 4xx (or `status: false`) is Paystack refusing this charge: a bad number, an unsupported network, a
    // duplicate reference. No money moved; the buyer reads why.
    if (httpStatus >= 400 || json.status === false) {
      const message = data.success
        ? (text(data.data.display_text) ?? text(data.data.gateway_response) ?? text(data.data.message))
        : null;
      return { status: 'failed', message: message ?? text(json.message) };
    }
    const d = dataOf(chargeData, json, what);
    const message = text(d.display_text) ?? text(d.gateway_response) ?? text(d.message);
    if (CHARGE_STATUSES.has(d.status)) return { status: d.status as ChargeStatus, message };
    // A step mobile money does not use (send_pin, open_url, …): still open, so the job verifies it later
    // rather than Aduro calling a charge failed that may yet take money.
    opts.log?.warn({ what, status: d.status }, 'paystack: unexpected charge status, kept pending');
    return { status: 'pending', message };
  }

  // The providers list, per process: the copy, when it was fetched, and the request under way.
  let providers: { list: MobileMoneyProvider[]; fetchedAt: number; retryAt: number } | null = null;
  let providersInFlight: Promise<MobileMoneyProvider[]> | null = null;

  async function fetchProviders(): Promise<MobileMoneyProvider[]> {
    const reply = await call('GET', '/bank?currency=GHS&type=mobile_money');
    if (reply.httpStatus >= 400 || reply.json.status !== true) {
      opts.log?.warn({ status: reply.httpStatus }, 'paystack: providers list refused');
      throw new PaystackUnavailableError(`Paystack answered ${reply.httpStatus} to the providers list`);
    }
    return dataOf(bankList, reply.json, 'GET /bank')
      .filter((b) => b.active !== false && b.is_deleted !== true)
      .map((b) => ({ code: b.code, name: b.name }));
  }

  return {
    async mobileMoneyProviders() {
      const now = Date.now();
      if (providers && now - providers.fetchedAt < PROVIDERS_CACHE_MS) return providers.list;
      if (providers && now < providers.retryAt) return providers.list;
      // Concurrent callers share one request: a page of buyers opening Pay at once asks Paystack once.
      providersInFlight ??= fetchProviders()
        .then((list) => {
          providers = { list, fetchedAt: Date.now(), retryAt: 0 };
          return list;
        })
        .catch((err: unknown) => {
          if (!(err instanceof PaystackUnavailableError) || providers === null) throw err;
          // Networks seldom change: yesterday's list beats no Pay button. Ask again in a minute, so a
          // slow Paystack does not hold every buyer up for the full time limit.
          providers.retryAt = Date.now() + PROVIDERS_RETRY_MS;
          opts.log?.warn('paystack: serving the cached providers list while Paystack is unavailable');
          return providers.list;
        })
        .finally(() => {
          providersInFlight = null;
        });
      return providersInFlight;
    },

    async charge(input) {
      if (!Number.isSafeInteger(input.amountPesewas) || input.amountPesewas <= 0) {
        // A programming error, not the buyer's: amounts reach here through toPesewas, checked by the schema.
        throw new RangeError(
          `charge amount must be a positive whole number of pesewas, got ${input.amountPesewas}`,
        );
      }
      const reply = await call('POST', '/charge', {
        email: input.email,
        amount: input.amountPesewas,
        currency: 'GHS',
        reference: input.reference,
        mobile_money: { phone: input.phone, provider: input.provider },
        ...(input.metadata ? { metadata: input.metadata } : {}),
      });
      return chargeResult(reply, 'POST /charge');
    },

    async submitOtp(input) {
      const reply = await call('POST', '/charge/submit_otp', { otp: input.otp, reference: input.reference });
      return chargeResult(reply, 'POST /charge/submit_otp');
    },

    async verify(reference) {
      const reply = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const { httpStatus, json } = reply;
      // Paystack answers an unknown reference 400 "Transaction reference not found" (404 in its spec).
      if (httpStatus === 404 || /reference not found/i.test(json.message ?? '')) return { found: false };
      if (httpStatus >= 400 || json.status !== true) {
        opts.log?.warn({ status: httpStatus, message: json.message }, 'paystack: verify refused');
        throw new PaystackUnavailableError(`Paystack answered ${httpStatus} to verify`);
      }
      const d = dataOf(transactionData, json, 'GET /transaction/verify');
      return {
        found: true,
        reference: d.reference,
        status: d.status,
        amountPesewas: d.amount,
        currency: d.currency,
        transactionId: String(d.id),
        gatewayResponse: text(d.gateway_response),
      };
    },

    verifySignature(rawBody, signature) {
      return verifyPaystackSignature(rawBody, signature, opts.secretKey);
    },
  };
}
