import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  ENTITIES_CSV_COLUMNS,
  type AdminEntity,
  type AdminStats,
  type EntityKind,
  type EntityListQuery,
  type MarketSummary,
} from '@aduro/shared/admin';
import { todayUtc } from '@aduro/shared/inventory';
import { isPaged, type Page } from '@aduro/shared/pagination';
import type { Db } from '../../db/client.ts';
import { toCsvLine } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { cursorId, decodeCursor, pageLimit, toPage } from '../../lib/keyset.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { MARKET_TAG } from '../suppliers/marketplace-tags.ts';
import type { ReadCache } from '../../plugins/read-cache.ts';
import { findLicence } from '../auth/auth.repository.ts';
import { recordEvent } from '../events/events.repository.ts';
import {
  countEntities,
  findEntity,
  listEntities,
  pageEntities,
  setEntityActive,
  STATUS_OF_RANK,
  type EntityFilters,
  type EntityPosition,
} from './admin.repository.ts';
import { llmSummary, type LlmSettings } from './market-summary.llm.ts';
import { rulesSummary } from './market-summary.rules.ts';
import { readGmvByWeek, readMarketFacts, readStats } from './market.repository.ts';

type EntityRow = Awaited<ReturnType<typeof listEntities>>[number];

function toEntity(row: EntityRow): AdminEntity {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as EntityKind,
    users: row.users,
    isActive: row.isActive,
    status: STATUS_OF_RANK[row.statusRank]!,
    paymentTerms: row.paymentTerms,
    location: row.location,
    phone: row.phone,
    supplierCategory: row.supplierCategory,
    hasLicence: row.licenceStorageKey !== null,
    licenceFileName: row.licenceFileName,
    createdAt: row.createdAt.toISOString(),
  };
}

const ENTITY_NOT_FOUND = 'Organisation not found';

/** A cursor of the review list: the last organisation's status rank, name and id. */
const entityCursor = z.tuple([z.number().int().min(0).max(2), z.string().max(400), cursorId]);
const positionOf = (row: EntityRow): EntityPosition => [row.statusRank, row.name, row.id];
const filtersOf = ({ kind, active, status, q }: EntityListQuery): EntityFilters => ({
  kind,
  active,
  status,
  q,
});

/**
 * Organisations for review, filtered: the whole list as an array, or a page of it when the query names
 * limit or cursor.
 * Overloaded so each route gets its one shape: a query naming limit (GET .../page) answers the
 * page, one without the whole list (decision 0014).
 */
export function getEntities(db: Db, query: EntityListQuery & { limit: number }): Promise<Page<AdminEntity>>;
export function getEntities(db: Db, query: Omit<EntityListQuery, 'cursor' | 'limit'>): Promise<AdminEntity[]>;
export async function getEntities(
  db: Db,
  query: EntityListQuery,
): Promise<AdminEntity[] | Page<AdminEntity>> {
  const filters = filtersOf(query);
  if (!isPaged(query)) return (await listEntities(db, filters)).map(toEntity);

  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, entityCursor);
  const limit = pageLimit(query);
  const [rows, total] = await Promise.all([
    pageEntities(db, { ...filters, after, limit }),
    countEntities(db, filters),
  ]);
  return toPage(rows, limit, total, positionOf, toEntity);
}

const CSV_BATCH = 500;

/**
 * Every organisation the filters match as CSV lines (header first), in the review list's order, read in
 * keyset batches as the consumer pulls them; the columns and values are the review screen's export.
 */
export async function* entitiesCsv(db: Db, query: EntityListQuery): AsyncGenerator<string> {
  const filters = filtersOf(query);
  yield toCsvLine(ENTITIES_CSV_COLUMNS);
  let after: EntityPosition | null = null;
  for (;;) {
    // A batch and one row more, which says whether another batch follows.
    const rows = await pageEntities(db, { ...filters, after, limit: CSV_BATCH });
    const batch = rows.slice(0, CSV_BATCH);
    if (batch.length > 0)
      yield batch
        .map((r) => toCsvLine([r.name, r.kind, r.users.length, r.isActive, r.paymentTerms]))
        .join('');
    if (rows.length <= CSV_BATCH) return;
    after = positionOf(batch.at(-1)!);
  }
}

/**
 * Activates or deactivates an organisation for the reason given; takes effect on the next request
 * anywhere. Records organisation.toggled, carrying the direction and the reason (the activity trail
 * shows it, the organisation's admins are told it), for the platform, and for every buyer when a
 * supplier's offers enter or leave the marketplace.
 */
export async function toggleEntity(
  db: Db,
  id: string,
  change: { active: boolean; reason: string },
  actorUserId?: string,
): Promise<AdminEntity> {
  const { active, reason } = change;
  return inTransaction(db, async (tx) => {
    if (!(await setEntityActive(tx, id, active))) throw notFound('ORGANISATION_NOT_FOUND', ENTITY_NOT_FOUND);
    const row = await findEntity(tx, id);
    if (!row) throw notFound('ORGANISATION_NOT_FOUND', ENTITY_NOT_FOUND);
    const supplier = row.kind === 'supplier';
    await recordEvent(tx, {
      type: 'organisation.toggled',
      orgIds: [id],
      audience: supplier ? ['platform', 'customer'] : ['platform'],
      refs: { organisationId: id, active, reason, ...(supplier ? { supplierId: id } : {}) },
      actorUserId,
    });
    return toEntity(row);
  });
}

/** Where an organisation's licence is stored, for platform review (null for an unknown organisation). */
export function getLicence(db: Db, id: string) {
  return findLicence(db, id);
}

/** SPEC §7: stats are cached 30 s; the read cache also drops them when the market changes (a release, a sync). */
export async function getStats(db: Db, cache: ReadCache, now = new Date()): Promise<AdminStats> {
  const bucket = Math.floor(now.getTime() / 30_000);
  return cache.get(`admin-stats:${bucket}`, [MARKET_TAG], async () => {
    const [stats, weeks] = await Promise.all([readStats(db), readGmvByWeek(db, now)]);
    return {
      totalProducts: stats.totalProducts,
      totalSuppliers: stats.totalSuppliers,
      suppliersAwaitingReview: stats.suppliersAwaitingReview,
      activeCustomers: stats.activeCustomers,
      gmv: stats.gmv,
      gmvByWeek: weeks,
    };
  });
}

/**
 * The market summary (DOMAIN.md): facts from SQL, written by the model when one is configured and
 * answers well, else by rules with context.fallback true. Kept 5 minutes (SPEC §7) whatever is written
 * meanwhile: it is a reading of the month, and the model call is slow and may cost money. Concurrent
 * callers of a cold summary share one computation.
 */
export class MarketSummaries {
  readonly #cache: LRUCache<'summary', MarketSummary, Date>;

  constructor(
    private readonly db: Db,
    private readonly llm: LlmSettings | null,
    private readonly log: FastifyBaseLogger,
    ttlMs = 5 * 60_000,
  ) {
    this.#cache = new LRUCache<'summary', MarketSummary, Date>({
      max: 1,
      ttl: ttlMs,
      fetchMethod: (_key, _stale, { context }) => this.compute(context),
    });
  }

  async get(now = new Date()): Promise<MarketSummary> {
    return (await this.#cache.fetch('summary', { context: now }))!;
  }

  async compute(now: Date): Promise<MarketSummary> {
    const facts = await readMarketFacts(this.db, now, todayUtc(now));
    let narrative = null;
    if (this.llm) {
      try {
        narrative = await llmSummary(facts, this.llm);
      } catch (err) {
        this.log.warn({ err }, 'market summary: the model failed, the rules write it instead');
      }
    }
    return {
      ...(narrative ?? rulesSummary(facts)),
      generatedAt: now.toISOString(),
      context: { sampleSize: facts.orders, fallback: narrative === null },
      facts,
    };
  }
}
