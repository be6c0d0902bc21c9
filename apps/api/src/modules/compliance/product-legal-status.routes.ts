import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { productSchema } from '@aduro/shared/catalogue';
import { adminProductPatchSchema, productIdParamsSchema } from '@aduro/shared/compliance';
import { errorResponses } from '../../lib/error-responses.ts';
import { caller } from '../../plugins/auth.ts';
import { setProductLegalStatus } from './product-legal-status.service.ts';

/** PATCH /admin/products/{id}: a platform administrator sets or corrects a product's legal status. */
export default async function productLegalStatusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/admin/products/:id',
    {
      preValidation: app.guard({ userType: 'platform', permission: 'manage_platform' }),
      schema: {
        tags: ['compliance'],
        summary: "Set or correct a product's class, controlled status and FDA registration",
        description:
          'Platform administrators only. Each field given is set (null or an empty text clears it); fields ' +
          'left out are kept; at least one must be given. The FDA registration number and its expiry ' +
          '(YYYY-MM-DD) stand together: the product must end up with both or neither (400 naming the ' +
          'missing one). A product with no class is treated as class A. A registration whose expiry has ' +
          'passed takes the product off what buyers are offered. Recorded in the activity trail as ' +
          'product.legal_status_changed, each change with its value before and after. Answers the product.',
        security: [{ bearerAuth: [] }],
        params: productIdParamsSchema,
        body: adminProductPatchSchema,
        response: { 200: productSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setProductLegalStatus(app.db, request.params.id, request.body, caller(request).id),
  );
}
