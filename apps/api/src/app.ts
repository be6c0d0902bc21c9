import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LICENCE_MAX_BYTES } from '@aduro/shared/auth';
import { IMPORT_MAX_BYTES } from '@aduro/shared/inventory-import';
import { trustProxyOption, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { requestLoggerFactory } from './lib/request-logger.ts';
import { readsOnly } from './lib/routes.ts';
import activityRoutes from './modules/activity/activity.routes.ts';
import adminRoutes from './modules/admin/admin.routes.ts';
import apiKeyRoutes from './modules/api-keys/api-keys.routes.ts';
import analyticsRoutes from './modules/analytics/analytics.routes.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import { licenceRecordRoutes, licenceReviewRoutes } from './modules/compliance/licence-records.routes.ts';
import { authJobs } from './modules/auth/auth.jobs.ts';
import { notificationJobs } from './modules/notifications/notifications.jobs.ts';
import notificationRoutes from './modules/notifications/notifications.routes.ts';
import { TableLicenceStorage } from './modules/auth/licence-storage.ts';
import { LoginLimiter, type LoginLimiterOptions } from './modules/auth/login-limiter.ts';
import cartRoutes from './modules/cart/cart.routes.ts';
import productLegalStatusRoutes from './modules/compliance/product-legal-status.routes.ts';
import controlledRegisterRoutes from './modules/compliance/controlled-register.routes.ts';
import catalogueRoutes from './modules/catalogue/catalogue.routes.ts';
import creditRoutes from './modules/credit/credit.routes.ts';
import eventRoutes from './modules/events/events.routes.ts';
import inventoryRoutes from './modules/inventory/inventory.routes.ts';
import inventoryImportRoutes from './modules/inventory/imports.routes.ts';
import invoiceRoutes from './modules/invoices/invoices.routes.ts';
import paymentRoutes from './modules/payments/payments.routes.ts';
import { paymentJobs } from './modules/payments/payments.jobs.ts';
import paystackWebhookRoutes from './modules/payments/paystack-webhook.routes.ts';
import orderRoutes from './modules/orders/orders.routes.ts';
import orderDefaultsRoutes from './modules/orders/orders.defaults.routes.ts';
import recallRoutes from './modules/recalls/recalls.routes.ts';
import rfqRoutes from './modules/rfqs/rfqs.routes.ts';
import returnRoutes from './modules/returns/returns.routes.ts';
import returnInspectionRoutes from './modules/returns/returns.inspection.routes.ts';
import { rfqJobs } from './modules/rfqs/rfqs.jobs.ts';
import { retentionJobs } from './modules/maintenance/retention.jobs.ts';
import staffRoutes from './modules/staff/staff.routes.ts';
import supplierMarketplaceRoutes from './modules/suppliers/suppliers.marketplace.routes.ts';
import supplierSettingsRoutes from './modules/suppliers/suppliers.settings.routes.ts';
import authPlugin from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import eventJobsPlugin from './plugins/event-jobs.ts';
import jobsPlugin from './plugins/jobs.ts';
import metricsPlugin from './plugins/metrics.ts';
import mailPlugin from './plugins/mail.ts';
import paystackPlugin from './plugins/paystack.ts';
import errorsPlugin from './plugins/errors.ts';
import feedPlugin from './plugins/feed.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import healthPlugin from './plugins/health.ts';
import inputGuardPlugin from './plugins/input-guard.ts';
import openapiPlugin from './plugins/openapi.ts';
import readCachePlugin from './plugins/read-cache.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import webPlugin from './plugins/web.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

const processTag = randomBytes(6).toString('hex');
let requestCount = 0;

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  loginLimits?: LoginLimiterOptions;
  /** How long a caller's roles may be reused without a write in between (plugins/auth.ts); 0 turns it off. */
  sessionCacheMs?: number;
  /** Time limit of one call to the market summary's model; 10 s unless a test needs a shorter one. */
  llmTimeoutMs?: number;
  /** How often job workers ask for work (plugins/jobs.ts); 2 s unless a test needs it sooner. */
  jobPollingSeconds?: number;
}

/**
 * Builds the one server: external plugins (security headers, compression, swagger, db, auth), then the app's
 * routes under /api, then the web app at / with history fallback.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // Whatever logger a caller gives, no secret reaches a line: known fields are redacted, and an error's
    // failed query loses its parameters (loggerSafety below).
    logger:
      opts.logger === false
        ? false
        : {
            level: config.env.LOG_LEVEL,
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
            ...loggerSafety,
          },
    // A caller's request id is kept when it looks sane, so logs line up across a proxy. Ours are this
    // process's random prefix and a counter: unique across restarts and processes for log searches, and
    // cheaper than a UUID on every request.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      if (typeof given === 'string' && /^[\w-]{8,64}$/.test(given)) return given;
      requestCount += 1;
      return `${processTag}-${requestCount.toString(36)}`;
    },
    requestIdHeader: false,
    bodyLimit: 1_048_576,
    // A request not answered within REQUEST_TIMEOUT_MS answers 503 (plugins/errors.ts). handlerTimeout
    // runs from routing to the reply and stops when a route hijacks its reply, so the live stream
    // (GET /api/events) is not cut; requestTimeout bounds receiving the request, not sending the answer.
    handlerTimeout: config.env.REQUEST_TIMEOUT_MS,
    requestTimeout: config.env.REQUEST_TIMEOUT_MS,
    // Which proxies' X-Forwarded-For is believed, so request.ip is the client behind a balancer.
    trustProxy: trustProxyOption(config.env.TRUST_PROXY),
    ajv: { customOptions: { coerceTypes: false } },
    childLoggerFactory: requestLoggerFactory,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set when the request arrives, so every answer carries it (refusals and 404s too) without a hook on
  // the way out.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // A read has no body to decompress: those routes skip @fastify/compress's request hook.
  app.addHook('onRoute', (route) => {
    if (readsOnly(route)) route.decompress ??= false;
  });

  await app.register(errorsPlugin);
  // Next to first, so its hooks see every route and the plugins registered after it can report to it
  // (app.metrics); after the error handler, whose 404 and 401 answers it gives.
  await app.register(metricsPlugin, { config });
  // A NUL byte in a parameter, query or body answers 400 before any route reaches the database.
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  // JSON answers of 1 KB or more go out brotli- or gzip-compressed to callers that accept it (a 170 KB
  // supplier directory is 20 KB on the wire); brotli at quality 4 costs about what gzip does. The web
  // app's files are compressed at build time instead (plugins/web.ts), and this leaves them alone.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(openapiPlugin);
  await app.register(dbPlugin, { database: opts.database });
  await app.register(jobsPlugin, { database: opts.database, pollingIntervalSeconds: opts.jobPollingSeconds });
  await app.register(feedPlugin);
  await app.register(eventJobsPlugin);
  await app.register(idempotencyPlugin);
  await app.register(readCachePlugin);
  await app.register(authPlugin, { config, sessionCacheMs: opts.sessionCacheMs });
  await app.register(healthPlugin);
  await app.register(mailPlugin, { config });
  await app.register(paystackPlugin, { config });
  // Background work of the modules, on the job queue (decision 0011).
  await authJobs(app);
  await notificationJobs(app);
  await rfqJobs(app);
  await paymentJobs(app);
  // The daily trim of the tables that would otherwise grow for good (decision 0017).
  await retentionJobs(app);

  const storage = new TableLicenceStorage(opts.database.db);
  const limiter = new LoginLimiter(opts.database.db, opts.loginLimits);
  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
      // Only the forms carrying licence files (registration, a buyer's licence) read multipart, so the
      // plugin (and the two hooks it puts on every request of its scope) stays with those routes; a
      // multipart body sent anywhere else is refused with 415.
      await api.register(async (auth) => {
        await auth.register(fastifyMultipart, {
          limits: {
            fileSize: LICENCE_MAX_BYTES,
            files: 2,
            fields: 40,
            fieldSize: 10_000,
            parts: 50,
            headerPairs: 200,
          },
        });
        await auth.register(authRoutes, { limiter, storage });
        await auth.register(licenceRecordRoutes, { storage });
      });
      await api.register(licenceReviewRoutes, { storage });
      await api.register(adminRoutes, {
        storage,
        llm:
          config.env.LLM_BASE_URL && config.env.LLM_MODEL
            ? {
                baseUrl: config.env.LLM_BASE_URL,
                model: config.env.LLM_MODEL,
                apiKey: config.env.LLM_API_KEY,
                timeoutMs: opts.llmTimeoutMs,
              }
            : null,
      });
      // catalogue and inventory routes
      await api.register(catalogueRoutes);
      await api.register(productLegalStatusRoutes);
      await api.register(inventoryRoutes);
      // Stock files (issue 33) are read in their own multipart scope: one file, up to 10 MB.
      await api.register(async (imports) => {
        await imports.register(fastifyMultipart, {
          limits: {
            fileSize: IMPORT_MAX_BYTES,
            files: 1,
            fields: 10,
            fieldSize: 1_000,
            parts: 20,
            headerPairs: 200,
          },
        });
        await imports.register(inventoryImportRoutes);
      });
      await api.register(staffRoutes);
      await api.register(apiKeyRoutes);
      await api.register(supplierSettingsRoutes);
      await api.register(supplierMarketplaceRoutes);
      await api.register(cartRoutes);
      await api.register(analyticsRoutes);
      await api.register(orderRoutes);
      await api.register(orderDefaultsRoutes);
      await api.register(creditRoutes);
      await api.register(invoiceRoutes);
      await api.register(paymentRoutes);
      // Its own scope: it reads its JSON as raw bytes, for the signature.
      await api.register(paystackWebhookRoutes);
      await api.register(recallRoutes);
      await api.register(rfqRoutes);
      await api.register(returnRoutes);
      await api.register(returnInspectionRoutes);
      await api.register(controlledRegisterRoutes);
      await api.register(eventRoutes);
      await api.register(notificationRoutes);
      await api.register(activityRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { distDir: config.env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST });
  return app;
}

/**
 * What is never logged: passwords, hashes, tokens and licence bytes by their field names, and the
 * parameters of a failed query (drizzle's DrizzleQueryError carries them in `params` and in its message,
 * argon2id hashes included when a registration's insert fails).
 */
const loggerSafety = {
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      ...['password', 'passwordHash', 'password_hash', 'token', 'accessToken', 'resetToken']
        .concat(['authorization', 'content', 'licence'])
        // Paystack's secret key, should a config or client options object ever reach a line.
        .concat(['secretKey', 'PAYSTACK_SECRET_KEY'])
        .flatMap((field) => [field, `*.${field}`]),
    ],
    censor: '[redacted]',
  },
  serializers: { err: errWithoutParams },
};

// A PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>.
const ARGON2_HASH = /\$argon2(?:id|i|d)\$[\w+/=$,.-]*/g;

/** pino's own err serializer, less any failed query's parameters (in `params`, the message and the stack). */
function errWithoutParams(err: Error): ReturnType<typeof stdSerializers.err> {
  const out = stdSerializers.err(err);
  if (out === null || typeof out !== 'object') return out;
  let text = [String(out.message ?? ''), String(out.stack ?? '')];
  // Drizzle writes `params: ${params}` into its message; the cause chain's messages are in ours too.
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const params = (e as { params?: unknown }).params;
    if (params !== undefined) {
      let shown = '';
      try {
        shown = `params: ${String(params)}`;
      } catch {
        // Parameters that cannot be shown as text were not in the message either.
      }
      if (shown !== '' && shown !== 'params: ') {
        text = text.map((t) => t.split(shown).join('params: [redacted]'));
      }
    }
    e = (e as { cause?: unknown }).cause;
  }
  text = text.map((t) => t.replace(ARGON2_HASH, '[redacted]'));
  if (out.message !== undefined) out.message = text[0]!;
  if (out.stack !== undefined) out.stack = text[1]!;
  delete out.params;
  if (out.cause && typeof out.cause === 'object') delete (out.cause as Record<string, unknown>).params;
  return out;
}
