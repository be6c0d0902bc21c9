import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  productIdParamsSchema,
  supplierCatalogueItemSchema,
  supplierDirectoryEntrySchema,
  supplierDirectoryQuerySchema,
  supplierIdParamsSchema,
  supplierMatchQuerySchema,
  supplierMatchSchema,
} from '@aduro/shared/marketplace';
import { sendSharedJson } from '../../lib/json-reply.ts';
import { caller } from '../../plugins/auth.ts';
import { currencyOf } from '../../plugins/read-cache.ts';
import {
  getProductMatches,
  getSupplierCatalogue,
  getSupplierDirectory,
} from './suppliers.marketplace.service.ts';
import { DirectoryRows } from './directory-rows.ts';
import { directorySuppliersOf } from './marketplace-tags.ts';
import { errorResponses } from '../../lib/error-responses.ts';

const errors = errorResponses(400, 401, 403, 404);

/**
 * Marketplace reads for every signed-in user: the supplier directory, a supplier's catalogue and the
 * suppliers able to fill a product. Relationship and credit fields are the caller's organisation's
 * (customers only); nothing here names another buyer.
 */
export default async function supplierMarketplaceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The directory's per-supplier rows, refreshed by the suppliers each feed event names (every replica
  // hears every event; the writer's own before it answers).
  const directoryRows = new DirectoryRows(app.db);
  app.feed.subscribe((event) => {
    const suppliers = directorySuppliersOf(event);
    if (suppliers) directoryRows.changed(suppliers);
  });
  app.feed.onResync(() => directoryRows.changed('all'));
  const security = [{ bearerAuth: [] }];
  const tags = ['marketplace'];
  // Any signed-in caller; sendSharedJson compresses the cached answer once per encoding, so
  // @fastify/compress stays off these routes rather than compress it again on every request.
  const cachedRead = { preValidation: app.authenticate, compress: false as const };

  r.get(
    '/suppliers',
    {
      ...cachedRead,
      schema: {
        tags,
        summary: 'Supplier directory, active suppliers first',
        description:
          'Every supplier organisation (inactive ones with isActive false), optionally of one category, with ' +
          'published offer lines (stocked offers of products whose FDA registration has not lapsed; none ' +
          'while inactive), distinct released buyers and GMV; for ' +
          'a customer caller its relationship ' +
          '(released orders, drafts awaiting its approval, active credit line), else null.',
        security,
        querystring: supplierDirectoryQuerySchema,
        response: { 200: z.array(supplierDirectoryEntrySchema), ...errors },
      },
    },
    (request, reply) =>
      sendSharedJson(
        request,
        reply,
        getSupplierDirectory(
          app.db,
          app.readCache,
          directoryRows,
          caller(request),
          request.query.category,
          currencyOf(request.afterPosition),
        ),
      ),
  );

  r.get(
    '/suppliers/:id/products',
    {
      ...cachedRead,
      schema: {
        tags,
        summary: "A supplier's offers with unexpired stock, by product name",
        description:
          'Empty while the supplier is inactive. Quantity is the sum of unexpired lots; expiry is that of the ' +
          'earliest-expiring unexpired lot. ' +
          "Credit fields are the customer caller's active credit line with the supplier, else null. A product " +
          "whose FDA registration lapsed is left out. Each item's eligibility says whether the caller's " +
          'organisation may release an order of it now, by the rule approval applies (docs/domain.md "Who may ' +
          'buy what"); a caller without a licence record holds none.',
        security,
        params: supplierIdParamsSchema,
        response: { 200: z.array(supplierCatalogueItemSchema), ...errors },
      },
    },
    (request, reply) =>
      sendSharedJson(
        request,
        reply,
        getSupplierCatalogue(
          app.db,
          app.readCache,
          caller(request),
          request.params.id,
          currencyOf(request.afterPosition),
        ),
      ),
  );

  r.get(
    '/products/:id/suppliers',
    {
      ...cachedRead,
      schema: {
        tags,
        summary: 'Active suppliers able to fill a product now, cheapest first',
        description:
          "buyerId, when given, must be the caller's organisation (403 otherwise); a customer's defaults to " +
          'its own. Lead time is the median approval-to-delivery days over the last 50 delivered drops, else ' +
          'the default; rating is the on-time share of those drops x 5, null below 3. Empty when the ' +
          "product's FDA registration lapsed. eligibility (the same on every offer) says whether the buyer " +
          'may release an order of the product now, by the rule approval applies (docs/domain.md "Who may ' +
          'buy what").',
        security,
        params: productIdParamsSchema,
        querystring: supplierMatchQuerySchema,
        response: { 200: z.array(supplierMatchSchema), ...errors },
      },
    },
    (request, reply) =>
      sendSharedJson(
        request,
        reply,
        getProductMatches(
          app.db,
          app.readCache,
          caller(request),
          request.params.id,
          request.query.buyerId,
          currencyOf(request.afterPosition),
        ),
      ),
  );
}
