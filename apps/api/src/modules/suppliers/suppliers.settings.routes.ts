import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { supplierSettingsResponseSchema, supplierSettingsSchema } from '@aduro/shared/suppliers';
import { member } from '../../plugins/auth.ts';
import { getSupplierSettings, saveSupplierSettings } from './suppliers.settings.service.ts';
import { errorResponses } from '../../lib/error-responses.ts';

const errors = errorResponses(401, 403, 404);

/**
 * GET/PATCH /org/settings: the supplier's trading terms. Every supplier user reads them (they quote and
 * ship on them); only manage_users, which Admins alone hold, changes them (docs/domain.md).
 */
export default async function supplierSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['suppliers'];

  r.get(
    '/org/settings',
    {
      preValidation: app.guard({ userType: 'supplier' }, { organisation: true }),
      schema: {
        tags,
        summary: "The caller's supplier organisation's trading terms",
        description:
          'Suppliers only: the trading terms their organisation offers buyers, as PATCH ' +
          '/api/org/settings sets them.',
        security,
        response: { 200: supplierSettingsResponseSchema, ...errors },
      },
    },
    async (request) => getSupplierSettings(app.db, member(request).orgId),
  );

  r.patch(
    '/org/settings',
    {
      preValidation: app.guard({ userType: 'supplier', permission: 'manage_users' }, { organisation: true }),
      schema: {
        tags,
        summary: "Replace the caller's supplier organisation's trading terms",
        description:
          'Payment terms, accepted payment methods (credit_facility is implied by supportsCredit and is not ' +
          'listed), the default method (one of those accepted) and the default lead time (0-60 days).',
        security,
        body: supplierSettingsSchema,
        response: { 200: supplierSettingsResponseSchema, ...errorResponses(400), ...errors },
      },
    },
    async (request) => saveSupplierSettings(app.db, member(request).orgId, request.body, member(request).id),
  );
}
