import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatsSchema, marketSummarySchema } from '@aduro/shared/admin';
import { CART_MESSAGES } from '@aduro/shared/cart';
import { CREDIT_MESSAGES } from '@aduro/shared/credit';
import { DRAFT_MESSAGES } from '@aduro/shared/marketplace';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let platform: string;
let ama: string;
let temaAdmin: string;
const org: Record<string, string> = {};
const TEMA = 'Tema Pharma Distributors';
const AMA = 'AccraCare Pharmacy';

beforeAll(async () => {
  t = await createTestApp();
  [platform, ama, temaAdmin] = await Promise.all([
    t.login('admin@aduro.demo', 'platform'),
    t.login('buyer@accracare.demo', 'customer'),
    t.login('admin@tema-pharma.demo', 'supplier'),
  ]);
  Object.assign(org, await t.organisationIds());
});
afterAll(async () => {
  expect(t.serverErrors).toEqual([]);
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, authorization: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

describe('GET /api/admin/stats', () => {
  it('counts products, active suppliers and customers, and the GMV of released orders, with 12 weeks of GMV', async () => {
    const res = await call('GET', '/api/admin/stats', platform);
    expect(res.statusCode, res.body).toBe(200);
    const stats = adminStatsSchema.parse(res.json());
    const [expected] = await queryRows<{
      products: number;
      suppliers: number;
      awaiting: number;
      customers: number;
      gmv: string;
    }>(
      t.database.db,
      sql`select (select count(*)::int from products) as products,
                 (select count(*)::int from organizations where kind = 'supplier' and is_active) as suppliers,
                 (select count(*)::int from organizations
                   where kind = 'supplier' and not is_active and activated_at is null) as awaiting,
                 (select count(*)::int from organizations where kind = 'customer' and is_active) as customers,
                 (select coalesce(sum(total_cost), 0)::text from orders
                   where status in ('RELEASED', 'SHIPPED', 'DELIVERED')) as gmv`,
    );
    expect(stats).toMatchObject({
      totalProducts: expected!.products,
      totalSuppliers: expected!.suppliers,
      suppliersAwaitingReview: expected!.awaiting,
      activeCustomers: expected!.customers,
      gmv: Number(expected!.gmv),
    });
    // The demo's Northstar awaits licence review; Harbour, deactivated after trading, does not.
    expect(stats.suppliersAwaitingReview).toBe(1);
    expect(stats.gmvByWeek).toHaveLength(12);
    const mondays = stats.gmvByWeek.map((w) => new Date(`${w.week}T00:00:00Z`).getUTCDay());
    expect(new Set(mondays)).toEqual(new Set([1]));
    expect(stats.gmvByWeek.map((w) => w.week)).toEqual([...stats.gmvByWeek.map((w) => w.week)].sort());
    const inWeeks = stats.gmvByWeek.reduce((sum, w) => sum + Math.round(w.gmv * 100), 0) / 100;
    expect(inWeeks).toBeLessThanOrEqual(stats.gmv);
    expect(stats.gmvByWeek.some((w) => w.orders > 0)).toBe(true);
  });

  it('answers 403 to customers and suppliers and 401 without a token, for stats and the summary', async () => {
    for (const url of ['/api/admin/stats', '/api/admin/market/summary']) {
      expect((await call('GET', url, ama)).statusCode).toBe(403);
      expect((await call('GET', url, temaAdmin)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/admin/market/summary without a model', () => {
  it('writes the summary by rules from facts computed in SQL, with fallback true, and keeps it 5 minutes', async () => {
    const res = await call('GET', '/api/admin/market/summary', platform);
    expect(res.statusCode, res.body).toBe(200);
    const summary = marketSummarySchema.parse(res.json());
    expect(summary.context.fallback).toBe(true);
    const [window] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders
          where status in ('RELEASED', 'SHIPPED', 'DELIVERED') and approved_at >= now() - interval '30 days'`,
    );
    expect(summary.context.sampleSize).toBe(window!.n);
    expect(summary.facts.orders).toBe(window!.n);
    expect(summary.summary).toContain(`${window!.n} orders`);
    expect(summary.facts).toMatchObject({ suppliersAwaitingReview: 1 });
    expect(summary.recommendedActions).toContain('Review the licences of 1 supplier awaiting review.');
    expect(summary.keyTrends.length).toBeGreaterThan(0);
    expect(summary.recommendedActions.length).toBeGreaterThan(0);
    const again = marketSummarySchema.parse(
      (await call('GET', '/api/admin/market/summary', platform)).json(),
    );
    expect(again.generatedAt).toBe(summary.generatedAt);
  });
});

/** A small OpenAI-compatible endpoint whose answer each test chooses. */
function modelServer() {
  let mode: 'good' | 'malformed' | 'slow' | 'error' = 'good';
  const seen: { auth?: string; model?: string; facts?: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { model: string; messages: { content: string }[] };
      seen.push({ auth: req.headers.authorization, model: parsed.model, facts: parsed.messages[1]?.content });
      const reply = (content: string) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
      };
      if (mode === 'error') {
        res.writeHead(500).end('{"error":"overloaded"}');
      } else if (mode === 'slow') {
        setTimeout(() => reply('{}'), 1_000);
      } else if (mode === 'malformed') {
        reply('{"summary": "Half an answer", "keyTrends": "not a list"}');
      } else {
        reply(
          '```json\n' +
            JSON.stringify({
              summary: 'Demand is steady and credit is healthy.',
              keyTrends: ['Paracetamol leads by units.'],
              recommendedActions: ['Chase overdue invoices.'],
            }) +
            '\n```',
        );
      }
    });
  });
  return {
    seen,
    setMode: (m: typeof mode) => (mode = m),
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () =>
          r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`),
        ),
      ),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('GET /api/admin/market/summary with a model', () => {
  const model = modelServer();
  let base: string;
  beforeAll(async () => {
    base = await model.start();
  });
  afterAll(() => model.stop());

  async function summaryWith(mode: 'good' | 'malformed' | 'slow' | 'error') {
    model.setMode(mode);
    const app = await createTestApp({
      env: { LLM_BASE_URL: base, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test' },
      llmTimeoutMs: 300,
    });
    try {
      const token = await app.login('admin@aduro.demo', 'platform');
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/admin/market/summary',
        headers: { authorization: token },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(app.serverErrors).toEqual([]);
      return marketSummarySchema.parse(res.json());
    } finally {
      await app.close();
    }
  }

  it('uses a good answer, sent the facts with the model name and key', async () => {
    const before = model.seen.length;
    const summary = await summaryWith('good');
    expect(summary).toMatchObject({
      summary: 'Demand is steady and credit is healthy.',
      keyTrends: ['Paracetamol leads by units.'],
      recommendedActions: ['Chase overdue invoices.'],
      context: { fallback: false },
    });
    const request = model.seen[before]!;
    expect(request).toMatchObject({ auth: 'Bearer sk-test', model: 'test-model' });
    expect(request.facts).toContain(`"orders":${summary.facts.orders}`);
  });

  it.each(['malformed', 'slow', 'error'] as const)(
    'falls back to the rules with fallback true when the model answers %s, after one retry',
    async (mode) => {
      const before = model.seen.length;
      const summary = await summaryWith(mode);
      expect(summary.context.fallback).toBe(true);
      expect(summary.summary).not.toBe('Demand is steady and credit is healthy.');
      expect(summary.keyTrends.length).toBeGreaterThan(0);
      expect(model.seen.length - before).toBe(2);
    },
  );
});

describe('activation takes effect everywhere at once', () => {
  it('hides a deactivated supplier from matches and refuses it in cart, orders, approvals and credit; reactivation restores it', async () => {
    const catalogue = (await call('GET', `/api/suppliers/${org[TEMA]}/products`, ama)).json() as {
      productId: string;
      moq: number;
    }[];
    const offer = catalogue[0]!;
    const draft = await call('POST', '/api/orders', ama, {
      sellerId: org[TEMA],
      productId: offer.productId,
      paymentTermMethod: 'mobile_money',
      drops: [
        { addressName: 'Main branch', address: '1 High Street, Accra', quantity: Math.max(offer.moq, 1) },
      ],
    });
    expect(draft.statusCode, draft.body).toBe(201);

    expect(
      (
        await call('PATCH', `/api/admin/entities/${org[TEMA]}/toggle`, platform, {
          active: false,
          reason: 'Market test',
        })
      ).statusCode,
    ).toBe(200);
    try {
      const matches = (await call('GET', `/api/products/${offer.productId}/suppliers`, ama)).json() as {
        id: string;
      }[];
      expect(matches.map((m) => m.id)).not.toContain(org[TEMA]);
      const cart = await call('POST', '/api/cart/items', ama, {
        productId: offer.productId,
        supplierId: org[TEMA],
        quantity: Math.max(offer.moq, 1),
      });
      expect([cart.statusCode, cart.json().message]).toEqual([409, CART_MESSAGES.inactiveSupplier(TEMA)]);
      const order = await call('POST', '/api/orders', ama, {
        sellerId: org[TEMA],
        productId: offer.productId,
        paymentTermMethod: 'mobile_money',
        drops: [
          { addressName: 'Main branch', address: '1 High Street, Accra', quantity: Math.max(offer.moq, 1) },
        ],
      });
      expect([order.statusCode, order.json().message]).toEqual([409, CART_MESSAGES.inactiveSupplier(TEMA)]);
      const approve = await call('POST', `/api/orders/${draft.json().id}/approve`, ama);
      expect([approve.statusCode, approve.json().message]).toEqual([
        409,
        CART_MESSAGES.inactiveSupplier(TEMA),
      ]);
      await t.database.db.execute(sql`
        update credit_applications set status = 'rejected', decided_at = now()
        where customer_id = ${org[AMA]} and supplier_id = ${org[TEMA]} and status = 'pending'`);
      const credit = await call('POST', '/api/credit/applications', ama, {
        supplierId: org[TEMA],
        requestedLimit: 5_000,
      });
      expect([credit.statusCode, credit.json().message]).toEqual([
        409,
        CREDIT_MESSAGES.inactiveSupplier(TEMA),
      ]);
    } finally {
      expect(
        (
          await call('PATCH', `/api/admin/entities/${org[TEMA]}/toggle`, platform, {
            active: true,
            reason: 'Market test',
          })
        ).statusCode,
      ).toBe(200);
    }
    const back = (await call('GET', `/api/products/${offer.productId}/suppliers`, ama)).json() as {
      id: string;
    }[];
    expect(back.map((m) => m.id)).toContain(org[TEMA]);
    expect((await call('POST', `/api/orders/${draft.json().id}/approve`, ama)).statusCode).toBe(200);
  });

  it('stops a deactivated customer from trading until it is reactivated', async () => {
    const catalogue = (await call('GET', `/api/suppliers/${org[TEMA]}/products`, ama)).json() as {
      productId: string;
      moq: number;
    }[];
    const line = {
      productId: catalogue[0]!.productId,
      supplierId: org[TEMA],
      quantity: Math.max(catalogue[0]!.moq, 1),
    };
    expect(
      (
        await call('PATCH', `/api/admin/entities/${org[AMA]}/toggle`, platform, {
          active: false,
          reason: 'Market test',
        })
      ).statusCode,
    ).toBe(200);
    try {
      const cart = await call('POST', '/api/cart/items', ama, line);
      expect([cart.statusCode, cart.json().message]).toEqual([409, DRAFT_MESSAGES.inactiveBuyer(AMA)]);
      const credit = await call('POST', '/api/credit/applications', ama, {
        supplierId: org[TEMA],
        requestedLimit: 5_000,
      });
      expect([credit.statusCode, credit.json().message]).toEqual([
        409,
        CREDIT_MESSAGES.inactiveCustomer(AMA),
      ]);
    } finally {
      expect(
        (
          await call('PATCH', `/api/admin/entities/${org[AMA]}/toggle`, platform, {
            active: true,
            reason: 'Market test',
          })
        ).statusCode,
      ).toBe(200);
    }
    expect((await call('POST', '/api/cart/items', ama, line)).statusCode).toBe(201);
  });
});
