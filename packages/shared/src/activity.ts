import { z } from 'zod';
import { EVENT_TYPES, eventRefsSchema, type EventType } from './events.ts';
import { filterDate, pageQueryShape, pageSchema, refineDateRange, searchText } from './pagination.ts';

/**
 * The activity trail (docs/domain.md "Activity and order history"): the change feed's events read back
 * as sentences, for a supplier's administrators (its own organisation's) and the platform (everyone's).
 */

/**
 * Events that are plumbing rather than something a person did to the business: bells refreshing, a
 * cart's lines (private to its buyer until drafted) and ended sessions. They stay in the feed, not here.
 */
export const TECHNICAL_EVENT_TYPES = [
  'notifications.added',
  'cart.changed',
  'account.sessions_ended',
] as const;

type ActivityType = Exclude<EventType, (typeof TECHNICAL_EVENT_TYPES)[number]>;

/** The event types the trail shows, in the feed's own order. */
export const ACTIVITY_TYPES = EVENT_TYPES.filter(
  (type): type is ActivityType => !(TECHNICAL_EVENT_TYPES as readonly string[]).includes(type),
) as [ActivityType, ...ActivityType[]];
export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type { ActivityType };

/** What the type filter offers, in words. */
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  'inventory.synced': 'Stock synced',
  'inventory.imported': 'Stock imported',
  'product.created': 'Product added',
  'supplier.settings_changed': 'Trading terms changed',
  'order.drafted': 'Order drafted',
  'order.released': 'Order approved',
  'order.cancelled': 'Order cancelled',
  'drop.moved': 'Drop moved',
  'credit.application_submitted': 'Credit application',
  'credit.decided': 'Credit decision',
  'payment.recorded': 'Payment recorded',
  'organisation.registered': 'Organisation registered',
  'organisation.toggled': 'Organisation activated or deactivated',
  'staff.changed': 'Staff changed',
  'invoice.due_soon': 'Invoice due soon',
  'invoice.overdue': 'Invoice overdue',
  'lots.expiring': 'Lots expiring',
  'lots.expired': 'Lots expired',
  'recall.declared': 'Recall declared',
  'recall.acknowledged': 'Recall acknowledged',
  'product.legal_status_changed': 'Legal status of a product changed',
  'licence.submitted': 'Licence submitted',
  'licence.reviewed': 'Licence reviewed',
  'licence.expiring': 'Licence expiring',
  'licence.authorisation_expiring': 'Controlled-drugs authorisation expiring',
  'registrations.expiring': 'FDA registrations expiring',
  'controlled.signed_off': 'Controlled drug signed off',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'rfq.opened': 'Request for quotation sent',
  'rfq.responded': 'Quote sent, revised, declined or withdrawn',
  'rfq.response_received': 'Answer received on a request for quotation',
  'rfq.deadline_near': 'Quotes due within 24 hours',
  'rfq.closed': 'Request for quotation closed',
  'rfq.awarded': 'Request for quotation awarded',
  'rfq.cancelled': 'Request for quotation cancelled',
  'return.requested': 'Return requested',
  'return.decided': 'Return approved or rejected',
  'return.received': 'Return received',
  'return.inspected': 'Return inspected and credited',
  'payment.settled': 'Mobile money payment received',
  'payment.failed': 'Mobile money payment not completed',
};

/** GET /api/activity and /api/activity.csv: filters, and the page for the JSON list. */
export const activityQuerySchema = z
  .object({
    ...pageQueryShape,
    /** One event type; blank means every type the trail shows. */
    type: z
      .union([activityTypeSchema, z.literal('')], { error: 'Choose one of the activity types' })
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** First day (UTC), inclusive. */
    from: filterDate,
    /** Last day (UTC), inclusive. */
    to: filterDate,
    /** Part of the acting user's name or e-mail. */
    actor: searchText,
    /** Platform administrators only: one organisation's events. A supplier may name only its own. */
    orgId: z
      .union([z.uuid({ error: 'orgId must be an organisation id' }), z.literal('')])
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine(refineDateRange);
export type ActivityQuery = z.input<typeof activityQuerySchema>;
export type ActivityFilters = z.output<typeof activityQuerySchema>;

export const activityItemSchema = z
  .object({
    /** The event's id in the change feed; larger is later. */
    id: z.number().int().positive(),
    type: activityTypeSchema,
    /** What happened, as a sentence ("Kwame Mensah synced stock of Amoxicillin 500mg"). */
    description: z.string(),
    /** Who acted; null for the system (daily reminders) or a user since removed. */
    actorName: z.string().nullable(),
    /** The API key the actor's write was made with (a machine client's), by its name; null: in person. */
    apiKeyName: z.string().nullable(),
    /** The organisations concerned that the caller may see named (its own and the other party). */
    organisations: z.array(z.object({ id: z.string(), name: z.string() })),
    createdAt: z.string(),
    refs: eventRefsSchema,
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = pageSchema(activityItemSchema, 'ActivityPage');
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The CSV export's columns, in order; apiKey names the API key a write was made with (issue 33), else blank. */
export const ACTIVITY_CSV_COLUMNS = ['at', 'type', 'actor', 'organisation', 'description', 'apiKey'] as const;
