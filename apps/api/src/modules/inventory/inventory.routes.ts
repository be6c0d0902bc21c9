import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forecastParamsSchema,
  forecastSchema,
  inventoryRowSchema,
  inventorySyncSchema,
} from '@aduro/shared/inventory';
import { sendJsonText } from '../../lib/json-reply.ts';
import { member } from '../../plugins/auth.ts';
import { getForecast, getInventoryJson, syncInventory } from './inventory.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

const errors = errorResponses(400, 401, 403, 404);

/** A supplier's own stock lots, stock sync and demand forecast; every call needs manage_inventory. */
export default async function inventoryRoutes(app: FastifyInstance) {
  // Every inventory call reads and writes the caller's own organisation's stock only.
  app.addHook(
    'preValidation',
    app.guard({ userType: 'supplier', permission: 'manage_inventory' }, { organisation: true }),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get(
    '/inventory',
    {
      schema: {
        tags: ['inventory'],
        summary: "The signed-in supplier's stock lots, by product name, then expiry, then batch",
        security,
        response: { 200: z.array(inventoryRowSchema), ...errors },
      },
    },
    async (request, reply) => {
      const body = await getInventoryJson(app.db, member(request).orgId);
      // Already the JSON of InventoryRow[], built by PostgreSQL.
      return sendJsonText(reply, body);
    },
  );

  r.post(
    '/inventory',
    {
      schema: {
        tags: ['inventory'],
        summary: "Set a lot's counted quantity and the offer price",
        description:
          'A sync, not a delta: the lot (product, batch number or none, expiry date or none) is set to the ' +
          'counted quantity and the offer price (and moq when given; a new offer starts at moq 1) is set, in ' +
          'one transaction. A batch number is kept in capitals; a sync without one sets the lot with no batch. ' +
          'A recalled (quarantined) lot takes the count but stays quarantined.',
        security,
        body: inventorySyncSchema,
        response: { 200: inventoryRowSchema, ...errors },
      },
    },
    async (request) => syncInventory(app.db, member(request).orgId, request.body, member(request).id),
  );

  r.get(
    '/inventory/forecast/:productId',
    {
      schema: {
        tags: ['inventory'],
        summary: "Weekly demand forecast of a product from the supplier's own released orders",
        security,
        params: forecastParamsSchema,
        response: { 200: forecastSchema, ...errors },
      },
    },
    async (request) => getForecast(app.db, member(request).orgId, request.params.productId),
  );
}
