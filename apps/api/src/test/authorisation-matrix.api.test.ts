import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  count,
  CUSTOMERS,
  EVERYONE,
  forgedTokens,
  NONE,
  one,
  orgOf,
  ownIds,
  REFUSED_OUTRIGHT,
  SIGNED_IN,
  SUPPLIER_ADMINS,
  SUPPLIERS,
  WITH_CREDIT,
  WITH_INVENTORY,
  WITH_SHIPPING,
  WITH_SIGNOFF,
  type CallerKind,
  type OwnIds,
  type SignedIn,
} from './authorisation-matrix.ts';
import type { ActivityPage } from '@aduro/shared/activity';
import type { LiveEventData } from '@aduro/shared/events';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { openSseStream } from './sse.ts';

/**
 * The authorisation matrix (issue 13, "Tests that keep this true"): every operation the OpenAPI document
 * lists has a policy here naming who may call it; everyone else is refused, 401 for callers who are not
 * signed in (anonymous, forged tokens, a removed user) and 403 for the wrong kind of caller or a missing
 * permission. Every answer an allowed signed-in caller gets (the live stream too) is kept by no cache.
 * Separately, no caller reads or changes another organisation's records by naming their ids, nor learns
 * them from an event that names several organisations.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Call {
  url: string;
  payload?: unknown;
}
interface Policy {
  /** Callers that get past authorisation: 2xx, or a domain answer (400, 404, 409...), never 401/403. */
  allow: readonly SignedIn[] | 'public';
  /** The request as the caller would make it, with that caller's own ids. */
  request(c: Ctx): Call;
  /**
   * A streaming answer (SSE), opened over HTTP for allowed callers: only its status and headers are
   * checked here; events.api tests cover the stream.
   */
  stream?: boolean;
  /** The allowed call ends the caller's sessions, so the caller signs in again after it. */
  endsSessions?: boolean;
}
interface Ctx {
  kind: CallerKind;
  /** The caller's own ids (Tema's for refused callers, so ids are real whoever calls). */
  own: OwnIds;
  seq: number;
}

let t: TestApp;
/** The app listening on a port, for the live stream (inject waits for an answer that never ends). */
let base: string;
const tokens = {} as Record<CallerKind, string | undefined>;
const ids = {} as Record<SignedIn, OwnIds>;
/** Throwaway users per supplier, for the staff operations that change or remove one. */
const spareUser: Partial<Record<SignedIn, string>> = {};
let seq = 0;
let temaProduct: { productId: string; unitPrice: number };
let harbourId: string;

const call = (method: Method, url: string, authorization?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A return's supplier handlers: manage_shipping or manage_inventory. */
const RETURN_HANDLERS: SignedIn[] = [...WITH_SHIPPING, 'temaInventory'];
/** Who reads returns (and a credit note): the buyers, and the supplier's handlers. */
const RETURN_READERS: SignedIn[] = [...CUSTOMERS, ...RETURN_HANDLERS];

const unique = (name: string) => `${name}-${++seq}-${Date.now().toString(36)}`;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const nextYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** The policy table: one row per operation, keyed as "METHOD /openapi/path". */
const POLICY: Record<string, Policy> = {
  // Public: signing in and registering.
  'POST /api/auth/login': {
    allow: 'public',
    request: () => ({
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'x', userType: 'customer' },
    }),
  },
  'POST /api/auth/register': {
    allow: 'public',
    // An incomplete registration: refused as invalid (400), never as unauthorised.
    request: () => ({ url: '/api/auth/register', payload: { userType: 'customer' } }),
  },
  'POST /api/auth/password-reset': {
    allow: 'public',
    // 202 whether or not the account exists; nothing is mailed for an unknown e-mail.
    request: () => ({ url: '/api/auth/password-reset', payload: { email: 'nobody@example.test' } }),
  },
  'POST /api/auth/password-reset/confirm': {
    allow: 'public',
    // An unknown token: refused as invalid (400), never as unauthorised.
    request: () => ({
      url: '/api/auth/password-reset/confirm',
      payload: { token: 'not-a-reset-token', password: 'matrix-pass-1' },
    }),
  },
  'GET /api/auth/me': { allow: EVERYONE, request: () => ({ url: '/api/auth/me' }) },
  'POST /api/auth/password': {
    allow: EVERYONE,
    // A wrong current password: refused as invalid (400), and nothing changes.
    request: () => ({
      url: '/api/auth/password',
      payload: { currentPassword: 'not-the-password', newPassword: 'matrix-pass-1' },
    }),
  },
  'POST /api/auth/sign-out-everywhere': {
    allow: EVERYONE,
    request: () => ({ url: '/api/auth/sign-out-everywhere' }),
    endsSessions: true,
  },
  'GET /api/org/licence': { allow: SUPPLIERS, request: () => ({ url: '/api/org/licence' }) },

  // A buyer's pharmacy licence (issue 32): its own, customers only; the platform reviews.
  'GET /api/org/licence-record': { allow: CUSTOMERS, request: () => ({ url: '/api/org/licence-record' }) },
  'PUT /api/org/licence-record': {
    allow: CUSTOMERS,
    // An incomplete licence: refused as invalid (400) after authorisation, and nothing changes.
    request: () => ({ url: '/api/org/licence-record', payload: { licenceKind: 'retail_pharmacy' } }),
  },
  'GET /api/org/licence-record/document': {
    allow: CUSTOMERS,
    request: () => ({ url: '/api/org/licence-record/document' }),
  },
  'GET /api/admin/licences': { allow: ['platform'], request: () => ({ url: '/api/admin/licences' }) },
  'PATCH /api/admin/entities/{id}/licence-record': {
    allow: ['platform'],
    // A supplier holds no pharmacy licence: the allowed call answers 404 and changes nothing.
    request: () => ({
      url: `/api/admin/entities/${harbourId}/licence-record`,
      payload: { status: 'verified' },
    }),
  },
  'GET /api/admin/entities/{id}/licence-record/document': {
    allow: ['platform'],
    request: () => ({ url: `/api/admin/entities/${ids.kejetia.orgId}/licence-record/document` }),
  },

  // Platform administration.
  'GET /api/admin/stats': { allow: ['platform'], request: () => ({ url: '/api/admin/stats' }) },
  'GET /api/admin/market/summary': {
    allow: ['platform'],
    request: () => ({ url: '/api/admin/market/summary' }),
  },
  'GET /api/admin/entities': { allow: ['platform'], request: () => ({ url: '/api/admin/entities' }) },
  'GET /api/admin/entities/page': {
    allow: ['platform'],
    request: () => ({ url: '/api/admin/entities/page' }),
  },
  'GET /api/admin/entities.csv': { allow: ['platform'], request: () => ({ url: '/api/admin/entities.csv' }) },
  'PATCH /api/admin/entities/{id}/toggle': {
    allow: ['platform'],
    // Harbour is already inactive: the allowed call changes nothing.
    request: () => ({
      url: `/api/admin/entities/${harbourId}/toggle`,
      payload: { active: false, reason: 'Authorisation matrix' },
    }),
  },
  'GET /api/admin/entities/{id}/licence': {
    allow: ['platform'],
    request: () => ({ url: `/api/admin/entities/${harbourId}/licence` }),
  },
  // An unknown product: the platform is answered 404, every other caller refused before the lookup.
  'PATCH /api/admin/products/{id}': {
    allow: ['platform'],
    request: () => ({
      url: '/api/admin/products/00000000-0000-4000-8000-000000000000',
      payload: { medicineClass: 'A' },
    }),
  },

  // Catalogue and inventory.
  'GET /api/products': { allow: EVERYONE, request: () => ({ url: '/api/products' }) },
  'POST /api/products': {
    allow: WITH_INVENTORY,
    request: () => ({
      url: '/api/products',
      payload: {
        name: unique('Matrix Paracetamol'),
        brandName: 'Matrix',
        category: 'Analgesics',
        unitOfMeasure: 'Box',
        itemsPerUnit: '10 tablets',
      },
    }),
  },
  'GET /api/inventory': { allow: WITH_INVENTORY, request: () => ({ url: '/api/inventory' }) },
  'GET /api/inventory/page': { allow: WITH_INVENTORY, request: () => ({ url: '/api/inventory/page' }) },
  'GET /api/inventory.csv': { allow: WITH_INVENTORY, request: () => ({ url: '/api/inventory.csv' }) },
  'GET /api/inventory/totals': { allow: WITH_INVENTORY, request: () => ({ url: '/api/inventory/totals' }) },
  'POST /api/inventory': {
    allow: WITH_INVENTORY,
    request: (c) => ({
      url: '/api/inventory',
      payload: {
        productId: c.own.productId === NONE ? temaProduct.productId : c.own.productId,
        quantity: 5,
        unitPrice: 12.5,
        expiryDate: nextYear(),
      },
    }),
  },
  'GET /api/inventory/forecast/{productId}': {
    allow: WITH_INVENTORY,
    request: (c) => ({
      url: `/api/inventory/forecast/${c.own.productId === NONE ? temaProduct.productId : c.own.productId}`,
    }),
  },
  // Stock import: a preview changes no stock; an unknown import answers 404 to those allowed.
  'POST /api/inventory/imports': {
    allow: WITH_INVENTORY,
    request: () => {
      const form = new FormData();
      form.append('file', new Blob(['product,quantity,unitPrice\r\nMatrix product,1,1\r\n']), 'stock.csv');
      return { url: '/api/inventory/imports', payload: form };
    },
  },
  'GET /api/inventory/imports/template': {
    allow: WITH_INVENTORY,
    request: () => ({ url: '/api/inventory/imports/template' }),
  },
  'GET /api/inventory/imports/export': {
    allow: WITH_INVENTORY,
    request: () => ({ url: '/api/inventory/imports/export' }),
  },
  'GET /api/inventory/imports/{id}': {
    allow: WITH_INVENTORY,
    request: () => ({ url: `/api/inventory/imports/${NONE}` }),
  },
  'POST /api/inventory/imports/{id}/apply': {
    allow: WITH_INVENTORY,
    request: () => ({ url: `/api/inventory/imports/${NONE}/apply` }),
  },

  // Staff.
  'GET /api/org/users': { allow: SUPPLIER_ADMINS, request: () => ({ url: '/api/org/users' }) },
  'GET /api/org/users/page': { allow: SUPPLIER_ADMINS, request: () => ({ url: '/api/org/users/page' }) },
  'GET /api/org/users.csv': { allow: SUPPLIER_ADMINS, request: () => ({ url: '/api/org/users.csv' }) },
  'GET /api/org/users/roles': { allow: SUPPLIER_ADMINS, request: () => ({ url: '/api/org/users/roles' }) },
  'POST /api/org/users': {
    allow: SUPPLIER_ADMINS,
    request: () => ({
      url: '/api/org/users',
      payload: {
        name: 'Matrix Clerk',
        email: `${unique('matrix')}@example.test`,
        password: 'strong-pass-1',
        roles: ['ShippingClerk'],
      },
    }),
  },
  'PATCH /api/org/users/{id}/roles': {
    allow: SUPPLIER_ADMINS,
    request: (c) => ({
      url: `/api/org/users/${spareUser[c.kind as SignedIn] ?? NONE}/roles`,
      payload: { roles: ['InventoryManager'] },
    }),
  },
  'DELETE /api/org/users/{id}': {
    allow: SUPPLIER_ADMINS,
    request: (c) => ({ url: `/api/org/users/${spareUser[c.kind as SignedIn] ?? NONE}` }),
  },

  // API keys (issue 33): managed by those who manage the organisation's users.
  'GET /api/org/api-keys': { allow: SUPPLIER_ADMINS, request: () => ({ url: '/api/org/api-keys' }) },
  'POST /api/org/api-keys': {
    allow: SUPPLIER_ADMINS,
    request: () => ({
      url: '/api/org/api-keys',
      payload: { name: unique('Matrix key'), scopes: ['inventory:read'] },
    }),
  },
  // An id no organisation has: 404 for those allowed, never 401/403.
  'DELETE /api/org/api-keys/{id}': {
    allow: SUPPLIER_ADMINS,
    request: () => ({ url: `/api/org/api-keys/${NONE}` }),
  },

  // Supplier settings and the marketplace.
  'GET /api/org/settings': { allow: SUPPLIERS, request: () => ({ url: '/api/org/settings' }) },
  'PATCH /api/org/settings': {
    allow: SUPPLIER_ADMINS,
    request: () => ({
      url: '/api/org/settings',
      payload: {
        paymentTerms: 'Net 30',
        supportedPaymentMethods: ['cash', 'mobile_money'],
        defaultPaymentMethod: 'cash',
        supportsCredit: true,
        defaultLeadTimeDays: 3,
      },
    }),
  },
  'GET /api/suppliers': { allow: EVERYONE, request: () => ({ url: '/api/suppliers' }) },
  'GET /api/suppliers/{id}/products': {
    allow: EVERYONE,
    request: () => ({ url: `/api/suppliers/${ids.temaAdmin.orgId}/products` }),
  },
  'GET /api/products/{id}/suppliers': {
    allow: EVERYONE,
    request: () => ({ url: `/api/products/${temaProduct.productId}/suppliers` }),
  },
  'GET /api/products/{id}/price-history': {
    allow: EVERYONE,
    request: () => ({ url: `/api/products/${temaProduct.productId}/price-history` }),
  },

  // Cart (customers only).
  'GET /api/cart': { allow: CUSTOMERS, request: () => ({ url: '/api/cart' }) },
  'POST /api/cart/items': {
    allow: CUSTOMERS,
    request: () => ({
      url: '/api/cart/items',
      payload: {
        productId: temaProduct.productId,
        supplierId: ids.temaAdmin.orgId,
        quantity: 1,
        unitPrice: temaProduct.unitPrice,
      },
    }),
  },
  'PATCH /api/cart/items/{id}': {
    allow: CUSTOMERS,
    request: () => ({ url: `/api/cart/items/${NONE}`, payload: { quantity: 1 } }),
  },
  'DELETE /api/cart/items/{id}': { allow: CUSTOMERS, request: () => ({ url: `/api/cart/items/${NONE}` }) },
  'DELETE /api/cart': { allow: CUSTOMERS, request: () => ({ url: '/api/cart' }) },
  'POST /api/cart/checkout': { allow: CUSTOMERS, request: () => ({ url: '/api/cart/checkout' }) },

  // Orders.
  'POST /api/orders': {
    allow: CUSTOMERS,
    request: () => ({
      url: '/api/orders',
      payload: {
        sellerId: ids.temaAdmin.orgId,
        productId: temaProduct.productId,
        paymentTermMethod: 'cash',
        drops: [
          {
            addressName: 'Main branch',
            address: '1 Ring Road, Accra',
            quantity: 1,
            estimatedDeliveryDate: tomorrow(),
          },
        ],
      },
    }),
  },
  'GET /api/orders': {
    allow: [...CUSTOMERS, ...WITH_SHIPPING, ...WITH_SIGNOFF],
    request: () => ({ url: '/api/orders' }),
  },
  'GET /api/orders/page': {
    allow: [...CUSTOMERS, ...WITH_SHIPPING, ...WITH_SIGNOFF],
    request: () => ({ url: '/api/orders/page' }),
  },
  'GET /api/orders/defaults': { allow: CUSTOMERS, request: () => ({ url: '/api/orders/defaults' }) },
  'PUT /api/orders/defaults': {
    allow: CUSTOMERS,
    request: () => ({ url: '/api/orders/defaults', payload: { defaultMinShelfLifeDays: 0 } }),
  },
  'GET /api/orders/{orderId}': {
    allow: [...CUSTOMERS, ...WITH_SHIPPING, ...WITH_SIGNOFF],
    request: (c) => ({ url: `/api/orders/${c.own.orderId}` }),
  },
  'GET /api/orders/{orderId}/purchase-order.pdf': {
    allow: [...CUSTOMERS, ...WITH_SHIPPING],
    request: (c) => ({ url: `/api/orders/${c.own.orderId}/purchase-order.pdf` }),
  },
  'POST /api/orders/{orderId}/approve': {
    allow: CUSTOMERS,
    request: (c) => ({ url: `/api/orders/${c.own.awaitingOrderId}/approve` }),
  },
  'POST /api/orders/{orderId}/cancel': {
    allow: CUSTOMERS,
    request: (c) => ({ url: `/api/orders/${c.own.awaitingOrderId}/cancel` }),
  },
  'PATCH /api/orders/{orderId}/drops/{dropId}': {
    allow: WITH_SHIPPING,
    request: (c) => ({
      url: `/api/orders/${c.own.dropOrderId}/drops/${c.own.dropId}`,
      payload: { status: 'Shipped', trackingNumber: 'TRK-1' },
    }),
  },
  'POST /api/orders/{orderId}/drops/{dropId}/repick': {
    allow: WITH_SHIPPING,
    request: (c) => ({ url: `/api/orders/${c.own.dropOrderId}/drops/${c.own.dropId}/repick` }),
  },
  // Controlled drugs: the seller's Pharmacist signs off; the register is read by those who sign or ship
  // by it, and the platform.
  'POST /api/orders/{orderId}/controlled-signoff': {
    allow: WITH_SIGNOFF,
    request: (c) => ({ url: `/api/orders/${c.own.orderId}/controlled-signoff` }),
  },
  'GET /api/controlled-register': {
    allow: [...WITH_SHIPPING, ...WITH_SIGNOFF, 'platform'],
    request: () => ({ url: '/api/controlled-register' }),
  },
  'GET /api/controlled-register.csv': {
    allow: [...WITH_SHIPPING, ...WITH_SIGNOFF, 'platform'],
    request: () => ({ url: '/api/controlled-register.csv' }),
  },
  'GET /api/orders/customers/{orgId}/analytics/top-products': {
    allow: CUSTOMERS,
    request: (c) => ({ url: `/api/orders/customers/${c.own.orgId}/analytics/top-products` }),
  },

  // Credit and invoices.
  'GET /api/credit/lines': { allow: CUSTOMERS, request: () => ({ url: '/api/credit/lines' }) },
  'POST /api/credit/applications': {
    allow: CUSTOMERS,
    request: () => ({
      url: '/api/credit/applications',
      payload: { supplierId: ids.medilink.orgId, requestedLimit: 5000 },
    }),
  },
  'GET /api/credit/applications': {
    allow: [...CUSTOMERS, ...WITH_CREDIT],
    request: () => ({ url: '/api/credit/applications' }),
  },
  'GET /api/credit/applications/page': {
    allow: [...CUSTOMERS, ...WITH_CREDIT],
    request: () => ({ url: '/api/credit/applications/page' }),
  },
  'POST /api/credit/applications/{id}/approve': {
    allow: WITH_CREDIT,
    request: (c) => ({
      url: `/api/credit/applications/${c.own.applicationId}/approve`,
      payload: { limit: 1000 },
    }),
  },
  'POST /api/credit/applications/{id}/reject': {
    allow: WITH_CREDIT,
    request: (c) => ({ url: `/api/credit/applications/${c.own.applicationId}/reject` }),
  },
  'GET /api/credit/applications/{id}/risk': {
    allow: WITH_CREDIT,
    request: (c) => ({ url: `/api/credit/applications/${c.own.applicationId}/risk` }),
  },
  'GET /api/invoices': { allow: [...CUSTOMERS, ...WITH_CREDIT], request: () => ({ url: '/api/invoices' }) },
  'GET /api/invoices/page': {
    allow: [...CUSTOMERS, ...WITH_CREDIT],
    request: () => ({ url: '/api/invoices/page' }),
  },
  'GET /api/invoices/{id}/pdf': {
    allow: [...CUSTOMERS, ...WITH_CREDIT],
    request: (c) => ({ url: `/api/invoices/${c.own.invoiceId}/pdf` }),
  },
  'POST /api/invoices/{id}/payments': {
    allow: WITH_CREDIT,
    request: (c) => ({
      url: `/api/invoices/${c.own.invoiceId}/payments`,
      payload: { amount: 1, method: 'cash', reference: 'matrix' },
    }),
  },

  // Mobile money (issue 36): buyers pay their invoices; both parties (the seller's credit staff) read the
  // attempts, receipts and held credit. This app has no Paystack key, so the allowed charge and OTP are
  // answered 409 MOBILE_MONEY_OFF, and an attempt the caller is not party to is a 404: these name none.
  'GET /api/payments/mobile-money/providers': {
    allow: EVERYONE,
    request: () => ({ url: '/api/payments/mobile-money/providers' }),
  },
  'POST /api/invoices/{id}/mobile-money': {
    allow: CUSTOMERS,
    request: (c) => ({
      url: `/api/invoices/${c.own.invoiceId}/mobile-money`,
      payload: { amount: 1, phone: '024 123 4567', provider: 'MTN' },
    }),
  },
  'GET /api/invoices/{id}/mobile-money': {
    allow: [...CUSTOMERS, ...WITH_CREDIT],
    request: (c) => ({ url: `/api/invoices/${c.own.invoiceId}/mobile-money` }),
  },
  'GET /api/payments/{reference}': {
    allow: [...CUSTOMERS, ...WITH_CREDIT],
    request: () => ({ url: '/api/payments/ADR-INV-0000-000000-MATRIX0000' }),
  },
  'POST /api/payments/{reference}/otp': {
    allow: CUSTOMERS,
    request: () => ({ url: '/api/payments/ADR-INV-0000-000000-MATRIX0000/otp', payload: { otp: '123456' } }),
  },
  'GET /api/payments/{reference}/receipt': {
    allow: [...CUSTOMERS, ...WITH_CREDIT],
    request: () => ({ url: '/api/payments/ADR-INV-0000-000000-MATRIX0000/receipt' }),
  },
  'GET /api/supplier-credits': {
    allow: [...CUSTOMERS, ...WITH_CREDIT],
    request: () => ({ url: '/api/supplier-credits' }),
  },
  // Paystack's webhook is public: the signature, not a session, says who sent it (unsigned: 401 where a
  // key is set, payments.webhook.api.test.ts; here, with none, there is nothing to receive).
  'POST /api/payments/paystack/webhook': {
    allow: 'public',
    request: () => ({
      url: '/api/payments/paystack/webhook',
      payload: { event: 'charge.success', data: { id: 1, reference: 'ADR-INV-0000-000000-MATRIX0000' } },
    }),
  },

  // Recalls: suppliers holding stock declare (their own lots), the platform declares anyone's; every
  // signed-in caller reads its share (a recall it has no share in is a 404); buyers acknowledge.
  'POST /api/recalls': {
    allow: [...WITH_INVENTORY, 'platform'],
    // A batch nobody holds: refused as invalid (400) after authorisation, and nothing is written.
    request: () => ({
      url: '/api/recalls',
      payload: {
        productId: temaProduct.productId,
        batchNumbers: ['MATRIX1'],
        reason: 'Matrix recall test reason',
        severity: 'class_3',
      },
    }),
  },
  'GET /api/recalls': { allow: EVERYONE, request: () => ({ url: '/api/recalls' }) },
  'GET /api/recalls/{id}': {
    allow: EVERYONE,
    request: () => ({ url: '/api/recalls/00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/recalls/{id}/drops/{dropId}/acknowledge': {
    allow: CUSTOMERS,
    request: (c) => ({
      url: `/api/recalls/00000000-0000-4000-8000-000000000000/drops/${c.own.dropId}/acknowledge`,
    }),
  },

  // Requests for quotation (issue 34): buyers send, close, cancel and award their own; suppliers with
  // manage_inventory quote, withdraw and decline where invited; both read. An RFQ the caller is not party
  // to is a 404 after authorisation, so these name none.
  'POST /api/rfqs': {
    allow: CUSTOMERS,
    // No lines: refused as invalid (400) after authorisation, and nothing is sent.
    request: () => ({ url: '/api/rfqs', payload: { lines: [] } }),
  },
  'GET /api/rfqs': { allow: [...CUSTOMERS, ...WITH_INVENTORY], request: () => ({ url: '/api/rfqs' }) },
  'GET /api/rfqs/{id}': {
    allow: [...CUSTOMERS, ...WITH_INVENTORY],
    request: () => ({ url: `/api/rfqs/${NONE}` }),
  },
  'PUT /api/rfqs/{id}/quote': {
    allow: WITH_INVENTORY,
    request: () => ({
      url: `/api/rfqs/${NONE}/quote`,
      payload: {
        lines: [{ rfqLineId: NONE, unitPrice: 1, quantity: 1, leadTimeDays: 1 }],
        validUntil: nextYear(),
        paymentTerms: 'Net 30',
      },
    }),
  },
  'DELETE /api/rfqs/{id}/quote': {
    allow: WITH_INVENTORY,
    request: () => ({ url: `/api/rfqs/${NONE}/quote` }),
  },
  'POST /api/rfqs/{id}/decline': {
    allow: WITH_INVENTORY,
    request: () => ({ url: `/api/rfqs/${NONE}/decline`, payload: {} }),
  },
  'POST /api/rfqs/{id}/close': { allow: CUSTOMERS, request: () => ({ url: `/api/rfqs/${NONE}/close` }) },
  'POST /api/rfqs/{id}/cancel': {
    allow: CUSTOMERS,
    request: () => ({ url: `/api/rfqs/${NONE}/cancel`, payload: {} }),
  },
  'POST /api/rfqs/{id}/award': {
    allow: CUSTOMERS,
    request: () => ({
      url: `/api/rfqs/${NONE}/award`,
      payload: { awards: [{ quoteLineId: NONE, quantity: 1 }] },
    }),
  },

  // Returns (issue 35): buyers ask; suppliers with manage_shipping or manage_inventory read, approve,
  // reject and receive; inspection and the destruction register need manage_inventory; a credit note's
  // PDF is for its two parties (on the supplier's side, manage_credit too). A return or note the caller
  // is not party to is a 404 after authorisation, so these name none.
  'POST /api/returns': {
    allow: CUSTOMERS,
    // No lines: refused as invalid (400) after authorisation, and nothing is asked.
    request: (c) => ({ url: '/api/returns', payload: { orderId: c.own.orderId, lines: [] } }),
  },
  'GET /api/returns': { allow: RETURN_READERS, request: () => ({ url: '/api/returns' }) },
  'GET /api/returns/{id}': { allow: RETURN_READERS, request: () => ({ url: `/api/returns/${NONE}` }) },
  'POST /api/returns/{id}/approve': {
    allow: RETURN_HANDLERS,
    request: () => ({ url: `/api/returns/${NONE}/approve` }),
  },
  'POST /api/returns/{id}/reject': {
    allow: RETURN_HANDLERS,
    request: () => ({ url: `/api/returns/${NONE}/reject`, payload: { reason: 'Seals broken' } }),
  },
  'POST /api/returns/{id}/receive': {
    allow: RETURN_HANDLERS,
    request: () => ({
      url: `/api/returns/${NONE}/receive`,
      payload: { lines: [{ lineId: NONE, receivedQuantity: 1 }] },
    }),
  },
  'POST /api/returns/{id}/inspect': {
    allow: WITH_INVENTORY,
    request: () => ({
      url: `/api/returns/${NONE}/inspect`,
      payload: { lines: [{ lineId: NONE, restock: 0, destroy: 0, returnToManufacturer: 1 }] },
    }),
  },
  'GET /api/returns/destructions.csv': {
    allow: WITH_INVENTORY,
    request: () => ({ url: '/api/returns/destructions.csv' }),
  },
  'GET /api/credit-notes/{id}/pdf': {
    // Its invoice's readers too: the supplier's credit staff.
    allow: [...RETURN_READERS, 'temaCredit'],
    request: () => ({ url: `/api/credit-notes/${NONE}/pdf` }),
  },

  // The live change feed.
  'GET /api/events': { allow: EVERYONE, stream: true, request: () => ({ url: '/api/events' }) },

  // Notifications: every signed-in user reads and marks their own (another's id is a 404).
  // The activity trail: supplier administrators (manage_users) and the platform.
  'GET /api/activity': {
    allow: [...SUPPLIER_ADMINS, 'platform'],
    request: () => ({ url: '/api/activity?limit=5' }),
  },
  'GET /api/activity.csv': {
    allow: [...SUPPLIER_ADMINS, 'platform'],
    request: () => ({ url: '/api/activity.csv?from=2999-01-01' }),
  },
  'GET /api/notifications': { allow: EVERYONE, request: () => ({ url: '/api/notifications' }) },
  'POST /api/notifications/read-all': {
    allow: EVERYONE,
    request: () => ({ url: '/api/notifications/read-all' }),
  },
  'POST /api/notifications/{id}/read': {
    allow: EVERYONE,
    request: () => ({ url: '/api/notifications/00000000-0000-4000-8000-000000000000/read' }),
  },
  'GET /api/notifications/preferences': {
    allow: EVERYONE,
    request: () => ({ url: '/api/notifications/preferences' }),
  },
  // A topic only some roles receive: the others get past authorisation and are answered 400.
  'PUT /api/notifications/preferences': {
    allow: EVERYONE,
    request: () => ({
      url: '/api/notifications/preferences',
      payload: { topics: [{ topic: 'order_released', email: true }] },
    }),
  },
};

const EXCLUDED = (path: string) =>
  path.startsWith('/api/docs') || path.startsWith('/api/health') || !path.startsWith('/api/');

function documentedOperations(): string[] {
  const doc = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const ops: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (EXCLUDED(path)) continue;
    for (const method of Object.keys(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        ops.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return ops.sort();
}

const describeAnswer = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 160)}`;

/**
 * An answer to a signed-in caller is theirs alone: no shared cache (a proxy's) may keep it, nor the
 * browser's disk (docs/domain.md "Organisations, users, sessions"; plugins/auth.ts sets no-store).
 */
const keptByNoCache = (cacheControl: string | null | undefined) =>
  /(^|,)\s*(no-store|private)\s*(,|$)/i.test(cacheControl ?? '');

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await Promise.all(
    SIGNED_IN.map(async (kind) => {
      tokens[kind] = await t.login(ACCOUNTS[kind].email, ACCOUNTS[kind].userType);
    }),
  );
  for (const kind of SIGNED_IN) {
    const { orgId } = await orgOf(t, ACCOUNTS[kind].email);
    ids[kind] = await ownIds(t, orgId, ACCOUNTS[kind].userType === 'customer' ? 'buyer' : 'seller');
  }
  harbourId = ids.harbour.orgId;
  temaProduct = await one(
    t,
    sql`select o.product_id as "productId", o.unit_price::float8 as "unitPrice" from offers o
        join inventory_lots l on l.supplier_id = o.supplier_id and l.product_id = o.product_id
        where o.supplier_id = ${ids.temaAdmin.orgId} and l.quantity > 10 and o.moq <= 1
        order by o.product_id limit 1`,
    'a Tema offer with stock and a moq of 1',
  );

  // A removed user: invited by Tema's admin, signed in, then removed.
  const email = `${unique('removed')}@example.test`;
  const invited = await call('POST', '/api/org/users', tokens.temaAdmin, {
    name: 'Soon Gone',
    email,
    password: 'strong-pass-1',
    roles: ['Admin'],
  });
  expect(invited.statusCode).toBe(201);
  tokens.removedUser = await t.login(email, 'supplier', 'strong-pass-1');
  expect((await call('DELETE', `/api/org/users/${invited.json().id}`, tokens.temaAdmin)).statusCode).toBe(
    204,
  );

  const temaAdminUser = await orgOf(t, ACCOUNTS.temaAdmin.email);
  Object.assign(tokens, forgedTokens(temaAdminUser.userId), { anonymous: undefined });

  // A spare user per supplier organisation, for the calls that change or remove one.
  for (const kind of SUPPLIER_ADMINS) {
    const res = await call('POST', '/api/org/users', tokens[kind], {
      name: 'Spare Clerk',
      email: `${unique(`spare-${kind}`)}@example.test`,
      password: 'strong-pass-1',
      roles: ['ShippingClerk'],
    });
    if (res.statusCode === 201) spareUser[kind] = res.json().id as string;
  }
}, 60_000);

afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

describe('every documented operation has a policy', () => {
  it('names any operation the OpenAPI document lists without a row in the policy table', () => {
    const documented = documentedOperations();
    const missing = documented.filter((op) => !(op in POLICY));
    expect(
      missing,
      `a new operation has no policy: add it to POLICY in this file\n  ${missing.join('\n  ')}`,
    ).toEqual([]);
  });

  it('names any policy row whose operation the OpenAPI document no longer lists', () => {
    const documented = new Set(documentedOperations());
    const stale = Object.keys(POLICY).filter((op) => !documented.has(op));
    expect(stale, `policy rows for operations that no longer exist:\n  ${stale.join('\n  ')}`).toEqual([]);
  });
});

describe('another organisation’s ids get nothing', () => {
  // Runs first, while the other tenants' records are as seeded.
  it("does not show a customer another customer's order, nor approve or cancel it", async () => {
    const theirs = ids.kejetia.awaitingOrderId;
    expect(theirs).not.toBe(NONE);
    const before = await one<{ status: string }>(
      t,
      sql`select status::text from orders where id = ${theirs}`,
      'order',
    );
    for (const [method, url] of [
      ['GET', `/api/orders/${theirs}`],
      ['POST', `/api/orders/${theirs}/approve`],
      ['POST', `/api/orders/${theirs}/cancel`],
    ] as const) {
      const res = await call(method, url, tokens.accracare);
      expect([403, 404], `${method} ${url} as AccraCare: ${describeAnswer(res)}`).toContain(res.statusCode);
    }
    const after = await one<{ status: string }>(
      t,
      sql`select status::text from orders where id = ${theirs}`,
      'order',
    );
    expect(after).toEqual(before);
  });

  it("does not let a supplier read or ship another supplier's order", async () => {
    const {
      orderId: dropOrderId,
      dropId,
      orderId,
    } = await one<{ orderId: string; dropId: string }>(
      t,
      sql`select o.id as "orderId", d.id as "dropId" from orders o join order_drops d on d.order_id = o.id
          where o.seller_org_id <> ${ids.temaAdmin.orgId} and o.buyer_org_id <> ${ids.temaAdmin.orgId}
          order by (d.status = 'Awaiting Dispatch') desc, o.id limit 1`,
      "another supplier's order with a drop",
    );
    const drop = sql`select status::text, tracking_number from order_drops where id = ${dropId}`;
    const before = await one(t, drop, 'drop');
    for (const kind of ['temaAdmin', 'temaShipping'] as const) {
      const read = await call('GET', `/api/orders/${orderId}`, tokens[kind]);
      expect([403, 404], `GET Medilink order as ${kind}: ${describeAnswer(read)}`).toContain(read.statusCode);
      const ship = await call('PATCH', `/api/orders/${dropOrderId}/drops/${dropId}`, tokens[kind], {
        status: 'Shipped',
        trackingNumber: 'STOLEN-1',
      });
      expect([403, 404], `PATCH Medilink drop as ${kind}: ${describeAnswer(ship)}`).toContain(
        ship.statusCode,
      );
      const repick = await call('POST', `/api/orders/${dropOrderId}/drops/${dropId}/repick`, tokens[kind]);
      expect([403, 404], `re-pick Medilink drop as ${kind}: ${describeAnswer(repick)}`).toContain(
        repick.statusCode,
      );
    }
    const signoffs = await count(t, sql`select count(*) as n from controlled_signoffs`);
    const signoff = await call('POST', `/api/orders/${orderId}/controlled-signoff`, tokens.temaPharmacist);
    expect([403, 404], `sign off Medilink order: ${describeAnswer(signoff)}`).toContain(signoff.statusCode);
    expect(await count(t, sql`select count(*) as n from controlled_signoffs`)).toBe(signoffs);
    expect(await one(t, drop, 'drop')).toEqual(before);
  });

  it("does not let a customer or a supplier see or pay into another organisation's invoice", async () => {
    const payments = sql`select count(*) as n from payments`;
    const before = await count(t, payments);
    const { id: medilinkInvoice } = await one<{ id: string }>(
      t,
      sql`select id from invoices where seller_org_id <> ${ids.temaAdmin.orgId} and status = 'unpaid' limit 1`,
      "another supplier's unpaid invoice",
    );
    for (const kind of ['temaAdmin', 'temaCredit'] as const) {
      const res = await call('POST', `/api/invoices/${medilinkInvoice}/payments`, tokens[kind], {
        amount: 1,
        method: 'cash',
      });
      expect([403, 404], `pay Medilink invoice as ${kind}: ${describeAnswer(res)}`).toContain(res.statusCode);
    }
    expect(await count(t, payments)).toBe(before);

    const list = await call('GET', `/api/invoices?buyerId=${ids.kejetia.orgId}`, tokens.accracare);
    expect([403, 404], describeAnswer(list)).toContain(list.statusCode);
    const own = await call('GET', '/api/invoices', tokens.accracare);
    expect(own.statusCode).toBe(200);
    const theirs = await queryIds(sql`select id from invoices where buyer_org_id <> ${ids.accracare.orgId}`);
    expect((own.json() as { id: string }[]).filter((i) => theirs.has(i.id))).toEqual([]);
  });

  it("does not let a supplier decide or score another supplier's credit application", async () => {
    const { id: app } = await one<{ id: string }>(
      t,
      sql`select id from credit_applications where supplier_id <> ${ids.temaAdmin.orgId} and status = 'pending' limit 1`,
      "another supplier's pending credit application",
    );
    const row = sql`select status::text, approved_limit::text from credit_applications where id = ${app}`;
    const before = await one(t, row, 'application');
    const lines = await count(t, sql`select count(*) as n from credit_lines`);
    for (const kind of ['temaAdmin', 'temaCredit'] as const) {
      for (const [url, payload] of [
        [`/api/credit/applications/${app}/approve`, { limit: 100000 }],
        [`/api/credit/applications/${app}/reject`, undefined],
      ] as const) {
        const res = await call('POST', url, tokens[kind], payload);
        expect([403, 404], `${url} as ${kind}: ${describeAnswer(res)}`).toContain(res.statusCode);
      }
      const risk = await call('GET', `/api/credit/applications/${app}/risk`, tokens[kind]);
      expect([403, 404], `risk as ${kind}: ${describeAnswer(risk)}`).toContain(risk.statusCode);
    }
    expect(await one(t, row, 'application')).toEqual(before);
    expect(await count(t, sql`select count(*) as n from credit_lines`)).toBe(lines);
  });

  it("does not let a supplier admin change or remove another supplier's staff", async () => {
    const victim = await orgOf(t, ACCOUNTS.medilink.email);
    const rolesOf = sql`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${victim.userId} order by r.name`;
    const before = await queryIds(rolesOf, 'name');
    const patch = await call('PATCH', `/api/org/users/${victim.userId}/roles`, tokens.temaAdmin, {
      roles: ['ShippingClerk'],
    });
    expect([403, 404], describeAnswer(patch)).toContain(patch.statusCode);
    const del = await call('DELETE', `/api/org/users/${victim.userId}`, tokens.temaAdmin);
    expect([403, 404], describeAnswer(del)).toContain(del.statusCode);
    expect(await queryIds(rolesOf, 'name')).toEqual(before);
    expect(await count(t, sql`select count(*) as n from users where id = ${victim.userId}`)).toBe(1);
    const list = await call('GET', '/api/org/users', tokens.temaAdmin);
    expect((list.json() as { id: string }[]).some((u) => u.id === victim.userId)).toBe(false);
  });

  it("does not let a customer edit or remove another customer's cart line", async () => {
    const added = await call('POST', '/api/cart/items', tokens.kejetia, {
      productId: temaProduct.productId,
      supplierId: ids.temaAdmin.orgId,
      quantity: 2,
      unitPrice: temaProduct.unitPrice,
    });
    expect(added.statusCode, describeAnswer(added)).toBeLessThan(300);
    const line = await one<{ id: string }>(
      t,
      sql`select id from cart_items where buyer_org_id = ${ids.kejetia.orgId} order by created_at desc limit 1`,
      'Kejetia cart line',
    );
    const edit = await call('PATCH', `/api/cart/items/${line.id}`, tokens.accracare, { quantity: 999 });
    expect([403, 404], describeAnswer(edit)).toContain(edit.statusCode);
    expect(
      await count(t, sql`select count(*) as n from cart_items where id = ${line.id} and quantity = 999`),
    ).toBe(0);
    const res = await call('DELETE', `/api/cart/items/${line.id}`, tokens.accracare);
    expect([403, 404], describeAnswer(res)).toContain(res.statusCode);
    expect(await count(t, sql`select count(*) as n from cart_items where id = ${line.id}`)).toBe(1);
    const cart = await call('GET', '/api/cart', tokens.accracare);
    expect(cart.body).not.toContain(line.id);
  });

  it("does not draft orders or credit applications in another customer's name", async () => {
    const orders = sql`select count(*) as n from orders where buyer_org_id = ${ids.kejetia.orgId}`;
    const apps = sql`select count(*) as n from credit_applications where customer_id = ${ids.kejetia.orgId}`;
    const [o, a] = [await count(t, orders), await count(t, apps)];
    const draft = await call('POST', '/api/orders', tokens.accracare, {
      ...(POLICY['POST /api/orders']!.request({ kind: 'accracare', own: ids.accracare, seq })
        .payload as object),
      buyerId: ids.kejetia.orgId,
    });
    expect([400, 403, 404], describeAnswer(draft)).toContain(draft.statusCode);
    const apply = await call('POST', '/api/credit/applications', tokens.accracare, {
      supplierId: ids.medilink.orgId,
      customerId: ids.kejetia.orgId,
      requestedLimit: 5000,
    });
    expect([400, 403, 404], describeAnswer(apply)).toContain(apply.statusCode);
    expect([await count(t, orders), await count(t, apps)]).toEqual([o, a]);
  });

  it("does not show a customer another customer's analytics, matches or orders", async () => {
    const analytics = await call(
      'GET',
      `/api/orders/customers/${ids.kejetia.orgId}/analytics/top-products`,
      tokens.accracare,
    );
    expect(analytics.statusCode).toBe(403);
    const matches = await call(
      'GET',
      `/api/products/${temaProduct.productId}/suppliers?buyerId=${ids.kejetia.orgId}`,
      tokens.accracare,
    );
    expect(matches.statusCode).toBe(403);
    const list = await call('GET', `/api/orders?buyerId=${ids.kejetia.orgId}`, tokens.accracare);
    if (list.statusCode === 200) {
      const theirs = await queryIds(sql`select id from orders where buyer_org_id <> ${ids.accracare.orgId}`);
      expect((list.json() as { id: string }[]).filter((x) => theirs.has(x.id))).toEqual([]);
    } else expect([400, 403], describeAnswer(list)).toContain(list.statusCode);
  });

  it("lists only the supplier's own stock, not another supplier's lots", async () => {
    const res = await call('GET', '/api/inventory', tokens.temaAdmin);
    expect(res.statusCode).toBe(200);
    const medilinkLots = await queryIds(
      sql`select id from inventory_lots where supplier_id = ${ids.medilink.orgId}`,
    );
    expect(medilinkLots.size).toBeGreaterThan(0);
    expect([...medilinkLots].filter((id) => res.body.includes(id))).toEqual([]);
  });

  it('keeps a request for quotation to its buyer and the suppliers it invited', async () => {
    const sent = await call('POST', '/api/rfqs', tokens.accracare, {
      lines: [{ productId: temaProduct.productId, quantity: 5 }],
      requiredBy: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      responseDeadline: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      deliveryLocation: '1 Ring Road, Accra',
      invite: [ids.temaAdmin.orgId],
    });
    expect(sent.statusCode, describeAnswer(sent)).toBe(201);
    const rfqId = sent.json().id as string;
    const rfq = sql`select status::text, (select count(*)::int from rfq_quotes q where q.rfq_id = r.id) as quotes,
                           (select array_agg(i.status::text order by i.supplier_org_id) from rfq_invitations i
                            where i.rfq_id = r.id) as invitations
                    from rfqs r where r.id = ${rfqId}`;
    const before = await one(t, rfq, 'the RFQ');
    const detail = await call('GET', `/api/rfqs/${rfqId}`, tokens.temaInventory);
    expect(detail.statusCode, describeAnswer(detail)).toBe(200);
    const quote = {
      lines: [
        {
          rfqLineId: (detail.json() as { lines: { id: string }[] }).lines[0]!.id,
          unitPrice: 9.5,
          quantity: 5,
          leadTimeDays: 2,
        },
      ],
      validUntil: nextYear(),
      paymentTerms: 'Net 30',
    };
    const award = { awards: [{ quoteLineId: NONE, quantity: 1 }] };

    // Another customer: not its request, so it does not exist for it; a customer cannot quote at all.
    for (const [method, url, payload] of [
      ['GET', `/api/rfqs/${rfqId}`, undefined],
      ['POST', `/api/rfqs/${rfqId}/close`, undefined],
      ['POST', `/api/rfqs/${rfqId}/cancel`, {}],
      ['POST', `/api/rfqs/${rfqId}/award`, award],
    ] as const) {
      const res = await call(method, url, tokens.kejetia, payload);
      expect(res.statusCode, `${method} ${url} as Kejetia: ${describeAnswer(res)}`).toBe(404);
    }
    for (const kind of ['kejetia', 'accracare'] as const) {
      const res = await call('PUT', `/api/rfqs/${rfqId}/quote`, tokens[kind], quote);
      expect(res.statusCode, `PUT quote as ${kind}: ${describeAnswer(res)}`).toBe(403);
    }
    // A supplier it did not invite: the request does not exist for it.
    for (const [method, url, payload] of [
      ['GET', `/api/rfqs/${rfqId}`, undefined],
      ['PUT', `/api/rfqs/${rfqId}/quote`, quote],
      ['POST', `/api/rfqs/${rfqId}/decline`, {}],
      ['DELETE', `/api/rfqs/${rfqId}/quote`, undefined],
    ] as const) {
      const res = await call(method, url, tokens.medilink, payload);
      expect(res.statusCode, `${method} ${url} as Medilink: ${describeAnswer(res)}`).toBe(404);
    }
    const medilinkList = await call('GET', '/api/rfqs', tokens.medilink);
    expect(medilinkList.statusCode, describeAnswer(medilinkList)).toBe(200);
    expect(medilinkList.body).not.toContain(rfqId);
    expect(await one(t, rfq, 'the RFQ')).toEqual(before);

    // The invited supplier: its clerk without manage_inventory is refused, its InventoryManager quotes.
    const clerk = await call('GET', `/api/rfqs/${rfqId}`, tokens.temaShipping);
    expect(clerk.statusCode, describeAnswer(clerk)).toBe(403);
    const quoted = await call('PUT', `/api/rfqs/${rfqId}/quote`, tokens.temaInventory, quote);
    expect(quoted.statusCode, describeAnswer(quoted)).toBe(200);
    expect(await one(t, rfq, 'the RFQ')).toMatchObject({ status: 'open', quotes: 1 });
  });

  it('keeps a return and its credit note to the buyer and the supplier it names', async () => {
    // A delivered drop of AccraCare's order from Tema, made through the API.
    const drafted = await call('POST', '/api/orders', tokens.accracare, {
      sellerId: ids.temaAdmin.orgId,
      productId: temaProduct.productId,
      paymentTermMethod: 'mobile_money',
      drops: [{ addressName: 'Main branch', address: '1 Ring Road, Accra', quantity: 3 }],
    });
    expect(drafted.statusCode, describeAnswer(drafted)).toBe(201);
    const order = drafted.json() as { id: string; drops: { id: string }[] };
    const dropId = order.drops[0]!.id;
    const approved = await call('POST', `/api/orders/${order.id}/approve`, tokens.accracare);
    expect(approved.statusCode, describeAnswer(approved)).toBe(200);
    for (const status of ['Shipped', 'Out for Delivery', 'Delivered']) {
      const moved = await call('PATCH', `/api/orders/${order.id}/drops/${dropId}`, tokens.temaShipping, {
        status,
      });
      expect(moved.statusCode, `${status}: ${describeAnswer(moved)}`).toBe(200);
    }
    const { batch } = await one<{ batch: string | null }>(
      t,
      sql`select l.batch_number as batch from drop_allocations a join inventory_lots l on l.id = a.lot_id
          where a.drop_id = ${dropId} order by l.expiry_date limit 1`,
      'the drop’s allocation',
    );
    const asked = await call('POST', '/api/returns', tokens.accracare, {
      orderId: order.id,
      lines: [{ dropId, batchNumber: batch, quantity: 3, reason: 'damaged' }],
      notes: 'Crushed boxes',
    });
    expect(asked.statusCode, describeAnswer(asked)).toBe(201);
    const returnId = asked.json().id as string;
    const [lineId] = await queryIds(sql`select id from return_lines where return_id = ${returnId}`);
    const ret = sql`select status::text, decided_at, received_at, inspected_at,
                           (select array_agg(received_quantity) from return_lines where return_id = r.id) as received
                    from returns r where r.id = ${returnId}`;
    const returnsOfOrder = sql`select count(*) as n from returns where order_id = ${order.id}`;
    const before = await one(t, ret, 'the return');
    const steps = [
      ['GET', `/api/returns/${returnId}`, undefined],
      ['POST', `/api/returns/${returnId}/approve`, undefined],
      ['POST', `/api/returns/${returnId}/reject`, { reason: 'Not ours to take' }],
      ['POST', `/api/returns/${returnId}/receive`, { lines: [{ lineId, receivedQuantity: 3 }] }],
      [
        'POST',
        `/api/returns/${returnId}/inspect`,
        { lines: [{ lineId, restock: 0, destroy: 0, returnToManufacturer: 3 }] },
      ],
    ] as const;

    // Another buyer: the return does not exist for it, nor may it return from AccraCare's order.
    const read = await call('GET', `/api/returns/${returnId}`, tokens.kejetia);
    expect(read.statusCode, `GET as Kejetia: ${describeAnswer(read)}`).toBe(404);
    const kejetiaList = await call('GET', '/api/returns', tokens.kejetia);
    expect(kejetiaList.statusCode, describeAnswer(kejetiaList)).toBe(200);
    expect(kejetiaList.body).not.toContain(returnId);
    const stolen = await call('POST', '/api/returns', tokens.kejetia, {
      orderId: order.id,
      lines: [{ dropId, batchNumber: batch, quantity: 1, reason: 'damaged' }],
    });
    expect([400, 404], `return from AccraCare's order as Kejetia: ${describeAnswer(stolen)}`).toContain(
      stolen.statusCode,
    );
    expect(await count(t, returnsOfOrder)).toBe(1);
    // Another supplier: every step is a 404.
    for (const [method, url, payload] of steps) {
      const res = await call(method, url, tokens.medilink, payload);
      expect(res.statusCode, `${method} ${url} as Medilink: ${describeAnswer(res)}`).toBe(404);
    }
    const medilinkList = await call('GET', '/api/returns', tokens.medilink);
    expect(medilinkList.statusCode, describeAnswer(medilinkList)).toBe(200);
    expect(medilinkList.body).not.toContain(returnId);
    // Tema's CreditApprover and Pharmacist hold neither permission, and the platform is no party.
    for (const kind of ['temaCredit', 'temaPharmacist', 'platform'] as const) {
      for (const [method, url, payload] of steps) {
        const res = await call(method, url, tokens[kind], payload);
        expect(res.statusCode, `${method} ${url} as ${kind}: ${describeAnswer(res)}`).toBe(403);
      }
    }
    expect(await one(t, ret, 'the return')).toEqual(before);

    // Its own parties: the clerk approves and receives, the InventoryManager inspects, and both sides
    // read the credit note it issued; nobody else does.
    for (const [kind, step] of [
      ['temaShipping', steps[1]],
      ['temaShipping', steps[3]],
      ['temaInventory', steps[4]],
    ] as const) {
      const res = await call(step[0], step[1], tokens[kind], step[2]);
      expect(res.statusCode, `${step[0]} ${step[1]} as ${kind}: ${describeAnswer(res)}`).toBe(200);
    }
    expect(await one(t, ret, 'the return')).toMatchObject({ status: 'completed', received: [3] });
    const { id: noteId } = await one<{ id: string }>(
      t,
      sql`select id from credit_notes where return_id = ${returnId}`,
      'the credit note',
    );
    const pdf = `/api/credit-notes/${noteId}/pdf`;
    for (const kind of ['accracare', 'temaShipping', 'temaCredit'] as const) {
      const res = await call('GET', pdf, tokens[kind]);
      expect(res.statusCode, `credit note as ${kind}: ${describeAnswer(res)}`).toBe(200);
    }
    for (const [kind, status] of [
      ['kejetia', 404],
      ['medilink', 404],
      ['platform', 403],
    ] as const) {
      const res = await call('GET', pdf, tokens[kind]);
      expect(res.statusCode, `credit note as ${kind}: ${describeAnswer(res)}`).toBe(status);
    }
  });
});

describe('an event naming several organisations tells each only its own share', () => {
  it('shows each supplier of a platform recall only its own id, in the activity trail and the live stream', async () => {
    const tema = ids.temaAdmin.orgId;
    const medilink = ids.medilink.orgId;
    // A product both suppliers hold a lot of, batch MATRIX-R1; AccraCare bought some of Tema's.
    const created = await call('POST', '/api/products', tokens.temaInventory, {
      name: unique('Matrix Recall Product'),
      brandName: 'Matrix',
      category: 'Analgesics',
      unitOfMeasure: 'Box',
      itemsPerUnit: '10 tablets',
    });
    expect(created.statusCode, describeAnswer(created)).toBe(201);
    const productId = created.json().id as string;
    for (const kind of ['temaInventory', 'medilink'] as const) {
      const synced = await call('POST', '/api/inventory', tokens[kind], {
        productId,
        quantity: 20,
        unitPrice: 10,
        moq: 1,
        expiryDate: nextYear(),
        batchNumber: 'MATRIX-R1',
      });
      expect(synced.statusCode, describeAnswer(synced)).toBe(200);
    }
    const drafted = await call('POST', '/api/orders', tokens.accracare, {
      sellerId: tema,
      productId,
      paymentTermMethod: 'mobile_money',
      drops: [{ addressName: 'Main branch', address: '1 Ring Road, Accra', quantity: 2 }],
    });
    expect(drafted.statusCode, describeAnswer(drafted)).toBe(201);
    const approved = await call('POST', `/api/orders/${drafted.json().id}/approve`, tokens.accracare);
    expect(approved.statusCode, describeAnswer(approved)).toBe(200);

    const before = await one<{ id: number }>(
      t,
      sql`select coalesce(max(id), 0)::int as id from events`,
      'id',
    );
    const declared = await call('POST', '/api/recalls', tokens.platform, {
      productId,
      batchNumbers: ['MATRIX-R1'],
      reason: 'Matrix recall of two suppliers',
      severity: 'class_2',
    });
    expect(declared.statusCode, describeAnswer(declared)).toBe(201);
    const recallId = declared.json().id as string;
    const { id: eventId } = await one<{ id: number }>(
      t,
      sql`select id::int as id from events where type = 'recall.declared' and refs ->> 'recallId' = ${recallId}`,
      'the recall event',
    );
    const sorted = (list: string[] | undefined) => (list ? [...list].sort() : list);
    const both = sorted([tema, medilink]);

    // The activity trail: each supplier's administrators, and the platform.
    const trail: Partial<Record<SignedIn, string[] | undefined>> = {};
    for (const kind of ['temaAdmin', 'medilink', 'platform'] as const) {
      const res = await call('GET', '/api/activity?type=recall.declared&limit=200', tokens[kind]);
      expect(res.statusCode, describeAnswer(res)).toBe(200);
      const item = (res.json() as ActivityPage).items.find((i) => i.id === eventId);
      expect(item, `${kind} sees the recall in its activity`).toBeDefined();
      trail[kind] = sorted(item!.refs.supplierIds);
    }

    // The live stream, replayed from just before the recall: every user of the organisations it names.
    const live: Partial<Record<SignedIn, string[] | undefined>> = {};
    for (const kind of ['temaAdmin', 'temaInventory', 'medilink', 'platform', 'accracare'] as const) {
      const stream = await openSseStream(base, tokens[kind], before.id);
      try {
        expect(stream.status).toBe(200);
        const frame = await stream.next('recall.declared', eventId);
        const data = frame.data as LiveEventData;
        expect(data.refs.recallId, kind).toBe(recallId);
        live[kind] = sorted(data.refs.supplierIds);
      } finally {
        stream.close();
      }
    }
    expect({ trail, live }).toEqual({
      trail: { temaAdmin: [tema], medilink: [medilink], platform: both },
      live: {
        temaAdmin: [tema],
        temaInventory: [tema],
        medilink: [medilink],
        platform: both,
        // A buyer holding recalled units reads its share through the recall, not the suppliers' list.
        accracare: undefined,
      },
    });
  });
});

async function queryIds(query: ReturnType<typeof sql>, column = 'id'): Promise<Set<string>> {
  const rows = await queryRows<Record<string, string>>(t.database.db, query);
  return new Set(rows.map((r) => r[column]!));
}

const KINDS: CallerKind[] = [...REFUSED_OUTRIGHT, ...SIGNED_IN];

describe('the authorisation matrix', () => {
  it.each(Object.entries(POLICY))('%s answers each kind of caller as its policy says', async (op, policy) => {
    const method = op.split(' ')[0] as Method;
    const failures: string[] = [];
    for (const kind of KINDS) {
      const own = (kind in ids ? ids[kind as SignedIn] : ids.temaAdmin)!;
      const { url, payload } = policy.request({ kind, own, seq });
      const outright = (REFUSED_OUTRIGHT as readonly string[]).includes(kind);
      if (policy.allow === 'public') {
        if (!outright) continue;
        const res = await call(method, url, tokens[kind], payload);
        if (res.statusCode === 403 || res.statusCode >= 500) failures.push(`${kind}: ${describeAnswer(res)}`);
        continue;
      }
      const allowed = (policy.allow as readonly string[]).includes(kind);
      if (allowed && policy.stream) {
        const stream = await openSseStream(base, tokens[kind]);
        stream.close();
        const cacheControl = stream.headers.get('cache-control');
        if (stream.status !== 200 || !keptByNoCache(cacheControl))
          failures.push(`${kind}: expected 200 kept by no cache, got ${stream.status} (${cacheControl})`);
        continue;
      }
      const res = await call(method, url, tokens[kind], payload);
      if (!outright && res.statusCode < 300 && !keptByNoCache(res.headers['cache-control'] as string))
        failures.push(`${kind}: ${res.statusCode} with cache-control ${res.headers['cache-control']}`);
      const expected = outright ? '401' : allowed ? 'not 401/403' : '403';
      const ok = outright
        ? res.statusCode === 401
        : allowed
          ? res.statusCode < 500 && res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === 403;
      if (!ok) failures.push(`${kind}: expected ${expected}, got ${describeAnswer(res)}`);
      if (allowed && policy.endsSessions) {
        tokens[kind] = await t.login(ACCOUNTS[kind as SignedIn].email, ACCOUNTS[kind as SignedIn].userType);
      }
    }
    expect(failures, `${op}\n  ${failures.join('\n  ')}`).toEqual([]);
  });

  it('refuses a removed user with 401 even after other requests warmed the caches', async () => {
    const res = await call('GET', '/api/auth/me', tokens.removedUser);
    expect(res.statusCode).toBe(401);
  });

  it('lets the deactivated organisation’s admin sign in and read, as the domain says', async () => {
    const me = await call('GET', '/api/auth/me', tokens.harbour);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ organizationActive: false, userType: 'supplier' });
  });
});
