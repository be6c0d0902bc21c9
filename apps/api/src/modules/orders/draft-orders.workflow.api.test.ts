import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayUtc } from '@aduro/shared/inventory';
import { DRAFT_MESSAGES } from '@aduro/shared/marketplace';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { draftOrders, type DraftOrderGroup, type DraftOrdersInput } from './draft-orders.workflow.ts';

// The workflow POST /orders will build on, driven directly against the seeded database: the options
// the cart never uses (a chosen method, credit term days, drops of 0 units).

let t: TestApp;
const org: Record<string, string> = {};
let ama: { id: string; name: string };
let productId: string;
let available: number;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(org, await t.organisationIds());
  [ama] = (await queryRows<{ id: string; name: string }>(
    t.database.db,
    sql`select id, name from users where email = 'buyer@accracare.demo'`,
  )) as [{ id: string; name: string }];
  // Tema Pharma's cheapest stocked offer with moq 1, so any quantity is a valid order.
  const [offer] = await queryRows<{ productId: string }>(
    t.database.db,
    sql`select f.product_id as "productId" from offers f
        where f.supplier_id = ${org['Tema Pharma Distributors']} and f.moq = 1
          and exists (select 1 from inventory_lots l where l.supplier_id = f.supplier_id and l.product_id = f.product_id
                        and l.quantity > 0 and (l.expiry_date is null or l.expiry_date >= ${todayUtc()}::date))
        order by f.unit_price limit 1`,
  );
  productId = offer!.productId;
  const [line] = await queryRows<{ available: string }>(
    t.database.db,
    sql`select (credit_limit - balance)::text as available from credit_lines
        where customer_id = ${org['AccraCare Pharmacy']} and supplier_id = ${org['Tema Pharma Distributors']}`,
  );
  available = Number(line!.available);
});
afterAll(async () => {
  await t.close();
});

const group = (over: Partial<DraftOrderGroup> = {}): DraftOrderGroup => ({
  sellerId: org['Tema Pharma Distributors']!,
  productId,
  contacts: { deliveryContactName: 'Ama Mensah', deliveryContactPhone: null, deliveryAddress: 'Osu' },
  drops: [
    {
      addressName: 'Osu',
      address: 'Oxford Street',
      contactName: null,
      contactPhone: null,
      quantity: 2,
      estimatedDeliveryDate: null,
    },
  ],
  ...over,
});
const draft = (groups: DraftOrderGroup[], buyer = 'AccraCare Pharmacy') => {
  const input: DraftOrdersInput = { buyer: { orgId: org[buyer]! }, user: ama, groups };
  return t.database.db.transaction((tx) => draftOrders(tx, input));
};
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).statusCode, message: (error as AppError).message };
}

describe('draftOrders', () => {
  it('drafts on a chosen method with credit term days, leaving out drops of 0 units', async () => {
    const drop = group().drops[0]!;
    const [order] = await draft([
      group({
        paymentMethod: 'credit_facility',
        creditTermDays: 45,
        drops: [drop, { ...drop, quantity: 0 }, { ...drop, addressName: 'Spintex', quantity: 3 }],
      }),
    ]);
    expect(order).toMatchObject({ totalQuantity: 5, paymentMethod: 'credit_facility', creditTermDays: 45 });
    const drops = await queryRows<{ sequence: number; addressName: string; quantity: number }>(
      t.database.db,
      sql`select sequence, address_name as "addressName", quantity from order_drops
          where order_id = ${order!.id} order by sequence`,
    );
    expect(drops).toEqual([
      { sequence: 1, addressName: 'Osu', quantity: 2 },
      { sequence: 2, addressName: 'Spintex', quantity: 3 },
    ]);
  });

  it('numbers several orders in one call in sequence', async () => {
    const orders = await draft([group(), group({ paymentMethod: 'cheque' })]);
    const [a, b] = orders.map((o) => Number(o.number.slice(-6)));
    expect(b).toBe(a! + 1);
    expect(orders[1]!.paymentMethod).toBe('cheque');
  });

  it('refuses a method the supplier does not accept, and bad credit term days', async () => {
    expect(await refusal(draft([group({ paymentMethod: 'cash' })]))).toEqual({
      status: 400,
      message: DRAFT_MESSAGES.methodNotAccepted('Tema Pharma Distributors', 'cash'),
    });
    expect(await refusal(draft([group({ paymentMethod: 'credit_facility', creditTermDays: 181 })]))).toEqual({
      status: 400,
      message: DRAFT_MESSAGES.creditTermDays,
    });
  });

  it('refuses credit without an active line, or above the available credit', async () => {
    expect(
      await refusal(draft([group({ paymentMethod: 'credit_facility' })], 'Kejetia Health Pharmacy')),
    ).toEqual({
      status: 409,
      message: DRAFT_MESSAGES.noCreditLine('Tema Pharma Distributors'),
    });
    const [{ price }] = (await queryRows<{ price: string }>(
      t.database.db,
      sql`select unit_price::text as price from offers
          where supplier_id = ${org['Tema Pharma Distributors']} and product_id = ${productId}`,
    )) as [{ price: string }];
    const tooMany = Math.floor(available / Number(price)) + 1;
    const drop = { ...group().drops[0]!, quantity: tooMany };
    expect(await refusal(draft([group({ paymentMethod: 'credit_facility', drops: [drop] })]))).toEqual({
      status: 409,
      message: DRAFT_MESSAGES.creditShortfall,
    });
  });

  it('refuses a total of 0 units, and writes nothing when any group is refused', async () => {
    const [before] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders`,
    );
    const zero = { ...group().drops[0]!, quantity: 0 };
    expect(await refusal(draft([group(), group({ drops: [zero] })]))).toEqual({
      status: 400,
      message: DRAFT_MESSAGES.noUnits,
    });
    const [after] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`);
    expect(after!.n).toBe(before!.n);
  });
});
