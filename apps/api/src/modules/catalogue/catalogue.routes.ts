import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createProductSchema,
  priceHistoryParamsSchema,
  priceHistorySchema,
  productListQuerySchema,
  productSchema,
} from '@aduro/shared/catalogue';
import { caller, member } from '../../plugins/auth.ts';
import { addProduct, getPriceHistory, getProducts } from './catalogue.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/**
 * GET /products and a product's price history for every signed-in user; POST /products for supplier
 * staff who manage inventory.
 */
export default async function catalogueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get(
    '/products',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['catalogue'],
        summary:
          'The shared product catalogue, by name; q searches name, brand and category, forgiving typos',
        description:
          'Without q every product is listed; with q at most 50 unless limit says otherwise. q finds ' +
          'products whose name, brand or category contains it or closely resembles it (a typo: ' +
          '"paracetmol" finds Paracetamol), ranked exact match first, then starts-with, then contains, then ' +
          'typos by likeness. A q that is a GTIN (8, 12, 13 or 14 digits, spaces allowed, as typed or ' +
          'scanned) also finds the product with that GTIN.',
        security,
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => getProducts(app.db, request.query),
  );

  r.get(
    '/products/:id/price-history',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['catalogue'],
        summary: "Each supplier's offer price for a product over the last 12 months",
        description:
          'One line per supplier whose offer buyers can order now (an active supplier with unexpired stock, ' +
          'as the supplier matches list them); a supplier caller also gets its own offer, published or ' +
          'not. Each line starts with the price in force on the first day of the window, then one point ' +
          'per day the price changed. cheapest is the lowest published offer now, null when there is none.',
        security,
        params: priceHistoryParamsSchema,
        response: { 200: priceHistorySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getPriceHistory(app.db, caller(request), request.params.id),
  );

  r.post(
    '/products',
    {
      preValidation: app.guard(
        { userType: 'supplier', permission: 'manage_inventory' },
        { organisation: true },
      ),
      schema: {
        tags: ['catalogue'],
        summary: 'Add a product to the shared catalogue',
        description:
          'The same name, brand, unit of measure and pack size (case- and space-insensitively) is not added ' +
          'twice: 409 PRODUCT_EXISTS with a message naming the existing product id. The optional GTIN is ' +
          'stored in its 14-digit form; one another product already has answers 409 PRODUCT_GTIN_TAKEN ' +
          'naming that product. Optionally, its legal status (issue 32): medicineClass (A, B or C; none ' +
          'is treated as A), controlled (narcotic, psychotropic or precursor) and the FDA registration ' +
          'number with its expiry (YYYY-MM-DD), both or neither; a platform administrator may set or ' +
          'correct them later (PATCH /api/admin/products/{id}).',
        security,
        body: createProductSchema,
        response: {
          201: productSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const me = member(request);
      return reply.status(201).send(await addProduct(app.db, me.orgId, request.body, me.id));
    },
  );
}
