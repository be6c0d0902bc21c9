import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceIdParamsSchema } from '@aduro/shared/invoices';
import {
  mobileMoneyChargeRequestSchema,
  mobileMoneyProvidersSchema,
  paymentAttemptSchema,
  paymentOtpRequestSchema,
  paymentReferenceParamsSchema,
  supplierCreditSchema,
} from '@aduro/shared/payments';
import { caller } from '../../plugins/auth.ts';
import { idempotencyHeadersSchema } from '../../plugins/idempotency.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { pdfResponse, sendPdf } from '../../lib/pdf.ts';
import {
  chargeInvoice,
  getInvoiceAttempts,
  getMobileMoneyProviders,
  getPaymentAttempt,
  getPaymentReceipt,
  getSupplierCredits,
  submitPaymentOtp,
} from './payments.service.ts';

/**
 * Mobile money (issue 36, docs/payments.md): a buyer's customers pay an invoice from a wallet through
 * Paystack and read how it stands; the seller's credit staff read the same attempts and receipts. Either
 * side reads another organisation's attempt as a 404, never a 403. Paystack's webhook is in
 * paystack-webhook.routes.ts.
 */
export default async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['payments'];
  const creditStaff = { userType: 'supplier', permission: 'manage_credit' } as const;
  const buyer = app.guard({ userType: 'customer' }, { organisation: true });
  const reader = app.guard([{ userType: 'customer' }, creditStaff], { organisation: true });

  r.get(
    '/payments/mobile-money/providers',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        summary: 'Whether mobile money is offered, and the networks a buyer can pay from',
        description:
          'Paystack’s active mobile money networks in Ghana (GET /bank?currency=GHS&type=mobile_money), ' +
          'cached for an hour. enabled false with no networks when this server has no Paystack key. 503 ' +
          'PAYSTACK_UNAVAILABLE with Retry-After when Paystack cannot be reached and no copy is cached.',
        security,
        response: { 200: mobileMoneyProvidersSchema, ...errorResponses(401, 503) },
      },
    },
    async () => getMobileMoneyProviders(app.paystack),
  );

  r.post(
    '/invoices/:id/mobile-money',
    {
      preValidation: buyer,
      // A phone that lost the answer and asks again would start a second charge; with an
      // Idempotency-Key the repeat gets the first answer instead.
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Pay (part of) an invoice from a mobile money wallet through Paystack',
        description:
          'For the buying organisation’s customers. Starts a Paystack charge of `amount` cedis on the phone ' +
          'and network given; answers 201 with the attempt: pay_offline (approve on the phone), send_otp ' +
          '(POST /api/payments/{reference}/otp next), pending, failed, or success once Paystack verified ' +
          'the money and it was applied. 409 MOBILE_MONEY_OFF when this server has no Paystack key; 404 ' +
          'INVOICE_NOT_FOUND for an invoice the caller does not owe; 409 INVOICE_VOID or INVOICE_PAID; 400 ' +
          'PAYMENT_OVER_DUE (fieldErrors.amount) above what is outstanding; 400 UNKNOWN_PROVIDER ' +
          '(fieldErrors.provider) for a network Paystack does not list; 400 on phone for a number that is ' +
          'not a Ghana mobile one; 503 PAYSTACK_UNAVAILABLE with Retry-After when Paystack cannot be ' +
          'reached (details.reference names the attempt when it was already written: it stays pending ' +
          'and is checked with Paystack again).',
        security,
        headers: idempotencyHeadersSchema,
        params: invoiceIdParamsSchema,
        body: mobileMoneyChargeRequestSchema,
        response: { 201: paymentAttemptSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await chargeInvoice(
            app.db,
            app.paystack,
            request.log,
            caller(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  r.get(
    '/invoices/:id/mobile-money',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The mobile money payments started on an invoice, newest first',
        description:
          'For the invoice’s buyer (customers) and its seller (manage_credit). 404 INVOICE_NOT_FOUND for an ' +
          'invoice of other organisations.',
        security,
        params: invoiceIdParamsSchema,
        response: { 200: z.array(paymentAttemptSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getInvoiceAttempts(app.db, caller(request), request.params.id),
  );

  r.get(
    '/payments/:reference',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'One mobile money payment, by its reference',
        description:
          'For the buyer’s customers and the seller’s credit staff (manage_credit): its status, Paystack’s ' +
          'words, and once settled what went to the invoice and what is held as credit with the supplier. ' +
          '404 PAYMENT_NOT_FOUND for a payment of other organisations.',
        security,
        params: paymentReferenceParamsSchema,
        response: { 200: paymentAttemptSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPaymentAttempt(app.db, caller(request), request.params.reference),
  );

  r.post(
    '/payments/:reference/otp',
    {
      preValidation: buyer,
      schema: {
        tags,
        summary: 'Send the code Paystack asked for to complete a mobile money payment',
        description:
          'For the buying organisation’s customers, on a payment at send_otp. Answers the payment as ' +
          'Paystack left it (success once verified and applied; failed for a wrong code). 404 ' +
          'PAYMENT_NOT_FOUND; 409 PAYMENT_NOT_AWAITING_OTP when it is not waiting for a code; 409 ' +
          'MOBILE_MONEY_OFF without a Paystack key; 503 PAYSTACK_UNAVAILABLE with Retry-After.',
        security,
        params: paymentReferenceParamsSchema,
        body: paymentOtpRequestSchema,
        response: { 200: paymentAttemptSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      submitPaymentOtp(
        app.db,
        app.paystack,
        request.log,
        caller(request),
        request.params.reference,
        request.body.otp,
      ),
  );

  r.get(
    '/payments/:reference/receipt',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'The receipt of a settled mobile money payment, as a PDF',
        description:
          'For the buyer’s customers and the seller’s credit staff: payer, payee, invoice, network, the ' +
          'phone’s last digits, the amount and where it went. 404 PAYMENT_NOT_FOUND for a payment of ' +
          'other organisations; 409 PAYMENT_NOT_SETTLED until it has settled.',
        security,
        params: paymentReferenceParamsSchema,
        response: {
          200: pdfResponse('The receipt, application/pdf, as an attachment'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const pdf = await getPaymentReceipt(app.db, caller(request), request.params.reference);
      return sendPdf(reply, pdf.fileName, pdf.content);
    },
  );

  r.get(
    '/supplier-credits',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: 'Credit held with suppliers: a customer’s with each, or a supplier’s customers’ with it',
        description:
          'Balances above zero, from returns credited beyond an invoice and payments beyond what was owed. ' +
          'A customer: one per supplier, by the supplier’s name. A supplier (manage_credit): one per ' +
          'customer, by the customer’s name.',
        security,
        response: { 200: z.array(supplierCreditSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => getSupplierCredits(app.db, caller(request)),
  );
}
