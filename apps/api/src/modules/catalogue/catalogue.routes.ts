import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createProductSchema, productListQuerySchema, productSchema } from '@aduro/shared/catalogue';
import { member } from '../../plugins/auth.ts';
import { addProduct, getProducts } from './catalogue.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/** GET /products for every signed-in user; POST /products for supplier staff who manage inventory. */
export default async function catalogueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get(
    '/products',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['catalogue'],
        summary: 'The shared product catalogue, by name; q searches name and brand',
        description: 'Without q every product is listed; with q at most 50 unless limit says otherwise.',
        security,
        querystring: productListQuerySchema,
        response: { 200: z.array(productSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => getProducts(app.db, request.query),
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
          'twice: 409 with a message naming the existing product id.',
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
