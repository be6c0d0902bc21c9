import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  rfqAwardedSchema,
  rfqAwardInputSchema,
  rfqCreatedSchema,
  rfqCreateSchema,
  rfqDetailSchema,
  rfqIdParamsSchema,
  rfqQuoteInputSchema,
  rfqReasonSchema,
  rfqResponseStateSchema,
  rfqsPageSchema,
  rfqsQuerySchema,
} from '@aduro/shared/rfqs';
import { member } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import {
  awardRfqQuotes,
  cancelRfq,
  closeRfq,
  createRfq,
  declineRfq,
  getRfq,
  getRfqs,
  submitQuote,
  withdrawQuote,
} from './rfqs.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Requests for quotation (docs/domain.md "Requests for quotation"). A buyer opens an RFQ to invited
 * suppliers, closes it early, cancels it or awards its quotes into orders; a supplier's inventory staff
 * quote, decline or withdraw; both read the RFQs they have a share in (404 for the others, never 403; a supplier's
 * users without manage_inventory 403).
 */
export default async function rfqRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['rfqs'];
  const buyer = app.guard({ userType: 'customer' }, { organisation: true });
  const quoter = app.guard({ userType: 'supplier', permission: 'manage_inventory' }, { organisation: true });
  // A supplier's RFQs are its inventory staff's work (the cockpit's Quotes tab needs manage_inventory);
  // its shipping and credit staff have no share in prices not yet agreed.
  const reader = app.guard(
    [{ userType: 'customer' }, { userType: 'supplier', permission: 'manage_inventory' }],
    { organisation: true },
  );

  r.post(
    '/rfqs',
    {
      // A phone that lost the answer sends the same request again: one RFQ, not two.
      config: { idempotent: true },
      preValidation: buyer,
      schema: {
        tags,
        summary: 'Ask suppliers for quotes on one or more products',
        description:
          'Invites every active supplier offering any of the products (invite "all") or the suppliers named. ' +
          '400 with fieldErrors for a deadline under an hour ahead (responseDeadline), a requiredBy before the ' +
          'deadline’s day, an invited id naming no active supplier (invite); 404 PRODUCT_NOT_FOUND; 409 ' +
          'BUYER_INACTIVE, REGISTRATION_LAPSED, RFQ_NO_SUPPLIERS (invite "all" found none). Sealed by default: ' +
          'the quotes open to the buyer when the deadline passes or the buyer closes early.',
        security,
        body: rfqCreateSchema,
        response: { 201: rfqCreatedSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createRfq(app.db, member(request), request.body)),
  );

  r.get(
    '/rfqs',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The caller’s requests for quotation, newest first, a page at a time',
        description:
          'A buyer: its own RFQs, with how many suppliers quoted and declined. A supplier: those it was invited ' +
          'to, with its own answer (myStatus) and nothing of the other suppliers. An RFQ past its deadline ' +
          'reads closed. Always a page (limit 50 unless named); 400 for a cursor this list did not answer.',
        security,
        querystring: rfqsQuerySchema,
        response: { 200: rfqsPageSchema, ...errors },
      },
    },
    async (request) => getRfqs(app.db, member(request), request.query),
  );

  r.get(
    '/rfqs/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'One request for quotation as the caller may see it',
        description:
          'The buyer: the invited suppliers, and once quotes are open (closed, awarded, or unsealed at once) ' +
          'their answers, quotes and the comparison ranked by landed cost; while a sealed RFQ is open only the ' +
          'counts. A supplier: the request, its own answer, quote and awards, never another supplier’s. 404 ' +
          'RFQ_NOT_FOUND outside the caller’s share.',
        security,
        params: rfqIdParamsSchema,
        response: { 200: rfqDetailSchema, ...errors },
      },
    },
    async (request) => getRfq(app.db, member(request), request.params.id),
  );

  r.put(
    '/rfqs/:id/quote',
    {
      preValidation: quoter,
      schema: {
        tags,
        summary: 'Send or revise the supplier’s quote',
        description:
          'One quote per supplier, revisable until the deadline. 400 with fieldErrors (lines.<i>.rfqLineId for a ' +
          'line not on the request, lines.<i>.quantity above the units asked for, lines.<i>.earliestExpiry before ' +
          'today, validUntil before the deadline’s day); 404 RFQ_NOT_FOUND when not invited; 409 RFQ_CLOSED once ' +
          'quoting ended, SUPPLIER_INACTIVE. Answers the supplier’s view of the RFQ.',
        security,
        params: rfqIdParamsSchema,
        body: rfqQuoteInputSchema,
        response: { 200: rfqDetailSchema, ...errors },
      },
    },
    async (request) => submitQuote(app.db, member(request), request.params.id, request.body),
  );

  r.delete(
    '/rfqs/:id/quote',
    {
      preValidation: quoter,
      schema: {
        tags,
        summary: 'Withdraw the supplier’s quote',
        description:
          'Before the deadline; the supplier may quote again while the RFQ is open. 404 RFQ_NOT_FOUND when not ' +
          'invited, QUOTE_NOT_FOUND without a standing quote; 409 RFQ_CLOSED once quoting ended.',
        security,
        params: rfqIdParamsSchema,
        response: { 200: rfqResponseStateSchema, ...errors },
      },
    },
    async (request) => withdrawQuote(app.db, member(request), request.params.id),
  );

  r.post(
    '/rfqs/:id/decline',
    {
      preValidation: quoter,
      schema: {
        tags,
        summary: 'Decline to quote',
        description:
          'Deletes a standing quote and keeps the reason given. The supplier may still quote while the RFQ is ' +
          'open. 404 RFQ_NOT_FOUND when not invited; 409 RFQ_CLOSED once quoting ended.',
        security,
        params: rfqIdParamsSchema,
        body: rfqReasonSchema,
        response: { 200: rfqResponseStateSchema, ...errors },
      },
    },
    async (request) => declineRfq(app.db, member(request), request.params.id, request.body.reason),
  );

  r.post(
    '/rfqs/:id/close',
    {
      preValidation: buyer,
      schema: {
        tags,
        summary: 'End quoting early and open the quotes',
        description:
          'Closes an open RFQ now (one past its deadline at its deadline). 404 RFQ_NOT_FOUND; 409 RFQ_NOT_OPEN ' +
          'when it is already closed, awarded or cancelled. Answers the buyer’s view with the quotes.',
        security,
        params: rfqIdParamsSchema,
        response: { 200: rfqDetailSchema, ...errors },
      },
    },
    async (request) => closeRfq(app.db, member(request), request.params.id),
  );

  r.post(
    '/rfqs/:id/cancel',
    {
      preValidation: buyer,
      schema: {
        tags,
        summary: 'Cancel a request for quotation',
        description:
          'Open or closed, not awarded. A sealed RFQ cancelled while open never opens its quotes. 404 ' +
          'RFQ_NOT_FOUND; 409 RFQ_AWARDED, RFQ_CANCELLED.',
        security,
        params: rfqIdParamsSchema,
        body: rfqReasonSchema,
        response: { 200: rfqDetailSchema, ...errors },
      },
    },
    async (request) => cancelRfq(app.db, member(request), request.params.id, request.body.reason),
  );

  r.post(
    '/rfqs/:id/award',
    {
      // A repeat with the key answers the drafted orders again, where without it it would get 409 RFQ_AWARDED.
      config: { idempotent: true },
      preValidation: buyer,
      schema: {
        tags,
        summary: 'Award quote lines: draft the orders at the quoted prices',
        description:
          'One order per award (one supplier, one product), at the quoted price and payment terms, delivered ' +
          'to the RFQ’s location, awaiting the buyer’s approval; a line may be split across suppliers. 400 ' +
          '(fieldErrors awards.<i>.quoteLineId) for a quote line not on this RFQ; 404 RFQ_NOT_FOUND; 409 ' +
          'RFQ_STILL_OPEN, RFQ_AWARDED, RFQ_CANCELLED, QUOTE_EXPIRED, AWARD_EXCEEDS_QUOTE, ' +
          'AWARD_EXCEEDS_REQUEST, and the drafting refusals (BUYER_INACTIVE, SUPPLIER_INACTIVE, ' +
          'REGISTRATION_LAPSED, NO_PAYMENT_METHOD).',
        security,
        params: rfqIdParamsSchema,
        body: rfqAwardInputSchema,
        response: { 201: rfqAwardedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await awardRfqQuotes(app.db, member(request), request.params.id, request.body)),
  );
}
