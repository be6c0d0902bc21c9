import { z } from 'zod';

/**
 * The change feed (docs/decisions/0006-one-change-feed.md): every workflow that changes what others see
 * records one event in its own transaction. The API turns events into cache drops on every replica and
 * into Server-Sent Events frames (GET /api/events); the web app turns frames into query invalidations.
 */
export const EVENT_TYPES = [
  'inventory.synced',
  /** A stock and price-list import was applied: one event for the whole file (refs.importId). */
  'inventory.imported',
  'product.created',
  'supplier.settings_changed',
  'cart.changed',
  'order.drafted',
  'order.released',
  'order.cancelled',
  'drop.moved',
  'credit.application_submitted',
  'credit.decided',
  'payment.recorded',
  'organisation.registered',
  'organisation.toggled',
  'staff.changed',
  /** A user changed their password or signed out everywhere: their earlier sessions have ended. */
  'account.sessions_ended',
  /** The daily reminders (notifications.schedules.ts): an unpaid invoice falls due within 3 days. */
  'invoice.due_soon',
  /** The daily reminders: an unpaid invoice is past its due date. */
  'invoice.overdue',
  /** The daily reminders: a supplier's lots with stock that expire within 30 days. */
  'lots.expiring',
  /** The daily reminders: a supplier's lots with stock that expired. */
  'lots.expired',
  /** Notifications were written for users of the organisations named: their bells refresh. */
  'notifications.added',
  /** A recall quarantined batches: the suppliers holding them and every buyer that received them. */
  'recall.declared',
  /** A buyer confirmed a recalled delivery is quarantined at its pharmacy. */
  'recall.acknowledged',
  /** A platform administrator set or corrected a product's class, controlled status or FDA registration. */
  'product.legal_status_changed',
  /** A buyer submitted or renewed its pharmacy licence (at registration or under Licence): it awaits review. */
  'licence.submitted',
  /** A platform administrator verified or rejected a buyer's licence (rejecting a verified one revokes it). */
  'licence.reviewed',
  /** The daily reminders: a buyer's licence expires within 30 days. */
  'licence.expiring',
  /** The daily reminders: a buyer's controlled-drugs authorisation expires within 30 days. */
  'licence.authorisation_expiring',
  /** The daily reminders: FDA registrations of products a supplier offers expire within 30 days. */
  'registrations.expiring',
  /** A supplier's Pharmacist signed off an order of a controlled drug, writing the controlled register. */
  'controlled.signed_off',
  /** An organisation's Admin created an API key (its own members only; the key itself is never in it). */
  'api_key.created',
  /** An API key was revoked: by an Admin, or with the user who created it when they were removed. */
  'api_key.revoked',
  /** A buyer sent a request for quotation: the buyer and every invited supplier (refs.supplierIds). */
  'rfq.opened',
  /**
   * An invited supplier quoted, revised, declined or withdrew (refs.rfqResponse): its own organisation
   * only, with the actor, so no other party learns who answered.
   */
  'rfq.responded',
  /**
   * The buyer's twin of rfq.responded: no actor, and refs.supplierId only when the RFQ is unsealed, so a
   * sealed RFQ tells its buyer that someone answered, never who.
   */
  'rfq.response_received',
  /** The deadline job: invited suppliers that have not declined, 24 hours before the deadline. */
  'rfq.deadline_near',
  /** Quoting ended (the deadline passed, or the buyer closed early): the quotes are open to the buyer. */
  'rfq.closed',
  /** The buyer awarded quote lines and orders were drafted: the buyer and every invited supplier. */
  'rfq.awarded',
  /** The buyer cancelled the request before awarding it. */
  'rfq.cancelled',
  /** A buyer asked to return delivered units (refs.returnId): the buyer and the supplier. */
  'return.requested',
  /** The supplier approved or rejected a return (refs.returnStatus). */
  'return.decided',
  /** The supplier received the returned units: held apart until inspected. */
  'return.received',
  /**
   * The supplier inspected the units (restocked, destroyed, back to the manufacturer) and issued the
   * credit note (refs.creditNoteId), which lowered the invoice (refs.invoiceId) or the credit line.
   */
  'return.inspected',
  /**
   * A mobile-money payment was verified with Paystack and applied to its invoice (refs.paymentId,
   * refs.invoiceId): the buyer and the supplier. Any excess was held as credit with the supplier.
   */
  'payment.settled',
  /**
   * A mobile-money payment ended without money applied (refs.paymentId): failed, abandoned, or flagged
   * because Paystack's verification disagreed with it. The buyer only.
   */
  'payment.failed',
] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventTypeSchema>;

/**
 * The ids an event concerns. Each is optional: an event names what it touched, so a consumer (a cache,
 * a screen, later a notification) can tell whether it cares without reading the tables.
 */
export const eventRefsSchema = z.object({
  supplierId: z.uuid().optional(),
  /** Every supplier concerned, when an event concerns several (a platform recall of several suppliers' lots). */
  supplierIds: z.array(z.uuid()).optional(),
  buyerId: z.uuid().optional(),
  productIds: z.array(z.uuid()).optional(),
  orderIds: z.array(z.uuid()).optional(),
  dropId: z.uuid().optional(),
  /** The order history row a drop move wrote: the status it moved the drop to, as of this event. */
  historyId: z.number().int().positive().optional(),
  lotId: z.uuid().optional(),
  /** The lots a daily expiry reminder names. */
  lotIds: z.array(z.uuid()).optional(),
  applicationId: z.uuid().optional(),
  creditLineId: z.uuid().optional(),
  invoiceId: z.uuid().optional(),
  recallId: z.uuid().optional(),
  userId: z.uuid().optional(),
  organisationId: z.uuid().optional(),
  /** api_key.created and api_key.revoked: the key. */
  apiKeyId: z.uuid().optional(),
  /** organisation.toggled: whether the organisation is active after it, as the activity trail tells it. */
  active: z.boolean().optional(),
  /** staff.changed: what happened to the user named by userId. */
  staffChange: z.enum(['added', 'roles_changed', 'removed']).optional(),
  /**
   * organisation.toggled, and credit.decided rejecting an application: the reason given, as typed, so
   * the trail and the notification tell what was said at the time. Never a public ref: a buyer hearing
   * of a supplier's toggle through the audience is not told why.
   */
  reason: z.string().max(1000).optional(),
  /**
   * product.legal_status_changed: each field the administrator changed, with its value before and after
   * (null: not recorded), so the trail tells what changed even after a later correction.
   */
  legalStatusChanges: z
    .array(
      z.object({
        field: z.enum(['medicineClass', 'controlled', 'fdaRegistrationNumber', 'fdaRegistrationExpiresOn']),
        from: z.string().nullable(),
        to: z.string().nullable(),
      }),
    )
    .optional(),
  /** licence.reviewed: the outcome, as the trail and the buyer's notification tell it. */
  licenceStatus: z.enum(['verified', 'rejected']).optional(),
  /** licence.reviewed: whether the controlled-drugs authorisation is verified after it. */
  controlledAuthorised: z.boolean().optional(),
  /** licence.reviewed: a verified licence rejected, its verification withdrawn. */
  revoked: z.boolean().optional(),
  /** inventory.imported: the import applied. */
  importId: z.uuid().optional(),
  /** inventory.imported: what the apply did, as the trail tells it. */
  importCounts: z
    .object({
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      skipped: z.number().int(),
    })
    .optional(),
  /** The rfq.* events: the request for quotation. */
  rfqId: z.uuid().optional(),
  /** rfq.responded and rfq.response_received: what the supplier did. */
  rfqResponse: z.enum(['quoted', 'revised', 'declined', 'withdrawn']).optional(),
  /** The return.* events: the return. */
  returnId: z.uuid().optional(),
  /** return.decided: the decision. */
  returnStatus: z.enum(['approved', 'rejected']).optional(),
  /** return.inspected: the credit note issued. */
  creditNoteId: z.uuid().optional(),
  /** payment.settled and payment.failed: the mobile-money payment attempt. */
  paymentId: z.uuid().optional(),
  /** The compliance reminders: the expiry date (YYYY-MM-DD) reminded of. */
  expiresOn: z.string().optional(),
});
export type EventRefs = z.infer<typeof eventRefsSchema>;

/**
 * Who beyond the organisations named may see an event: 'customer' for changes to what the marketplace
 * offers (every buyer's matches and comparisons), 'platform' for organisation changes the operator
 * watches.
 */
export const eventAudienceSchema = z.enum(['customer', 'platform']);
export type EventAudience = z.infer<typeof eventAudienceSchema>;

/** One row of the feed, as stored and as carried by NOTIFY between processes. */
export const feedEventSchema = z.object({
  id: z.number().int().positive(),
  type: eventTypeSchema,
  orgIds: z.array(z.uuid()),
  audience: z.array(eventAudienceSchema),
  refs: eventRefsSchema,
  actorUserId: z.uuid().nullable(),
  at: z.string(),
});
export type FeedEvent = z.infer<typeof feedEventSchema>;

/**
 * The `data:` of one SSE frame: the event's type and the ids it concerns that this caller may know. A
 * caller who receives an event only through its audience (a buyer hearing of another supplier's stock)
 * gets the supplier and products, never the other side's orders or people.
 */
export const liveEventDataSchema = z.object({
  id: z.number().int().positive(),
  type: eventTypeSchema,
  at: z.string(),
  refs: eventRefsSchema,
});
export type LiveEventData = z.infer<typeof liveEventDataSchema>;

/** The refs a caller outside the event's organisations may see. */
export const PUBLIC_REF_KEYS = ['supplierId', 'productIds', 'organisationId'] as const;

/** SSE frame names that are not feed events. */
export const LIVE_CONTROL = {
  /** Sent first on every stream: the caller is connected and up to date. */
  ready: 'ready',
  /** The server lost events (a gap it could not replay): the client refetches everything it shows. */
  resync: 'resync',
  /**
   * The caller's access ended (removed user, no role left, or the session ended by a password change or
   * "sign out everywhere"): the client signs out. Its data names why: `{ reason: SignedOutReason }`.
   */
  signedOut: 'signed-out',
} as const;

/** Why a stream said 'signed-out'. */
export const SIGNED_OUT_REASONS = ['removed', 'no-access', 'session-ended'] as const;
export type SignedOutReason = (typeof SIGNED_OUT_REASONS)[number];

/**
 * Response header of a write: the highest feed event it recorded. Sent back as AFTER_HEADER on later
 * requests, it makes any replica wait until its caches have heard of that event (read your own writes).
 */
export const POSITION_HEADER = 'aduro-position';
export const AFTER_HEADER = 'aduro-after';
