import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '@aduro/shared/orders';
import { recallDetailSchema } from '@aduro/shared/recalls';
import { queryRows } from '../../db/client.ts';
import { testDriver } from '../../test/databases.ts';
import { inDays } from '../../test/dates.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// Row-lock races need real concurrent connections: PGlite has one, so these run on PostgreSQL only.
describe.skipIf(testDriver() !== 'postgres')(
  'recalls under concurrent approvals and shipping (PostgreSQL)',
  () => {
    let t: TestApp;
    let ama: string;
    let temaStock: string;
    let temaDispatch: string;
    let platform: string;
    const org: Record<string, string> = {};
    const TEMA = 'Tema Pharma Distributors';

    beforeAll(async () => {
      t = await createTestApp();
      [ama, temaStock, temaDispatch, platform] = await Promise.all([
        t.login('buyer@accracare.demo', 'customer'),
        t.login('stock@tema-pharma.demo', 'supplier'),
        t.login('dispatch@tema-pharma.demo', 'supplier'),
        t.login('admin@aduro.demo', 'platform'),
      ]);
      Object.assign(org, await t.organisationIds());
    });
    afterAll(async () => {
      expect(t.serverErrors).toEqual([]);
      await t.close();
    });

    const call = (method: 'POST' | 'PATCH' | 'GET', url: string, authorization: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

    let seq = 0;
    /** A product only Tema stocks: batch R1 (soonest expiry, so approvals take it first) and R2. */
    async function temaProduct(r1: number, r2: number) {
      const res = await call('POST', '/api/products', temaStock, {
        name: `Recall race product ${++seq}`,
        brandName: 'Test',
        category: 'Tests',
        unitOfMeasure: 'Box',
        itemsPerUnit: '10 vials',
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as string;
      await t.database.db.execute(sql`
      insert into offers (supplier_id, product_id, unit_price, moq) values (${org[TEMA]}, ${id}, 10, 1)`);
      await t.database.db.execute(sql`
      insert into inventory_lots (supplier_id, product_id, batch_number, expiry_date, quantity)
      values (${org[TEMA]}, ${id}, 'R1', ${inDays(200)}::date, ${r1}),
             (${org[TEMA]}, ${id}, 'R2', ${inDays(400)}::date, ${r2})`);
      return id;
    }
    async function draft(productId: string, units: number): Promise<Order> {
      const res = await call('POST', '/api/orders', ama, {
        sellerId: org[TEMA],
        productId,
        paymentTermMethod: 'mobile_money',
        drops: [{ addressName: 'Main branch', address: '1 High Street, Accra', quantity: units }],
      });
      expect(res.statusCode, res.body).toBe(201);
      return orderSchema.parse(res.json());
    }

    it('keeps the trace whole and takes nothing from the quarantined batch, whatever the interleaving', async () => {
      for (const round of [0, 1, 2]) {
        const productId = await temaProduct(100, 60);
        // Released before the race; its cancellation races too, giving R1's units back to the lot.
        const early = await draft(productId, 10);
        expect((await call('POST', `/api/orders/${early.id}/approve`, ama)).statusCode).toBe(200);
        const orders: Order[] = [];
        for (let i = 0; i < 20; i++) orders.push(await draft(productId, 10));

        // The recall (and the cancellation) start among the approvals, at a different place each round.
        const approvals = orders.map((o) => () => call('POST', `/api/orders/${o.id}/approve`, ama));
        const at = [2, 8, 15][round]!;
        const recall = () =>
          call('POST', '/api/recalls', round === 1 ? platform : temaStock, {
            productId,
            batchNumbers: ['R1'],
            reason: 'Particles found in retained samples',
            severity: 'class_1',
          });
        const cancel = () =>
          call('PATCH', `/api/orders/${early.id}/drops/${early.drops[0]!.id}`, temaDispatch, {
            status: 'Cancelled',
          });
        const settled = await Promise.all(
          [...approvals.slice(0, at), recall, cancel, ...approvals.slice(at)].map((start) => start()),
        );
        const [recalled, cancelled] = settled.splice(at, 2);
        const results = settled;
        expect(recalled!.statusCode, recalled!.body).toBe(201);
        expect(cancelled!.statusCode, cancelled!.body).toBe(200);
        const declared = recallDetailSchema.parse(recalled!.json());

        // Every approval succeeded, or was refused for the recall or the stock left.
        for (const r of results) {
          if (r.statusCode === 200) continue;
          expect(r.statusCode, r.body).toBe(409);
          expect(['BATCH_RECALLED', 'STOCK_SHORTFALL']).toContain(r.json().code);
        }

        // No unreturned allocation from a quarantined lot was made after its quarantine.
        const [late] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from drop_allocations a join inventory_lots l on l.id = a.lot_id
            where l.product_id = ${productId} and l.quarantined_at is not null and a.returned_at is null
              and a.created_at >= l.quarantined_at`,
        );
        expect(late!.n).toBe(0);

        // Every drop still holding units of the recalled lot is in the trace, with those units.
        const held = await queryRows<{ dropId: string; units: number }>(
          t.database.db,
          sql`select a.drop_id as "dropId", sum(a.quantity)::int as units
            from recall_lots rl join drop_allocations a on a.lot_id = rl.lot_id and a.returned_at is null
            where rl.recall_id = ${declared.id}
            group by a.drop_id order by a.drop_id`,
        );
        const seen = recallDetailSchema.parse(
          (await call('GET', `/api/recalls/${declared.id}`, platform)).json(),
        );
        expect(
          seen.trace
            .map((r) => ({ dropId: r.dropId, units: r.units }))
            .sort((a, b) => (a.dropId < b.dropId ? -1 : 1)),
        ).toEqual(held);
        expect(seen.trace.map((r) => r.dropId)).not.toContain(early.drops[0]!.id);

        // Lots never go below zero; each approved order's allocations are its drops' units.
        const [negative] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from inventory_lots where product_id = ${productId} and quantity < 0`,
        );
        expect(negative!.n).toBe(0);
        const mismatched = await queryRows<{ id: string }>(
          t.database.db,
          sql`select o.id from orders o
            where o.product_id = ${productId} and o.status = 'RELEASED'
              and (select coalesce(sum(d.quantity), 0) from order_drops d
                   where d.order_id = o.id and d.status <> 'Cancelled')
               <> (select coalesce(sum(a.quantity), 0) from drop_allocations a
                   join order_drops d on d.id = a.drop_id where d.order_id = o.id and a.returned_at is null)`,
        );
        expect(mismatched).toEqual([]);

        // Units are conserved: what the lots hold and what unreturned allocations took is what was stocked.
        const [units] = await queryRows<{ lots: number; allocated: number }>(
          t.database.db,
          sql`select (select sum(quantity)::int from inventory_lots where product_id = ${productId}) as lots,
                   (select coalesce(sum(a.quantity), 0)::int from drop_allocations a
                    join inventory_lots l on l.id = a.lot_id
                    where l.product_id = ${productId} and a.returned_at is null) as allocated`,
        );
        expect(units!.lots + units!.allocated).toBe(160);
        // Approvals that took from R1 all came before the recall: they are the trace, less the cancelled one.
        const approvedIds = new Set(orders.filter((_, i) => results[i]!.statusCode === 200).map((o) => o.id));
        for (const row of seen.trace)
          expect(approvedIds.has(row.orderId) || row.orderId === early.id).toBe(true);
      }
    });

    it('ships a drop before the recall (and the trace shows it shipped) or refuses it, never a shipped drop the quarantine missed', async () => {
      for (const round of [0, 1, 2]) {
        const productId = await temaProduct(200, 0);
        // Twelve released orders of one drop each, all from R1, shipped while R1 is recalled.
        const orders: Order[] = [];
        for (let i = 0; i < 12; i++) {
          const order = await draft(productId, 5);
          const approved = await call('POST', `/api/orders/${order.id}/approve`, ama);
          expect(approved.statusCode, approved.body).toBe(200);
          orders.push(order);
        }
        const ships = orders.map(
          (o) => () =>
            call('PATCH', `/api/orders/${o.id}/drops/${o.drops[0]!.id}`, temaDispatch, { status: 'Shipped' }),
        );
        const at = [1, 5, 9][round]!;
        const recall = () =>
          call('POST', '/api/recalls', temaStock, {
            productId,
            batchNumbers: ['R1'],
            reason: 'Particles found in retained samples',
            severity: 'class_1',
          });
        const settled = await Promise.all(
          [...ships.slice(0, at), recall, ...ships.slice(at)].map((start) => start()),
        );
        const [recalled] = settled.splice(at, 1);
        expect(recalled!.statusCode, recalled!.body).toBe(201);
        const declared = recallDetailSchema.parse(recalled!.json());

        // Each ship went through, or was refused for the recall it came after.
        const shipped = new Set<string>();
        settled.forEach((res, i) => {
          if (res.statusCode === 200) {
            shipped.add(orders[i]!.drops[0]!.id);
            return;
          }
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json()).toMatchObject({
            code: 'DROP_HOLDS_RECALLED_BATCH',
            details: { recallId: declared.id, recallNumber: declared.number, batchNumbers: 'R1' },
          });
        });

        // No drop of the quarantined lot shipped after its quarantine: a ship either committed before the
        // recall locked the lot, or read the quarantine and was refused.
        const [late] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from order_drops d
            join drop_allocations a on a.drop_id = d.id and a.returned_at is null
            join inventory_lots l on l.id = a.lot_id
            where l.product_id = ${productId} and l.quarantined_at is not null
              and d.shipped_at is not null and d.shipped_at >= l.quarantined_at`,
        );
        expect(late!.n).toBe(0);

        // The trace knows every drop: shipped as shipped, the refused ones still awaiting dispatch.
        const seen = recallDetailSchema.parse(
          (await call('GET', `/api/recalls/${declared.id}`, platform)).json(),
        );
        expect(seen.trace).toHaveLength(orders.length);
        for (const row of seen.trace) {
          if (shipped.has(row.dropId)) {
            expect(row.status, row.dropId).toBe('Shipped');
            expect(row.shippedAt, row.dropId).not.toBeNull();
          } else {
            expect(row).toMatchObject({ status: 'Awaiting Dispatch', shippedAt: null });
          }
        }
        // A refused ship wrote no history.
        const [refusedMoves] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from order_history h join order_drops d on d.id = h.drop_id
            join orders o on o.id = d.order_id
            where o.product_id = ${productId} and h.to_status = 'Shipped' and d.status <> 'Shipped'`,
        );
        expect(refusedMoves!.n).toBe(0);
      }
    });
  },
);
