import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { AppError, badRequest, notFound, unauthenticated } from '../../lib/errors.ts';
import { SETTLE_QUEUE } from './payments.jobs.ts';
import { receivePaystackEvent, type PaystackWebhook } from './settle-payment.workflow.ts';

/** What the OpenAPI document shows of a webhook's body; the route itself reads the raw bytes. */
const webhookBodySchema = z
  .object({
    event: z.string().meta({ description: 'charge.success, refund.processed, ...' }),
    data: z
      .looseObject({
        id: z.number().optional(),
        reference: z.string().optional(),
      })
      .meta({ description: "Paystack's transaction; only id and reference are read, the whole is kept." }),
  })
  .meta({ id: 'PaystackWebhook' });

const NOT_JSON = 'The webhook body is not a JSON object with an event.';

/**
 * Paystack's webhook (REFERENCES.md "Paystack"). Public: Paystack signs, it does not sign in. In a scope
 * of its own because its JSON is kept as the bytes that came: the signature is an HMAC of exactly those,
 * so it is checked before anything is parsed. Answers at once; the verification with Paystack and the
 * settlement run on the job queue ('payments.settle').
 */
export default async function paystackWebhookRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/payments/paystack/webhook',
    {
      // The body is the Buffer the parser kept; the documented shape is checked by hand once signed.
      config: { openapiBody: webhookBodySchema },
      schema: {
        tags: ['payments'],
        summary: "Paystack's webhook: charge results, kept once and settled in the background",
        description:
          'Called by Paystack, not by people: no token. The x-paystack-signature header must be the ' +
          'HMAC-SHA512, in hex, of the raw body with the secret key, or the call answers 401 ' +
          'INVALID_SIGNATURE and nothing is stored. A signed event is kept once (by its event and ' +
          'transaction id, else the SHA-256 of the body): a repeat answers 200 and does nothing. A ' +
          'newly kept charge.success is verified with Paystack and applied to its invoice in the ' +
          'background. 404 when mobile money is not set up (no Paystack key).',
        security: [],
        headers: z.looseObject({ 'x-paystack-signature': z.string().optional() }),
        response: {
          200: z.object({ received: z.literal(true) }).meta({ id: 'PaystackWebhookReceived' }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const paystack = app.paystack;
      if (!paystack) throw notFound('NOT_FOUND', 'Mobile money is not set up here: nothing to receive.');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!paystack.verifySignature(raw, request.headers['x-paystack-signature']))
        throw unauthenticated('INVALID_SIGNATURE', 'The webhook signature does not match its body.');
      const webhook = parseWebhook(raw);
      const stored = await receivePaystackEvent(app.db, webhook, raw, (tx, reference) =>
        app.jobs.send(SETTLE_QUEUE, { reference }, { tx }),
      );
      if (stored) request.log.info({ event: webhook.event }, 'paystack webhook kept');
      return { received: true as const };
    },
  );
}

/** The signed body as JSON: an object naming its event, or 400. */
function parseWebhook(raw: Buffer): PaystackWebhook {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('MALFORMED_REQUEST', NOT_JSON);
  }
  if (
    parsed === null ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    typeof (parsed as { event?: unknown }).event !== 'string'
  )
    throw badRequest(NOT_JSON, { body: [NOT_JSON] }, 'MALFORMED_REQUEST');
  return parsed as PaystackWebhook;
}
