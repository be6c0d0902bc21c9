import { z } from 'zod';
import { filterFlag, pageQueryShape, pageSchema, searchText } from './pagination.ts';

export const ENTITY_KINDS = ['supplier', 'customer'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/**
 * Where an organisation stands with the platform. `awaiting_review` is a supplier that has never been
 * activated: it registered and waits for an administrator to review its licence. `deactivated` is one
 * the platform switched off (a customer, or a supplier that traded before). Both are inactive
 * (`isActive` false); the review list, its badges and its counts tell them apart.
 */
export const ENTITY_STATUSES = ['awaiting_review', 'deactivated', 'active'] as const;
export type EntityStatus = (typeof ENTITY_STATUSES)[number];
export const ENTITY_STATUS_LABELS: Record<EntityStatus, string> = {
  awaiting_review: 'Awaiting review',
  deactivated: 'Deactivated',
  active: 'Active',
};

/** GET /api/admin/entities (and entities.csv) query: every matching organisation (SPEC). */
export const entityFilterQuerySchema = z.object({
  kind: z.enum(ENTITY_KINDS, { error: 'kind must be supplier or customer' }).optional(),
  /** Only active (true) or only inactive (false) organisations: awaiting review and deactivated alike. */
  active: filterFlag,
  /** Only organisations in this status (awaiting review, deactivated or active). */
  status: z
    .enum(ENTITY_STATUSES, { error: 'status must be awaiting_review, deactivated or active' })
    .optional(),
  /** Text in the organisation's name or location, the two the review list shows. */
  q: searchText,
});
/** GET /api/admin/entities/page: the same filters with paging (decision 0014). */
export const entityListQuerySchema = entityFilterQuerySchema.extend(pageQueryShape);
export type EntityListQuery = z.output<typeof entityListQuerySchema>;

export const entityUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});

/** An organisation as platform administrators review it (SPEC §3 "Admin entity"). */
export const adminEntitySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(ENTITY_KINDS),
    users: z.array(entityUserSchema),
    isActive: z.boolean(),
    /** isActive, with an inactive supplier never yet activated told apart: it awaits licence review. */
    status: z.enum(ENTITY_STATUSES),
    paymentTerms: z.string(),
    location: z.string().nullable(),
    phone: z.string().nullable(),
    supplierCategory: z.string().nullable(),
    hasLicence: z.boolean(),
    licenceFileName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminEntity' });
export type AdminEntity = z.infer<typeof adminEntitySchema>;

export const adminEntitiesPageSchema = pageSchema(adminEntitySchema, 'AdminEntitiesPage');

/** GET /api/admin/entities.csv, the same file the review screen exports (SPEC §2). */
export const ENTITIES_CSV_FILE = 'entities.csv';
/** SPEC §2: name, kind, users (their count), active, paymentTerms, in this order. */
export const ENTITIES_CSV_COLUMNS = ['name', 'kind', 'users', 'active', 'paymentTerms'] as const;

export const entityIdParamsSchema = z.object({
  id: z.string().uuid({ error: 'Organisation id must be a UUID' }),
});

/** The longest reason a toggle keeps: a sentence or two, read in a notification and the trail. */
export const TOGGLE_REASON_MAX = 500;

export const ADMIN_MESSAGES = {
  reasonRequired: 'Give the reason for this change',
  reasonTooLong: `Keep the reason to ${TOGGLE_REASON_MAX} characters or fewer`,
} as const;

/**
 * PATCH /api/admin/entities/{id}/toggle body. The reason is required: it is recorded in the activity
 * trail and told to the organisation's admins, who need to know why they can, or cannot, trade.
 */
export const toggleEntitySchema = z
  .object({
    active: z.boolean({ error: 'active must be true or false' }),
    reason: z
      .string({ error: ADMIN_MESSAGES.reasonRequired })
      .trim()
      .min(1, ADMIN_MESSAGES.reasonRequired)
      .max(TOGGLE_REASON_MAX, ADMIN_MESSAGES.reasonTooLong),
  })
  .meta({ id: 'ToggleEntity' });
export type ToggleEntityInput = z.input<typeof toggleEntitySchema>;

/** GET /api/admin/stats (SPEC §3 "Admin stats"), plus the weekly GMV the admin page charts. */
export const adminStatsSchema = z
  .object({
    totalProducts: z.number().int(),
    /** Active suppliers. */
    totalSuppliers: z.number().int(),
    /** Suppliers never yet activated, waiting for their licence to be reviewed. */
    suppliersAwaitingReview: z.number().int(),
    activeCustomers: z.number().int(),
    /** Value of released orders (released, shipped or delivered), all time. */
    gmv: z.number(),
    /** The last 12 weeks, oldest first; week is the Monday (UTC) it starts on. */
    gmvByWeek: z.array(z.object({ week: z.string(), gmv: z.number(), orders: z.number().int() })),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** What the summary is written from: facts over the last 30 days against the 30 before. */
export const marketFactsSchema = z.object({
  windowDays: z.number().int(),
  gmv: z.number(),
  previousGmv: z.number(),
  orders: z.number().int(),
  previousOrders: z.number().int(),
  topProducts: z.array(
    z.object({ name: z.string(), units: z.number().int(), previousUnits: z.number().int() }),
  ),
  expiringStock: z.array(
    z.object({ supplier: z.string(), units: z.number().int(), value: z.number(), earliest: z.string() }),
  ),
  creditLimit: z.number(),
  creditBalance: z.number(),
  overdueInvoices: z.number().int(),
  overdueAmount: z.number(),
  /** Every inactive supplier: those awaiting licence review and those deactivated. */
  inactiveSuppliers: z.number().int(),
  /** Of the inactive suppliers, those never yet activated: their licence awaits review. */
  suppliersAwaitingReview: z.number().int(),
  inactiveCustomers: z.number().int(),
});
export type MarketFacts = z.infer<typeof marketFactsSchema>;

/** The part a model may write: checked against this before it is used. */
export const marketNarrativeSchema = z.object({
  summary: z.string().trim().min(1).max(1500),
  keyTrends: z.array(z.string().trim().min(1).max(400)).min(1).max(8),
  recommendedActions: z.array(z.string().trim().min(1).max(400)).min(1).max(8),
});
export type MarketNarrative = z.infer<typeof marketNarrativeSchema>;

/** GET /api/admin/market/summary (SPEC §3 "Market summary"). */
export const marketSummarySchema = marketNarrativeSchema
  .extend({
    generatedAt: z.string(),
    context: z.object({
      /** Released orders in the 30-day window. */
      sampleSize: z.number().int(),
      /** true when the rules wrote the text (no model configured, or the model failed). */
      fallback: z.boolean(),
    }),
    facts: marketFactsSchema,
  })
  .meta({ id: 'MarketSummary' });
export type MarketSummary = z.infer<typeof marketSummarySchema>;
