import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderDefaultsSchema } from '@aduro/shared/orders';
import { member } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { getOrderDefaults, saveOrderDefaults } from './orders.defaults.service.ts';

const errors = errorResponses(401, 403, 404);

/**
 * GET/PUT /orders/defaults: a customer's order defaults (DOMAIN.md "Minimum shelf life"). Every user of
 * the customer reads and changes them, as every one of them drafts and approves its orders; suppliers
 * and platform users have no orders to default.
 */
export default async function orderDefaultsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['orders'];
  const customer = app.guard({ userType: 'customer' }, { organisation: true });

  r.get(
    '/orders/defaults',
    {
      preValidation: customer,
      schema: {
        tags,
        summary: "The caller's customer organisation's order defaults",
        description:
          'Customers only: what orders drafted without their own values take, such as the shortest ' +
          'shelf life accepted (defaultMinShelfLifeDays).',
        security,
        response: { 200: orderDefaultsSchema, ...errors },
      },
    },
    async (request) => getOrderDefaults(app.db, member(request).orgId),
  );

  r.put(
    '/orders/defaults',
    {
      preValidation: customer,
      schema: {
        tags,
        summary: "Replace the caller's customer organisation's order defaults",
        description:
          'defaultMinShelfLifeDays (0-1,095) applies to orders drafted without minShelfLifeDays, from the ' +
          'order builder or the cart checkout; orders already drafted keep their own.',
        security,
        body: orderDefaultsSchema,
        response: { 200: orderDefaultsSchema, ...errorResponses(400), ...errors },
      },
    },
    async (request) => saveOrderDefaults(app.db, member(request).orgId, request.body),
  );
}
