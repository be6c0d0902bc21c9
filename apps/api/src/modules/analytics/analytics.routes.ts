import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { topProductSchema, topProductsParamsSchema } from '@aduro/shared/analytics';
import { MARKETPLACE_MESSAGES } from '@aduro/shared/marketplace';
import { forbidden } from '../../lib/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { getTopProducts } from './analytics.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

/** Purchasing analytics of the caller's own customer organisation. */
export default async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/orders/customers/:orgId/analytics/top-products',
    {
      preValidation: app.guard({ userType: 'customer' }),
      schema: {
        tags: ['analytics'],
        summary: "The caller's organisation's most purchased products, most units first (at most 20)",
        description:
          "From released orders (drops not cancelled). orgId must be the caller's organisation, else 403.",
        security: [{ bearerAuth: [] }],
        params: topProductsParamsSchema,
        response: {
          200: z.array(topProductSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { orgId } = caller(request);
      if (!orgId || orgId !== request.params.orgId) {
        throw forbidden('OTHER_ORGANISATION', MARKETPLACE_MESSAGES.otherOrganisationAnalytics);
      }
      return getTopProducts(app.db, orgId);
    },
  );
}
