import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import type { Order } from '@aduro/shared/orders';
import { openDatabase, queryRows, type Database, type Tx } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  approveRequest,
  day,
  draft,
  newBuyer,
  newProduct,
  TEMA,
  type TestBuyer,
} from './eligibility.testing.ts';

// A licence revoked while approvals run (issue 32): approval reads the buyer's licence record FOR SHARE
// right after locking the order, and a review locks it FOR UPDATE, so no order is released on a licence
// whose revocation committed first. Row-lock races need real concurrent connections: PostgreSQL only.
describe.skipIf(testDriver() !== 'postgres')('a licence revoked while approvals run (PostgreSQL)', () => {
  let t: TestApp;
  /** Connections of the test's own, so holding a lock here never takes one the app's requests need. */
  let own: Database;
  let temaStock: string;
  let temaId: string;
  const APPROVALS = 24;

  beforeAll(async () => {
    t = await createTestApp();
    const client = (t.database.db as unknown as { $client: { options: { connectionString: string } } })
      .$client;
    own = await openDatabase({ databaseUrl: client.options.connectionString });
    temaStock = await t.login('stock@tema-pharma.demo', 'supplier');
    temaId = (await t.organisationIds())[TEMA]!;
  });
  afterAll(async () => {
    expect(t.serverErrors).toEqual([]);
    await own.close();
    await t.close();
  });

  /** A verified pharmacy with APPROVALS orders of a class A product awaiting its approval. */
  async function pharmacyWithOrders() {
    const buyer = await newBuyer(t, 'revoked', {});
    const product = await newProduct(t, temaStock, 'Revocation race (class A)', {
      medicineClass: 'A',
      fdaRegistrationExpiresOn: day(300),
    });
    const orders: Order[] = [];
    for (let i = 0; i < APPROVALS; i++) orders.push(await draft(t, buyer, temaId, product.id, 2));
    return { buyer, product, orders };
  }

  /** The review's revocation, as licence-records.service.ts writes it: the record locked, then rejected. */
  async function revoke(tx: Tx, orgId: string): Promise<string> {
    await tx.execute(sql`select 1 from licence_records where org_id = ${orgId} for update`);
    await tx.execute(sql`
      update licence_records set status = 'rejected', reason = 'Suspended by the Pharmacy Council',
             reviewed_at = now(), controlled_authorised = false
      where org_id = ${orgId}`);
    // Taken once the update holds the row: any approval that read the licence as verified must have
    // written its release before this, because it held the record FOR SHARE until it committed.
    const [row] = await queryRows<{ at: string }>(tx, sql`select clock_timestamp()::text as at`);
    return row!.at;
  }

  /** Backends of this database waiting on a lock while running a statement that mentions `table`. */
  async function waitingOn(table: string) {
    const [row] = await queryRows<{ n: number }>(
      own.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query like ${`%${table}%`}`,
    );
    return row!.n;
  }

  /**
   * Each order's outcome: its status, whether its release was written, and whether that was after
   * `revokedAt` (the release event's clock_timestamp: the release's last write before its commit).
   */
  async function releases(orders: Order[], revokedAt: string | null = null) {
    return queryRows<{ id: string; status: string; released: boolean; afterRevocation: boolean }>(
      own.db,
      sql`select o.id, o.status, r.at is not null as released,
                 coalesce(r.at >= ${revokedAt}::timestamptz, false) as "afterRevocation"
          from orders o
          left join lateral (
            select min(e.created_at) as at from events e
            where e.type = 'order.released' and e.refs->'orderIds' ? o.id::text
          ) r on true
          where o.id = any(${`{${orders.map((o) => o.id).join(',')}}`}::uuid[])`,
    );
  }

  const approveAll = (buyer: TestBuyer, orders: Order[]) =>
    Promise.all(orders.map((o) => approveRequest(t, buyer, o.id)));

  it('releases nothing that approvals started while the revocation held the licence', async () => {
    const { buyer, product, orders } = await pharmacyWithOrders();
    let approvals!: ReturnType<typeof approveAll>;
    const revokedAt = await own.db.transaction(async (tx) => {
      const at = await revoke(tx, buyer.orgId);
      approvals = approveAll(buyer, orders);
      // Held open until approvals are queued behind it on the licence record (or, were the record not
      // locked, have been released): waited for on the server's state, never on a time.
      await vi.waitFor(
        async () => {
          const released = (await releases(orders)).filter((r) => r.released).length;
          expect((await waitingOn('licence_records')) + released).toBeGreaterThanOrEqual(4);
        },
        { timeout: 30_000, interval: 20 },
      );
      return at;
    });

    const results = await approvals;
    const outcomes = await releases(orders, revokedAt);
    // Every approval committed after the revocation, so every one is refused, and nothing was written.
    expect(outcomes.filter((o) => o.afterRevocation)).toEqual([]);
    expect(outcomes.filter((o) => o.released || o.status !== 'AWAITING_CUSTOMER_APPROVAL')).toEqual([]);
    expect(new Set(results.map((r) => `${r.statusCode} ${r.json().code} ${r.json().message}`))).toEqual(
      new Set([`409 LICENCE_REQUIRED ${COMPLIANCE_MESSAGES.licenceRequired(product.name)}`]),
    );
  });

  it('lets approvals holding the licence finish before a revocation commits, and refuses the rest', async () => {
    const { buyer, product, orders } = await pharmacyWithOrders();
    // Tema's lots of the product held here, so approvals that have read the licence (and hold it FOR
    // SHARE) wait on the lots; the revocation then comes while they are in flight.
    let approvals!: ReturnType<typeof approveAll>;
    let revocation!: Promise<string>;
    let revoked = false;
    await own.db.transaction(async (blocker) => {
      await blocker.execute(sql`
        select 1 from inventory_lots where supplier_id = ${temaId} and product_id = ${product.id} for update`);
      approvals = approveAll(buyer, orders);
      await vi.waitFor(async () => expect(await waitingOn('inventory_lots')).toBeGreaterThanOrEqual(4), {
        timeout: 30_000,
        interval: 20,
      });
      revocation = own.db.transaction((tx) => revoke(tx, buyer.orgId));
      void revocation.then(() => (revoked = true));
      // The revocation is queued behind the approvals' shared locks (or, were there none, done).
      await vi.waitFor(async () => expect(revoked || (await waitingOn('licence_records')) >= 1).toBe(true), {
        timeout: 30_000,
        interval: 20,
      });
    });

    const [results, revokedAt] = await Promise.all([approvals, revocation]);
    const outcomes = await releases(orders, revokedAt);
    const released = outcomes.filter((o) => o.status === 'RELEASED');
    // No order released after the revocation took the record; those that held it first were released.
    expect(outcomes.filter((o) => o.afterRevocation)).toEqual([]);
    expect(released.every((o) => o.released)).toBe(true);
    expect(released.length).toBeGreaterThanOrEqual(4);
    // Every other approval came after the revocation and was refused for it, writing nothing.
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(orders.length - released.length);
    expect(new Set(refused.map((r) => `${r.statusCode} ${r.json().code} ${r.json().message}`))).toEqual(
      new Set(
        refused.length ? [`409 LICENCE_REQUIRED ${COMPLIANCE_MESSAGES.licenceRequired(product.name)}`] : [],
      ),
    );
    expect(outcomes.filter((o) => o.status !== 'RELEASED').every((o) => !o.released)).toBe(true);
  });
});
