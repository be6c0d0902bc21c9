import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], {
      error: 'must be true or false',
    })
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const TRUST_PROXY_MESSAGE =
  'must be true, false, a number of proxy hops, or a comma-separated list of addresses or CIDR ranges ' +
  '(e.g. 10.0.0.0/8, loopback)';
// proxy-addr's names for the reserved ranges, accepted beside addresses and CIDR ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: an address, a named range, address/prefix-length or address/netmask. */
function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (version === 4 && isIP(bits) === 4) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of Aduro are believed about the client's address (X-Forwarded-For), passed to
 * Fastify's trustProxy so request.ip is the client behind a load balancer. Unset or false: none.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): boolean | number | string[] => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 100) return hops;
    } else {
      const entries = value.split(',').map((e) => e.trim());
      const bad = entries.find((e) => !isProxyRange(e));
      if (bad === undefined) return entries;
      ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_MESSAGE}; "${bad}" is none of these` });
      return z.NEVER;
    }
    ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_MESSAGE}; hops go from 1 to 100` });
    return z.NEVER;
  });

/**
 * TRUST_PROXY as Fastify's trustProxy. Fastify refuses a bare hop count (it cannot check who the nearest
 * peer is), so a count becomes the function proxy-addr would have built: believe the nearest `hops`
 * addresses. Like `true`, that is only sound when the replicas can be reached through the balancer alone.
 */
export function trustProxyOption(
  value: Env['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** A time limit in milliseconds, from a tenth of a second to an hour; empty means the default. */
const milliseconds = (fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(100, 'must be at least 100 milliseconds')
      .max(3_600_000, 'must be at most 3600000 milliseconds (an hour)')
      .default(fallback),
  );

// The value is never repeated in the message: it may carry the relay's password.
const SMTP_URL_MESSAGE =
  'must be an smtp:// or smtps:// URL with a host (e.g. smtp://user:password@mail.example.com:587)';

/** The relay e-mail goes through; credentials, port and TLS mode are in the URL, read as nodemailer does. */
const smtpUrl = optionalString.pipe(
  z
    .string()
    .refine((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
    }, SMTP_URL_MESSAGE)
    .optional(),
);

/**
 * The From of every message: one address, optionally with a display name. Read with nodemailer's own
 * parser, so what passes here is what the mailer will put in the header, not a second guess at it.
 */
const mailFrom = optionalString.pipe(
  z
    .string()
    .default('Aduro <no-reply@aduro.local>')
    .refine((value) => {
      const parsed = addressparser(value);
      const address = parsed.length === 1 ? parsed[0]?.address : undefined;
      return address !== undefined && z.email().safeParse(address).success;
    }, 'must be one e-mail address, optionally with a display name (e.g. Aduro <no-reply@example.com>)'),
);

/** Aduro's public address, the start of every link in an e-mail; no trailing slash, so paths join to it. */
const appUrl = optionalString.pipe(
  z
    .url({
      protocol: /^https?$/,
      error: 'must be an http:// or https:// URL (e.g. https://aduro.example.com)',
    })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
);

// Neither message repeats the value: a key that fails the pattern is still most of a secret.
const PAYSTACK_KEY_MESSAGE = 'must be a Paystack secret key (sk_test_… or sk_live_…)';

/** The secret key that turns mobile-money payments on (modules/payments/paystack.client.ts). */
const paystackSecretKey = optionalString.pipe(
  z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]{8,}$/, PAYSTACK_KEY_MESSAGE)
    .optional(),
);

/** Where Paystack's API is: its public address, or a local fake in tests; no trailing slash. */
const paystackBaseUrl = optionalString.pipe(
  z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (e.g. https://api.paystack.co)' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
);

/**
 * The bearer token GET /metrics asks for (plugins/metrics.ts); unset, the endpoint does not exist. Neither
 * message repeats the value: a token that fails a check is still most of a secret.
 */
const metricsToken = optionalString.pipe(
  z
    .string()
    .min(32, 'must be at least 32 characters (e.g. from `openssl rand -hex 32`)')
    // It travels as `Authorization: Bearer <token>`, where a space or a control character would split it.
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII characters without spaces')
    .optional(),
);

/** Hosts a production server may reach Paystack at over plain http: only a fake on the same machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Every setting Aduro reads from the environment (names fixed by DEVELOPERS.md). */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    AUTH_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(72).default(12),
    SEED_DEMO: booleanFlag(true),
    ADMIN_EMAIL: optionalString.pipe(z.string().email('must be an e-mail address').optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    ADMIN_NAME: optionalString,
    LLM_BASE_URL: optionalString.pipe(z.string().url('must be a URL').optional()),
    LLM_MODEL: optionalString,
    LLM_API_KEY: optionalString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: optionalString,
    TRUST_PROXY: trustProxy,
    // Unset, GET /metrics answers 404 like any unknown path, and nothing is counted.
    METRICS_TOKEN: metricsToken,
    // Past any of these the request answers 503 with Retry-After (plugins/errors.ts).
    DB_CONNECT_TIMEOUT_MS: milliseconds(5_000),
    DB_STATEMENT_TIMEOUT_MS: milliseconds(15_000),
    REQUEST_TIMEOUT_MS: milliseconds(30_000),
    // Unset, messages are written to DATA_DIR/mail instead (lib/mail/mailer.ts).
    SMTP_URL: smtpUrl,
    MAIL_FROM: mailFrom,
    APP_URL: appUrl,
    // Requests one API key may make in a minute, counted across replicas; past it, 429 with Retry-After.
    // Unset, buyers are not offered Pay and payments are recorded by hand (docs/payments.md).
    PAYSTACK_SECRET_KEY: paystackSecretKey,
    PAYSTACK_BASE_URL: paystackBaseUrl,
    API_KEY_RATE_PER_MINUTE: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce
        .number({ error: 'must be a number of requests' })
        .int('must be a whole number of requests')
        .min(1, 'must be at least 1')
        .max(1_000_000, 'must be at most 1000000')
        .default(600),
    ),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
    if (env.PAYSTACK_BASE_URL !== undefined && env.PAYSTACK_SECRET_KEY === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYSTACK_BASE_URL'],
        message: 'PAYSTACK_BASE_URL is set but PAYSTACK_SECRET_KEY is not',
      });
    }
    // The key travels in every request's Authorization header: in production it never crosses a network
    // in the clear. An sk_test_ key stays allowed there, so operators can try a deployment end to end.
    if (
      env.NODE_ENV === 'production' &&
      env.PAYSTACK_BASE_URL?.startsWith('http://') &&
      !LOOPBACK_HOSTS.has(new URL(env.PAYSTACK_BASE_URL).hostname)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYSTACK_BASE_URL'],
        message: 'must be an https:// URL in production (http:// only to localhost or 127.0.0.1)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env;
  dataDir: string;
  authSecret: string;
  /** APP_URL, or this server on localhost; no trailing slash. */
  appUrl: string;
  /** Mobile money through Paystack, or null when PAYSTACK_SECRET_KEY is unset (the feature is off). */
  paystack: { secretKey: string; baseUrl: string } | null;
}

export class ConfigError extends Error {}

/** Paystack's public API, when PAYSTACK_BASE_URL is unset. */
export const PAYSTACK_DEFAULT_BASE_URL = 'https://api.paystack.co';

/** Parses the environment once at start; a bad value stops the server with a message naming it. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env,
    dataDir,
    authSecret: env.AUTH_SECRET ?? developmentSecret(dataDir),
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    paystack: env.PAYSTACK_SECRET_KEY
      ? { secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL ?? PAYSTACK_DEFAULT_BASE_URL }
      : null,
  };
}

/**
 * Without AUTH_SECRET outside production, a secret is generated once and kept in the data folder,
 * so tokens survive restarts of a developer's server.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
