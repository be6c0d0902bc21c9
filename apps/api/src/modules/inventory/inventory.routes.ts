import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forecastParamsSchema,
  forecastSchema,
  inventoryRowSchema,
  inventorySyncSchema,
  inventoryTotalsSchema,
} from '@aduro/shared/inventory';
import {
  inventoryPageSchema,
  inventoryQuerySchema,
  inventoryListQuerySchema,
} from '@aduro/shared/inventory-list';
import { CSV_BOM } from '../../lib/csv.ts';
import { sendJsonText } from '../../lib/json-reply.ts';
import { apiKeyIdOf, member } from '../../plugins/auth.ts';
import {
  getForecast,
  getInventory,
  getInventoryTotals,
  inventoryCsv,
  syncInventory,
} from './inventory.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { withPageLimit } from '@aduro/shared/pagination';

const errors = errorResponses(400, 401, 403, 404);

/** What the list and its /page (decision 0014) both say of their callers and filters, written once. */
const INVENTORY_FILTERS =
  'Filters: product (text in the product’s name or brand), status (an expiry status, or several apart by ' +
  'commas: expired, expiring_soon, healthy, not_applicable; as of today, UTC), batch (text in the batch ' +
  'number). ';

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
        description:
          INVENTORY_FILTERS +
          'Every matching lot, as an array (SPEC); GET /api/inventory/page answers the same in pages.',
        security,
        querystring: inventoryListQuerySchema,
        response: {
          200: z.array(inventoryRowSchema),
          ...errors,
        },
      },
    },
    // The whole list is already the JSON of InventoryRow[], built by PostgreSQL.
    async (request, reply) =>
      sendJsonText(reply, await getInventory(app.db, member(request).orgId, request.query)),
  );

  // The same list in pages, a shape of its own (decision 0014); a static path, so no '/inventory/:id' takes it.
  r.get(
    '/inventory/page',
    {
      schema: {
        tags: ['inventory'],
        summary: "The signed-in supplier's stock lots, by product name, then expiry, then batch, in pages",
        description:
          INVENTORY_FILTERS +
          'Paging: an InventoryPage of `limit` lots (1 to 200, 50 by default) with total and nextCursor, ' +
          'which the next call passes as cursor with the same filters; pages neither repeat nor skip a ' +
          'lot when others are synced meanwhile. A cursor this list did not give answers 400.',
        security,
        querystring: inventoryQuerySchema,
        response: {
          200: inventoryPageSchema,
          ...errors,
        },
      },
    },
    async (request) => getInventory(app.db, member(request).orgId, withPageLimit(request.query)),
  );

  r.get(
    '/inventory/totals',
    {
      schema: {
        tags: ['inventory'],
        summary:
          "Totals over every one of the signed-in supplier's lots (SPEC §2: Units on hand, Inventory value)",
        description:
          'The inventory tab’s totals, summed by the database: how many lots, the units on hand, their value at ' +
          'the offer prices, and the lots expired or expiring within 90 days (UTC). The whole list is not needed ' +
          'to show them.',
        security,
        response: { 200: inventoryTotalsSchema, ...errors },
      },
    },
    async (request) => getInventoryTotals(app.db, member(request).orgId),
  );

  // A static path: it never meets /inventory/:productId-style routes, whatever their order.
  r.get(
    '/inventory.csv',
    {
      schema: {
        tags: ['inventory'],
        summary: "The signed-in supplier's stock lots as CSV: every lot the filters match",
        description:
          'The web app’s inventory export, written by the server: columns product,units,unitPrice,expiry,' +
          'status,daysUntilExpiry,batch,recall in the list’s order; same filters as GET /inventory (cursor and ' +
          'limit are ignored: the whole filtered set). Streamed in batches of 500, UTF-8 with a byte order ' +
          "mark; text starting with = + - @ is prefixed with ' so no cell runs as a formula.",
        security,
        querystring: inventoryQuerySchema,
        response: {
          200: z.unknown().meta({
            description: 'text/csv, as an attachment named inventory_export.csv (SPEC §2)',
            content: { 'text/csv': { schema: { type: 'string' } } },
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const lines = inventoryCsv(app.db, member(request).orgId, request.query);
      async function* withBom() {
        yield CSV_BOM;
        yield* lines;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="inventory_export.csv"')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(withBom()));
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
          'A recalled (quarantined) lot takes the count but stays quarantined. An expiry date already past ' +
          '(UTC) is refused with 400 EXPIRY_PASSED and a field error on expiryDate unless confirmExpired is ' +
          'true; the lot is then recorded as expired and never offered, matched or allocated.',
        security,
        body: inventorySyncSchema,
        response: { 200: inventoryRowSchema, ...errors },
      },
    },
    async (request) =>
      syncInventory(app.db, member(request).orgId, request.body, member(request).id, apiKeyIdOf(request)),
  );

  r.get(
    '/inventory/forecast/:productId',
    {
      schema: {
        tags: ['inventory'],
        summary: "Weekly demand forecast of a product from the supplier's own released orders",
        description:
          "The product's weekly demand from the supplier's own released orders, and the weeks ahead " +
          'forecast from it.',
        security,
        params: forecastParamsSchema,
        response: { 200: forecastSchema, ...errors },
      },
    },
    async (request) => getForecast(app.db, member(request).orgId, request.params.productId),
  );
}
