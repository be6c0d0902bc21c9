import { z } from 'zod';

/**
 * API keys for machine clients (issue 33, docs/domain.md "API keys"): an organisation's Admin creates
 * named keys with scopes; a client sends `Authorization: Bearer <key>` and acts for that organisation
 * only, within the scopes. The key is shown once, when created; only its SHA-256 is kept.
 */

/** What a key may be allowed to do; the database's check constraint lists the same five. */
export const API_KEY_SCOPES = [
  'inventory:read',
  'inventory:write',
  'orders:read',
  'orders:write',
  'invoices:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** One line per scope, saying what it allows (the create dialog shows it beside the box). */
export const API_KEY_SCOPE_DESCRIPTIONS: Record<ApiKeyScope, string> = {
  'inventory:read': 'Read stock levels, batches and the import template and export',
  'inventory:write': 'Sync stock and apply bulk imports',
  'orders:read': 'Read orders sold, their drops and purchase orders',
  'orders:write': 'Move drops (dispatch, deliver, cancel) and re-pick them',
  'invoices:read': 'Read invoices issued and their PDFs',
};

/** Every key starts with this, so the server tells a key from a signed-in session before reading it. */
export const API_KEY_PREFIX = 'adk_';
/** How much of the key the lists show, prefix included: enough to tell keys apart, useless to a thief. */
export const API_KEY_SHOWN_LENGTH = 12;
export const API_KEY_NAME_MAX = 80;

export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name',
  nameTooLong: `Keep the name to ${API_KEY_NAME_MAX} characters`,
  nameTaken: 'Another key that is not revoked already has this name.',
  scopesRequired: 'Choose at least one scope',
  unknownScope: `Choose scopes from ${API_KEY_SCOPES.join(', ')}`,
  duplicateScope: 'Each scope can be chosen once.',
  notFound: 'API key not found',
  invalid: 'This API key is not valid or has been revoked.',
  rateLimited: (perMinute: number) =>
    `This API key made more than ${perMinute} requests this minute. Try again after Retry-After seconds.`,
  scopeMissing: (scope: ApiKeyScope) => `This API key lacks the ${scope} scope.`,
  notAllowed: 'API keys cannot call this operation; sign in as a person.',
  created: 'API key created',
  revoked: 'API key revoked',
  shownOnce: 'You will not see this key again',
} as const;

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.unknownScope });

/** A key as lists show it; never the key itself. */
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The key's first characters, API_KEY_PREFIX included ("adk_3fQx9Lm2"). */
    prefix: z.string(),
    scopes: z.array(apiKeyScopeSchema),
    createdAt: z.string(),
    /** Who created it; null once that user is removed (their keys are revoked with them). */
    createdByName: z.string().nullable(),
    /** The last request made with it, to the minute; null: never used. */
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    revokedByName: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/org/api-keys body. */
export const createApiKeySchema = z
  .object({
    name: z
      .string({ error: API_KEY_MESSAGES.nameRequired })
      .trim()
      .min(1, API_KEY_MESSAGES.nameRequired)
      .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
    scopes: z
      .array(apiKeyScopeSchema, { error: API_KEY_MESSAGES.scopesRequired })
      .min(1, API_KEY_MESSAGES.scopesRequired)
      .max(API_KEY_SCOPES.length, API_KEY_MESSAGES.duplicateScope)
      .refine((scopes) => new Set(scopes).size === scopes.length, API_KEY_MESSAGES.duplicateScope),
  })
  .meta({ id: 'CreateApiKey' });
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** The 201 answer: the record and, this once, the whole key. */
export const createdApiKeySchema = z
  .object({
    apiKey: apiKeySchema,
    key: z.string().meta({ description: 'The whole key. Shown this once: only its hash is kept.' }),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyParamsSchema = z.object({
  id: z.uuid({ error: API_KEY_MESSAGES.notFound }),
});
