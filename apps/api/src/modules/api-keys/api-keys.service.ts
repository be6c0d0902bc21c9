import { randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@aduro/shared/api-keys';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { Member } from '../../plugins/auth.ts';
import { recordEvent } from '../events/events.repository.ts';
import { hashApiKey } from './key.ts';
import {
  findApiKey,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeyRow,
} from './api-keys.repository.ts';

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  createdAt: row.createdAt,
  createdByName: row.createdByName,
  lastUsedAt: row.lastUsedAt,
  revokedAt: row.revokedAt,
  revokedByName: row.revokedByName,
});

const notFoundError = () => notFound('API_KEY_NOT_FOUND', API_KEY_MESSAGES.notFound);

/** The organisation's members see its key list change, as they do its staff list. */
const keyEvent = (tx: Executor, me: Member, type: 'api_key.created' | 'api_key.revoked', apiKeyId: string) =>
  recordEvent(tx, { type, orgIds: [me.orgId], refs: { apiKeyId }, actorUserId: me.id });

/** The caller's organisation's keys, newest first, revoked ones too. */
export async function getApiKeys(db: Db, me: Member): Promise<ApiKey[]> {
  return (await listApiKeys(db, me.orgId)).map(toApiKey);
}

/**
 * Creates a key for the caller's organisation and answers it whole, this once: only its hash is kept.
 * Two live keys never share a name (compared case-insensitively), decided by the unique index.
 */
export async function createApiKey(
  db: Db,
  me: Member,
  input: { name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  try {
    return await inTransaction(db, async (tx) => {
      const id = await insertApiKey(tx, {
        orgId: me.orgId,
        name: input.name,
        prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
        keyHash: hashApiKey(key),
        scopes: input.scopes,
        createdByUserId: me.id,
      });
      const row = await findApiKey(tx, me.orgId, id);
      await keyEvent(tx, me, 'api_key.created', id);
      return { apiKey: toApiKey(row!), key };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('API_KEY_NAME_TAKEN', API_KEY_MESSAGES.nameTaken, {
        fieldErrors: { name: [API_KEY_MESSAGES.nameTaken] },
      });
    throw err;
  }
}

/**
 * Revokes a key of the caller's organisation: it stops working on its next request. Revoking a revoked
 * key answers the same record again (a retried call is no error); another organisation's is 404.
 */
export async function revokeKey(db: Db, me: Member, id: string): Promise<ApiKey> {
  return inTransaction(db, async (tx) => {
    if (await revokeApiKey(tx, me.orgId, id, me.id)) await keyEvent(tx, me, 'api_key.revoked', id);
    const row = await findApiKey(tx, me.orgId, id);
    if (!row) throw notFoundError();
    return toApiKey(row);
  });
}
