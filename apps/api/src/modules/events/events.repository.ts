import { sql } from 'drizzle-orm';
import type { EventAudience, EventRefs, EventType, FeedEvent } from '@aduro/shared/events';
import { queryRows, type Executor } from '../../db/client.ts';

/** The channel every process LISTENs on. */
export const FEED_CHANNEL = 'aduro_feed';

/**
 * NOTIFY payloads are limited to 8,000 bytes: a larger event (a sync naming hundreds of products) is
 * announced by its id alone and read back from the table by each listener.
 */
const NOTIFY_LIMIT = 7_800;

export interface NewEvent {
  type: EventType;
  /** The organisations concerned; their members receive the event. */
  orgIds: readonly string[];
  audience?: readonly EventAudience[];
  refs?: EventRefs;
  actorUserId?: string | null;
  /**
   * The API key the actor's request was made with (issue 33): the trail names it. Passed down by the
   * routes keys may write through (modules/api-keys/scopes.ts), not read from an AsyncLocalStorage: on
   * Node 20 one of those makes every promise of the process pay for async hooks (decision 0006).
   */
  apiKeyId?: string | null;
}

/** The events recorded so far in each transaction that inTransaction runs (lib/transaction.ts). */
const recordedIn = new WeakMap<object, FeedEvent[]>();
/** Who in this process hears a database's events as their transaction commits: its ChangeFeed. */
const hearers = new WeakMap<object, (events: readonly FeedEvent[]) => void>();

/**
 * The process that made a change applies its events (drops its own caches) as its transaction commits,
 * before it answers; the NOTIFY comes back a moment later and is ignored as seen. A WeakMap by
 * transaction rather than an AsyncLocalStorage per request: on Node 20 one of those makes every
 * promise and socket of the process pay for async hooks.
 */
export function collectEvents(tx: object, into: FeedEvent[]): void {
  recordedIn.set(tx, into);
}

/** Notes an event recorded in `tx`, for announceCommitted once the transaction commits. */
export function noteRecorded(tx: object, event: FeedEvent): void {
  recordedIn.get(tx)?.push(event);
}

/** Hands the events of a committed transaction on `db` to whoever hears them here. */
export function announceCommitted(db: object, events: readonly FeedEvent[]): void {
  if (events.length > 0) hearers.get(db)?.(events);
}

/** `listener` hears the events of every transaction committed on `db` by inTransaction; null stops it. */
export function hearCommits(db: object, listener: ((events: readonly FeedEvent[]) => void) | null): void {
  if (listener) hearers.set(db, listener);
  else hearers.delete(db);
}

interface EventRow extends Record<string, unknown> {
  id: string | number;
  type: EventType;
  orgIds: string[];
  audience: EventAudience[];
  refs: EventRefs;
  actorUserId: string | null;
  at: string;
}

const toEvent = (row: EventRow): FeedEvent => ({ ...row, id: Number(row.id) });

const uuidArray = (ids: readonly string[]) => `{${[...new Set(ids)].join(',')}}`;

/**
 * Records an event in the caller's transaction and announces it: PostgreSQL delivers a NOTIFY issued in
 * a transaction only when it commits, so a rolled-back workflow announces nothing. Call it as the last
 * step of a workflow, so the row's time is close to its commit (the stream's resume window relies on it).
 */
export async function recordEvent(tx: Executor, event: NewEvent): Promise<FeedEvent> {
  const [row] = await queryRows<EventRow>(
    tx,
    sql`
      with e as (
        insert into events (type, org_ids, audience, refs, actor_user_id, api_key_id)
        values (${event.type}, ${uuidArray(event.orgIds)}::uuid[], ${`{${(event.audience ?? []).join(',')}}`}::text[],
                ${JSON.stringify(event.refs ?? {})}::jsonb, ${event.actorUserId ?? null}::uuid,
                ${event.apiKeyId ?? null}::uuid)
        returning id, type, org_ids as "orgIds", audience, refs, actor_user_id as "actorUserId",
                  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      )
      select e.*
      from e
      cross join lateral (
        select pg_notify(${FEED_CHANNEL},
                 case when octet_length(j) <= ${NOTIFY_LIMIT} then j else json_build_object('id', e.id)::text end)
        from (select row_to_json(e)::text as j) payload
      ) announced`,
  );
  const recorded = toEvent(row!);
  noteRecorded(tx, recorded);
  return recorded;
}

const EVENT_COLUMNS = sql`id, type, org_ids as "orgIds", audience, refs, actor_user_id as "actorUserId",
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`;

/** Events by id, for announcements too large to carry their own body. */
export async function findEvents(db: Executor, ids: readonly number[]): Promise<FeedEvent[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<EventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from events where id = any(${`{${ids.join(',')}}`}::bigint[]) order by id`,
  );
  return rows.map(toEvent);
}

/**
 * Events a reader may have missed after it last saw `afterId`: every later id, and also the earlier ids
 * written up to `windowSeconds` before that event. Ids come from a sequence taken before commit, so a
 * slow transaction can commit after a later id was already seen; readers skip ids they have seen.
 * Scoped in SQL to what `scope` may receive (none: every event, for a process catching up).
 */
export async function eventsSince(
  db: Executor,
  opts: {
    afterId: number;
    windowSeconds: number;
    limit: number;
    scope?: { orgId: string; userType: string };
  },
): Promise<FeedEvent[]> {
  const scope = opts.scope
    ? sql`and (org_ids @> array[${opts.scope.orgId}::uuid] or ${opts.scope.userType} = any(audience))`
    : sql``;
  // Two ranges, each on its own index (id, created_at), rather than one OR that would read the table.
  const rows = await queryRows<EventRow>(
    db,
    sql`
      (select ${EVENT_COLUMNS} from events where id > ${opts.afterId} ${scope} order by id limit ${opts.limit})
      union all
      (select ${EVENT_COLUMNS} from events
       where id <= ${opts.afterId}
         and created_at >= (select created_at from events where id = ${opts.afterId})
                           - make_interval(secs => ${opts.windowSeconds})
         ${scope})
      order by id
      limit ${opts.limit}`,
  );
  return rows.map(toEvent);
}

/** The newest event id, or 0 on an empty feed. */
export async function latestEventId(db: Executor): Promise<number> {
  const [row] = await queryRows<{ id: string | number | null }>(db, sql`select max(id) as id from events`);
  return Number(row?.id ?? 0);
}

/**
 * Up to `limit` events whose jobs are not sent yet, oldest first, locked for the caller's transaction.
 * SKIP LOCKED lets every replica dispatch at once without waiting on, or repeating, another's batch; an
 * event that commits late (its id taken before a later one's) is still undispatched, so none is missed.
 */
export async function claimUndispatched(tx: Executor, limit: number): Promise<FeedEvent[]> {
  const rows = await queryRows<EventRow>(
    tx,
    sql`select ${EVENT_COLUMNS} from events where dispatched_at is null
        order by id limit ${limit} for update skip locked`,
  );
  return rows.map(toEvent);
}

export async function markDispatched(tx: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update events set dispatched_at = clock_timestamp() where id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
}

/** Marks up to `limit` undispatched events as dispatched, sending nothing; answers how many. */
export async function markAllDispatched(db: Executor, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`update events set dispatched_at = clock_timestamp()
        where id in (select id from events where dispatched_at is null order by id limit ${limit})
        returning id`,
  );
  return rows.length;
}
