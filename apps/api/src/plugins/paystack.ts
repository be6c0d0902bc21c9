import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createPaystackClient, type PaystackClient } from '../modules/payments/paystack.client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Paystack's API for mobile money (issue 36), or null when PAYSTACK_SECRET_KEY is unset: no Pay offered. */
    paystack: PaystackClient | null;
  }
}

/**
 * The one Paystack client of the process, from PAYSTACK_SECRET_KEY and PAYSTACK_BASE_URL. One per process,
 * so the providers list is cached once and every route and job shares it.
 */
export default fp(
  async function paystack(app: FastifyInstance, opts: { config: Config }) {
    const settings = opts.config.paystack;
    app.decorate(
      'paystack',
      settings
        ? createPaystackClient({
            secretKey: settings.secretKey,
            baseUrl: settings.baseUrl,
            log: app.log.child({ module: 'paystack' }),
          })
        : null,
    );
  },
  { name: 'paystack' },
);
