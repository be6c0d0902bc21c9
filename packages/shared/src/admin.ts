import { z } from 'zod';

export const ENTITY_KINDS = ['supplier', 'customer'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** GET /api/admin/entities query. */
export const entityListQuerySchema = z.object({
  kind: z.enum(ENTITY_KINDS, { error: 'kind must be supplier or customer' }).optional(),
});

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

export const entityIdParamsSchema = z.object({
  id: z.string().uuid({ error: 'Organisation id must be a UUID' }),
});

/** PATCH /api/admin/entities/{id}/toggle body. */
export const toggleEntitySchema = z.object({
  active: z.boolean({ error: 'active must be true or false' }),
});
