import { sql, type SQL } from 'drizzle-orm';
import type { ApiKeyScope } from '@aduro/shared/api-keys';
import type { UserType } from '@aduro/shared/permissions';
import { queryRows, type Executor } from '../../db/client.ts';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A key as the Settings screen lists it, with the names of who created and revoked it. */
export interface ApiKeyRow extends Record<string, unknown> {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  createdByName: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedByName: string | null;
}

const KEY_COLUMNS = sql`k.id, k.name, k.prefix, k.scopes, ${iso(sql`k.created_at`)} as "createdAt",
  cu.name as "createdByName", ${iso(sql`k.last_used_at`)} as "lastUsedAt",
  ${iso(sql`k.revoked_at`)} as "revokedAt", ru.name as "revokedByName"`;
const KEY_JOINS = sql`left join users cu on cu.id = k.created_by_user_id
  left join users ru on ru.id = k.revoked_by_user_id`;

/** The organisation's keys, newest first, revoked ones included. */
export async function listApiKeys(db: Executor, orgId: string): Promise<ApiKeyRow[]> {
  return queryRows<ApiKeyRow>(
    db,
    sql`select ${KEY_COLUMNS} from api_keys k ${KEY_JOINS}
        where k.org_id = ${orgId}::uuid
        order by k.created_at desc, k.id`,
  );
}

/** One key of the organisation; null for an unknown id or another organisation's. */
export async function findApiKey(db: Executor, orgId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await queryRows<ApiKeyRow>(
    db,
    sql`select ${KEY_COLUMNS} from api_keys k ${KEY_JOINS}
        where k.org_id = ${orgId}::uuid and k.id = ${id}::uuid`,
  );
  return row ?? null;
}

/** Stores a new key by its hash; a live key of the same name fails on api_keys_live_name_unique. */
export async function insertApiKey(
  db: Executor,
  values: {
    orgId: string;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: readonly ApiKeyScope[];
    createdByUserId: string;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into api_keys (org_id, name, prefix, key_hash, scopes, created_by_user_id)
        values (${values.orgId}::uuid, ${values.name}, ${values.prefix}, ${values.keyHash},
                ${`{${values.scopes.join(',')}}`}::text[], ${values.createdByUserId}::uuid)
        returning id`,
  );
  return row!.id;
}

/**
 * Revokes a live key of the organisation; answers whether this call revoked it (false: unknown, another
 * organisation's, or revoked already).
 */
export async function revokeApiKey(
  db: Executor,
  orgId: string,
  id: string,
  byUserId: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update api_keys set revoked_at = now(), revoked_by_user_id = ${byUserId}::uuid
        where org_id = ${orgId}::uuid and id = ${id}::uuid and revoked_at is null
        returning id`,
  );
  return rows.length > 0;
}

/**
 * Revokes every live key a user created, in the transaction that removes the user: a key acts as its
 * creator, and a removed user must not keep acting. Answers the keys revoked.
 */
export async function revokeKeysCreatedBy(
  db: Executor,
  orgId: string,
  userId: string,
  byUserId: string,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update api_keys set revoked_at = now(), revoked_by_user_id = ${byUserId}::uuid
        where org_id = ${orgId}::uuid and created_by_user_id = ${userId}::uuid and revoked_at is null
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** A live key found by its hash, with its organisation, its creator and this minute's count. */
export interface ResolvedApiKey extends Record<string, unknown> {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  orgId: string;
  orgKind: UserType;
  organizationName: string;
  organizationActive: boolean;
  userId: string;
  userName: string;
  userEmail: string;
  /** Requests made with the key this minute, this one included. */
  requests: number;
  /** Seconds until the next minute's window opens. */
  secondsLeft: number;
}

/**
 * The one statement a request made with a key costs: finds the live key by its hash (its creator must
 * still be a member of its organisation), counts the request in this minute's window (an upsert, so every
 * replica counts the same minute), drops the key's older windows so the table holds about one row per
 * key, and notes the key's last use at most once a minute to spare writes. No row: no such live key.
 * A deactivated organisation's key still resolves, as its people's sessions do (docs/domain.md); what it
 * may not do is refused where trading is.
 */
export async function resolveApiKey(db: Executor, keyHash: string): Promise<ResolvedApiKey | null> {
  const [row] = await queryRows<ResolvedApiKey>(
    db,
    sql`
      with k as (
        select k.id, k.name, k.scopes, k.org_id, k.last_used_at, o.kind, o.name as org_name,
               o.is_active, u.id as user_id, u.name as user_name, u.email as user_email
        from api_keys k
        join organizations o on o.id = k.org_id
        join users u on u.id = k.created_by_user_id and u.org_id = k.org_id
        where k.key_hash = ${keyHash} and k.revoked_at is null
      ),
      counted as (
        insert into api_key_usage (api_key_id, window_start, requests)
        select id, date_trunc('minute', now()), 1 from k
        on conflict (api_key_id, window_start) do update set requests = api_key_usage.requests + 1
        returning requests
      ),
      swept as (
        delete from api_key_usage
        where api_key_id in (select id from k) and window_start < date_trunc('minute', now())
      ),
      touched as (
        update api_keys set last_used_at = now()
        where id in (select id from k where last_used_at is null or last_used_at < now() - interval '1 minute')
      )
      select k.id, k.name, k.scopes, k.org_id as "orgId", k.kind as "orgKind",
             k.org_name as "organizationName", k.is_active as "organizationActive",
             k.user_id as "userId", k.user_name as "userName", k.user_email as "userEmail",
             counted.requests,
             ceil(extract(epoch from date_trunc('minute', now()) + interval '1 minute' - now()))::int
               as "secondsLeft"
      from k cross join counted`,
  );
  return row ?? null;
}
