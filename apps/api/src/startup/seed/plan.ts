import { PESEWAS_PER_CEDI, toCedis, toPesewas } from '@aduro/shared/money';
import type { RoleName } from '@aduro/shared/permissions';
import type {
  cartItems,
  creditApplications,
  creditLines,
  dropAllocations,
  inventoryLots,
  invoices,
  licenceRecords,
  offerPrices,
  offers,
  orderDrops,
  orderHistory,
  orders,
  organizations,
  payments,
  products,
  users,
} from '../../db/schema/index.ts';
import { buildLicencePdf } from './licence-pdf.ts';
import {
  DEMO_CREDIT_APPLICATIONS,
  DEMO_CREDIT_LINES,
  DEMO_CUSTOMERS,
  DEMO_PLATFORM,
  DEMO_SUPPLIERS,
  type DemoBranch,
  type DemoCreditLine,
  type DemoCustomer,
  type DemoSupplier,
  type DemoUser,
  type PaymentMethod,
} from './organisations.ts';
import { productDedupeKey } from '@aduro/shared/catalogue';
import { DEMO_PRODUCTS, demoGtins, type DemoProduct } from './products.ts';
import { createRandom, stableUuid, type Random } from './random.ts';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type DropStatus = (typeof orderDrops.$inferInsert)['status'] & string;
type OrderStatus = (typeof orders.$inferInsert)['status'] & string;

/** Every row the demo inserts, already consistent with each other, plus the licence files to write. */
export interface DemoPlan {
  organizations: Row<typeof organizations>[];
  users: Row<typeof users>[];
  userRoles: { userId: string; role: RoleName; createdAt: Date }[];
  products: Row<typeof products>[];
  offers: Row<typeof offers>[];
  offerPrices: Row<typeof offerPrices>[];
  inventoryLots: Row<typeof inventoryLots>[];
  orders: Row<typeof orders>[];
  orderDrops: Row<typeof orderDrops>[];
  dropAllocations: Row<typeof dropAllocations>[];
  orderHistory: Omit<Row<typeof orderHistory>, 'id'>[];
  invoices: Row<typeof invoices>[];
  payments: Row<typeof payments>[];
  creditLines: Row<typeof creditLines>[];
  creditApplications: Row<typeof creditApplications>[];
  cartItems: Row<typeof cartItems>[];
  /** Every buyer's Pharmacy Council licence (issue 32); its document is among licenceFiles. */
  licenceRecords: Row<typeof licenceRecords>[];
  licenceFiles: { storageKey: string; bytes: Buffer }[];
  lastOrderNumber: number;
  lastInvoiceNumber: number;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const HISTORY_DAYS = 182;
const RANDOM_ORDERS = 160;
const EXPIRING_SOON_DAYS = 90;
/** How far back an offer's prices go at most: past the product dialog's 12-month window. */
const PRICE_HISTORY_DAYS = 400;

/**
 * Every instant is placed on the UTC calendar relative to the start of today, and only what lies
 * before today's midnight has "happened": the seed then depends on the date of `now` alone, so two
 * runs on the same day agree to the row, and nothing is dated in the future.
 */
class Clock {
  readonly base: number;
  constructor(now: Date) {
    this.base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  }
  at(day: number, hour = 0): number {
    return this.base + day * DAY + Math.round(hour * 60) * 60_000;
  }
  date(day: number): string {
    return new Date(this.base + day * DAY).toISOString().slice(0, 10);
  }
  dayOf(ms: number): number {
    return Math.floor((ms - this.base) / DAY);
  }
  happened(ms: number | null | undefined): ms is number {
    return ms != null && ms < this.base;
  }
}

/** A share of an amount in pesewas, rounded to whole cedis the way people pay. */
const wholeCedis = (pesewas: number) => Math.round(pesewas / PESEWAS_PER_CEDI) * PESEWAS_PER_CEDI;
const pad6 = (n: number) => String(n).padStart(6, '0');
const yearOf = (ms: number) => new Date(ms).getUTCFullYear();
const orgId = (slug: string) => stableUuid('org', slug);
const userId = (email: string) => stableUuid('user', email);
const productId = (key: string) => stableUuid('product', key);

interface Lot {
  id: string;
  batchNumber: string;
  expiryDay: number | null;
  quantity: number;
  createdAt: number;
  updatedAt: number;
}

/** A price an offer held from `at` until the next one. */
interface PriceChange {
  at: number;
  pesewas: number;
}

interface Offer {
  id: string;
  supplier: DemoSupplier;
  product: DemoProduct;
  /** Today's price; the last of `prices`. */
  pricePesewas: number;
  /** Every price the offer has had, oldest first; the first is set when the offer was made. */
  prices: PriceChange[];
  moq: number;
  typicalQty: number;
  lots: Lot[];
  createdAt: number;
}

interface DropPlan {
  seq: number;
  branch: DemoBranch;
  quantity: number;
  requestedEtaDay: number;
  shipAt: number | null;
  etaDay: number | null;
  outAt: number | null;
  deliveredAt: number | null;
  cancelAt: number | null;
  trackingNumber: string;
  allocations: { lot: Lot; quantity: number; returnedAt: number | null }[];
}

interface OrderPlan {
  index: number;
  buyer: DemoCustomer;
  supplier: DemoSupplier;
  offer: Offer;
  quantity: number;
  createdAt: number;
  createdBy: DemoUser;
  approver: DemoUser;
  approvedAt: number | null;
  draftCancelAt: number | null;
  wantsCredit: boolean;
  fallbackMethod: PaymentMethod;
  method: PaymentMethod;
  drops: DropPlan[];
  seq: number;
  id: string;
  invoice?: InvoicePlan;
}

interface PaymentPlan {
  at: number;
  pesewas: number;
  method: PaymentMethod;
  reference: string;
}

interface InvoicePlan {
  seq: number;
  order: OrderPlan;
  line: LineState | null;
  amountPesewas: number;
  dueDay: number;
  payments: PaymentPlan[];
}

interface LineState {
  data: DemoCreditLine;
  id: string;
  setAt: number;
  suspendedAt: number | null;
  invoices: InvoicePlan[];
}

function supplierBySlug(slug: string): DemoSupplier {
  const s = DEMO_SUPPLIERS.find((x) => x.slug === slug);
  if (!s) throw new Error(`Unknown demo supplier ${slug}`);
  return s;
}

function customerBySlug(slug: string): DemoCustomer {
  const c = DEMO_CUSTOMERS.find((x) => x.slug === slug);
  if (!c) throw new Error(`Unknown demo customer ${slug}`);
  return c;
}

/** The user who moves drops: a shipping clerk where there is one, else the admin. */
function shippingActor(s: DemoSupplier): DemoUser {
  return s.users.find((u) => u.roles.includes('ShippingClerk')) ?? s.users[0]!;
}

/** The user who decides credit and records payments. */
function creditActor(s: DemoSupplier): DemoUser {
  return s.users.find((u) => u.roles.includes('CreditApprover')) ?? s.users[0]!;
}

function nonCreditMethods(s: DemoSupplier): PaymentMethod[] {
  return s.supportedPaymentMethods.filter((m) => m !== 'credit_facility');
}

/** The method an order falls back to when credit cannot carry it. */
function fallbackMethod(s: DemoSupplier): PaymentMethod {
  return s.defaultPaymentMethod !== 'credit_facility' ? s.defaultPaymentMethod : nonCreditMethods(s)[0]!;
}

/** Rounds an order size the way buyers write them: tens of sachets, fives of boxes. */
function roundQuantity(q: number): number {
  if (q >= 100) return Math.max(50, Math.round(q / 50) * 50);
  if (q >= 20) return Math.round(q / 5) * 5;
  return Math.max(1, Math.round(q));
}

/** Splits a quantity into k positive parts of roughly equal size. */
function splitQuantity(total: number, k: number, rng: Random): number[] {
  const parts = Math.min(k, total);
  const weights = Array.from({ length: parts }, () => rng.between(0.7, 1.3));
  const sum = weights.reduce((a, b) => a + b, 0);
  const result = weights.map((w) => Math.max(1, Math.floor((total * w) / sum)));
  let diff = total - result.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % parts) {
    if (diff > 0) {
      result[i]! += 1;
      diff -= 1;
    } else if (result[i]! > 1) {
      result[i]! -= 1;
      diff += 1;
    }
  }
  return result;
}

function buildCatalogue(clock: Clock): { offers: Offer[]; bySupplier: Map<string, Offer[]> } {
  const rng = createRandom('catalogue');
  const all: Offer[] = [];
  const bySupplier = new Map<string, Offer[]>();
  for (const supplier of DEMO_SUPPLIERS) {
    const chosen = new Set(supplier.core);
    while (chosen.size < supplier.offerCount) {
      // Controlled drugs are never drawn: only the suppliers that list them distribute them.
      const remaining = DEMO_PRODUCTS.filter((p) => !chosen.has(p.key) && !p.controlled);
      const pick = rng.weighted(
        remaining,
        (p) => (supplier.focus.includes(p.category) ? 4 : 1) * (0.5 + p.demand / 3),
      );
      chosen.add(pick.key);
    }
    for (const key of supplier.controlled ?? []) chosen.add(key);
    // Lots were received shortly after the supplier joined, and never more than ~6.5 months ago.
    const lotDay = -Math.min(supplier.joinedDaysAgo - 1, 195);
    const list: Offer[] = [];
    for (const product of DEMO_PRODUCTS) {
      if (!chosen.has(product.key)) continue;
      // A controlled offer draws from its own stream, so adding one left every other figure as it was.
      const draw = product.controlled ? createRandom(`catalogue/${supplier.slug}/${product.key}`) : rng;
      const reference = product.price * supplier.priceLevel * draw.between(0.9, 1.12);
      const step = reference >= 20 ? 50 : 5;
      // A made-up price, not an amount yet: put on the step's grid of pesewas in one rounding.
      const pricePesewas = Math.max(step, Math.round((reference * PESEWAS_PER_CEDI) / step) * step);
      const price = toCedis(pricePesewas);
      const moq =
        price < 5
          ? draw.pick([20, 50])
          : price < 20
            ? draw.pick([5, 10, 20])
            : price < 60
              ? draw.pick([1, 5, 10])
              : draw.pick([1, 2, 5]);
      const typicalQty = Math.max(moq, roundQuantity(Math.min(1000, 4000 / price)));
      const createdAt = clock.at(lotDay, 10 + list.length * 0.1);
      const expiryDays: (number | null)[] = [];
      if (product.noExpiry) {
        expiryDays.push(null);
      } else {
        if (supplier.state !== 'pending' && draw.chance(0.35)) expiryDays.push(-draw.int(4, 140));
        if (supplier.state !== 'pending' && draw.chance(0.5)) expiryDays.push(draw.int(6, 85));
        expiryDays.push(draw.int(150, 720));
        if (draw.chance(0.2)) expiryDays.push(draw.int(730, 900));
      }
      const batches = new Set<string>();
      const lots: Lot[] = expiryDays.map((expiryDay, i) => {
        // Each lot of an offer its own batch, so a recall of one never names another by chance.
        let batchNumber = batchNumberFor(clock, supplier.slug, product.key, i, expiryDay, lotDay);
        for (let k = 1; batches.has(batchNumber); k++) {
          batchNumber = batchNumberFor(clock, supplier.slug, product.key, i + 10 * k, expiryDay, lotDay);
        }
        batches.add(batchNumber);
        const [lo, hi] =
          expiryDay === null
            ? [4, 10]
            : expiryDay < 0
              ? [0.5, 2.5]
              : expiryDay < EXPIRING_SOON_DAYS
                ? [1.5, 5]
                : [3, 10];
        return {
          id: stableUuid('lot', supplier.slug, product.key, i),
          batchNumber,
          expiryDay,
          quantity: Math.max(1, Math.round(typicalQty * draw.between(lo, hi))),
          createdAt,
          updatedAt: createdAt,
        };
      });
      const offer: Offer = {
        id: stableUuid('offer', supplier.slug, product.key),
        supplier,
        product,
        pricePesewas,
        prices: [],
        moq,
        typicalQty,
        lots,
        createdAt,
      };
      list.push(offer);
      all.push(offer);
    }
    bySupplier.set(supplier.slug, list);
  }
  addPriceHistories(clock, all);
  return { offers: all, bySupplier };
}

/** Three letters of a product's name as manufacturers abbreviate it: the first, then its consonants. */
function productCode(key: string): string {
  const word = key.split('-')[0]!.toUpperCase();
  const code = word[0]! + word.slice(1).replace(/[AEIOU]/g, '');
  return (code.length >= 3 ? code : word).slice(0, 3);
}

/**
 * A batch number as manufacturers print them (docs/domain.md "Batches"): the product's letters, the
 * year and month it was made, and a sequence, in one of three house styles ('AMX2406B', 'PRC25117',
 * 'MT-2501-03'). A dated lot was made two years before it expires, an undated one shortly before it
 * was received, and none after it was received. Derived from a hash, not drawn from a random stream, so every other figure of
 * the demo stays as it was; distinct lots of one offer differ in month or sequence.
 */
function batchNumberFor(
  clock: Clock,
  supplier: string,
  product: string,
  lot: number,
  expiryDay: number | null,
  receivedDay: number,
): string {
  // Never made after it was received: a long-dated lot simply has a longer shelf life.
  const made = clock.date(Math.min(receivedDay - 45, expiryDay === null ? Infinity : expiryDay - 730));
  const yymm = made.slice(2, 4) + made.slice(5, 7);
  const seq = parseInt(stableUuid('batch', supplier, product, lot).slice(0, 4), 16) + lot;
  const code = productCode(product);
  switch (parseInt(stableUuid('batch-style', product).slice(0, 2), 16) % 3) {
    case 0:
      return `${code}${yymm}${String.fromCharCode(65 + (seq % 26))}`;
    case 1:
      return `${code}${yymm.slice(0, 2)}${String((seq % 900) + 100)}`;
    default:
      return `${code.slice(0, 2)}-${yymm}-${String((seq % 99) + 1).padStart(2, '0')}`;
  }
}

/**
 * Gives each offer the prices it had before today's, walked back from today's price: made the day
 * the supplier was activated (at most PRICE_HISTORY_DAYS ago), then changed 2 to 5 times, each a
 * small move of 1.5 to 6 % on the price's own grid, three in four of them rises, as medicine prices
 * climb with the cedi's inflation. A supplier that was switched off changed nothing since; one still
 * pending review has had only today's price. Its own random stream, so the other figures stay as they
 * were.
 */
function addPriceHistories(clock: Clock, offers: Offer[]): void {
  const pricesRng = createRandom('prices');
  for (const offer of offers) {
    const { supplier } = offer;
    // As in buildCatalogue: a controlled offer's history has its own stream.
    const rng = offer.product.controlled
      ? createRandom(`prices/${supplier.slug}/${offer.product.key}`)
      : pricesRng;
    const firstDay = -Math.min(supplier.joinedDaysAgo - 1, PRICE_HISTORY_DAYS);
    const lastDay = supplier.state === 'deactivated' ? -(supplier.deactivatedDaysAgo ?? 0) - 1 : -1;
    // Changes fall at least two weeks after the offer was made and apart from each other.
    const days = new Set<number>();
    const wanted = lastDay - firstDay > 60 ? rng.int(2, 5) : 0;
    for (let tries = 0; days.size < wanted && tries < 50; tries++) {
      const day = rng.int(firstDay + 14, lastDay);
      if ([...days].every((d) => Math.abs(d - day) >= 14)) days.add(day);
    }
    // The same grid the catalogue priced on: whole 50 pesewas from GH₵20, else 5 pesewas.
    const step = offer.pricePesewas >= toPesewas(20) ? 50 : 5;
    const changes: PriceChange[] = [];
    let after = offer.pricePesewas;
    for (const day of [...days].sort((a, b) => b - a)) {
      changes.push({ at: clock.at(day, rng.between(8, 17)), pesewas: after });
      const rise = rng.chance(0.75);
      const move = rng.between(0.015, 0.06);
      // A made-up price, not an amount yet: put back on the grid in one rounding.
      let before = Math.max(step, Math.round(after / (rise ? 1 + move : 1 - move) / step) * step);
      if (before === after) before = rise ? Math.max(step, after - step) : after + step;
      after = before;
    }
    // Made once the supplier was activated (14:00 on firstDay), or with its first lots if those came sooner.
    changes.push({ at: Math.min(clock.at(firstDay, 16), offer.createdAt), pesewas: after });
    offer.prices = changes.reverse().filter((c, i, all) => i === 0 || c.pesewas !== all[i - 1]!.pesewas);
  }
}

/** The price an offer held at `at`: an order is made at the price of its day. */
function priceAt(offer: Offer, at: number): number {
  let price = offer.prices[0]!.pesewas;
  for (const change of offer.prices) if (change.at <= at) price = change.pesewas;
  return price;
}

/** Lots a release may draw from at that day, first expiry first, undated lots last. */
function fefoLots(offer: Offer, day: number): Lot[] {
  return offer.lots
    .filter((l) => l.expiryDay === null || l.expiryDay >= day)
    .sort((a, b) => (a.expiryDay ?? Infinity) - (b.expiryDay ?? Infinity));
}

/**
 * Adds units to the lot that FEFO reaches last. Earlier allocations never touched the surplus,
 * so topping it up keeps every past allocation a valid first-expiry-first-out choice.
 */
function topUp(offer: Offer, day: number, units: number): Lot {
  const lots = fefoLots(offer, day);
  const last = lots[lots.length - 1];
  if (!last) throw new Error(`No unexpired lot of ${offer.product.key} at ${offer.supplier.slug}`);
  last.quantity += units;
  return last;
}

interface ScriptedDrop {
  quantity: number;
  ship?: number;
  eta?: number;
  out?: number;
  delivered?: number;
  cancel?: number;
}

interface ScriptedOrder {
  product: string;
  method: PaymentMethod;
  createdDay: number;
  approveDay?: number;
  draftCancelDay?: number;
  drops: ScriptedDrop[];
}

/** AccraCare with Tema Pharma in every state, whatever the random draws, for the guided demo. */
const SCRIPTED_ACCRACARE_TEMA: ScriptedOrder[] = [
  {
    product: 'amoxicillin-500',
    method: 'mobile_money',
    createdDay: -1,
    drops: [{ quantity: 35 }, { quantity: 25 }],
  },
  { product: 'al-20-120', method: 'credit_facility', createdDay: -2, drops: [{ quantity: 300 }] },
  {
    product: 'paracetamol-500',
    method: 'cheque',
    createdDay: -3,
    drops: [{ quantity: 90 }, { quantity: 60 }],
  },
  { product: 'ceftriaxone-1g', method: 'mobile_money', createdDay: -5, drops: [{ quantity: 40 }] },
  {
    product: 'metformin-500',
    method: 'credit_facility',
    createdDay: -2,
    approveDay: -1,
    drops: [
      { quantity: 50, ship: 1, eta: 3 },
      { quantity: 30, ship: 8, eta: 10 },
    ],
  },
  {
    product: 'ors',
    method: 'mobile_money',
    createdDay: -7,
    approveDay: -6,
    drops: [
      { quantity: 600, ship: -5, eta: -3, out: -3, delivered: -3 },
      { quantity: 400, ship: 2, eta: 4 },
    ],
  },
  {
    product: 'amlodipine-5',
    method: 'credit_facility',
    createdDay: -4,
    approveDay: -3,
    drops: [{ quantity: 120, ship: -2, eta: 0, out: -1, delivered: 0 }],
  },
  {
    product: 'zinc-20',
    method: 'mobile_money',
    createdDay: -9,
    draftCancelDay: -8,
    drops: [{ quantity: 300 }],
  },
  {
    product: 'artesunate-inj-60',
    method: 'cheque',
    createdDay: -20,
    approveDay: -19,
    drops: [
      { quantity: 6, cancel: -18 },
      { quantity: 6, cancel: -18 },
    ],
  },
];

function buildOrders(
  clock: Clock,
  bySupplier: Map<string, Offer[]>,
  lines: Map<string, LineState>,
): OrderPlan[] {
  const rng = createRandom('orders');
  const plans: OrderPlan[] = [];
  const offerOf = (supplier: DemoSupplier, key: string) => {
    const offer = bySupplier.get(supplier.slug)?.find((o) => o.product.key === key);
    if (!offer) throw new Error(`${supplier.slug} does not offer ${key}`);
    return offer;
  };

  const tema = supplierBySlug('tema-pharma');
  const accracare = customerBySlug('accracare');
  for (const s of SCRIPTED_ACCRACARE_TEMA) {
    const offer = offerOf(tema, s.product);
    const createdAt = clock.at(s.createdDay, 9 + plans.length * 0.5);
    const approvedAt = s.approveDay === undefined ? null : clock.at(s.approveDay, 11);
    const drops: DropPlan[] = s.drops.map((d, j) => ({
      seq: j + 1,
      branch: accracare.branches[j % accracare.branches.length]!,
      quantity: d.quantity,
      requestedEtaDay: s.createdDay + 4 + j * 7,
      shipAt: d.ship === undefined ? null : clock.at(d.ship, 10),
      etaDay: d.eta ?? null,
      outAt: d.out === undefined ? null : clock.at(d.out, 8),
      deliveredAt: d.delivered === undefined ? null : clock.at(d.delivered, 13),
      cancelAt: d.cancel === undefined ? null : clock.at(d.cancel, 11),
      trackingNumber: `${tema.trackingPrefix}-${rng.int(100000, 999999)}`,
      allocations: [],
    }));
    plans.push({
      index: plans.length,
      buyer: accracare,
      supplier: tema,
      offer,
      quantity: s.drops.reduce((sum, d) => sum + d.quantity, 0),
      createdAt,
      createdBy: accracare.users[0]!,
      approver: accracare.users[0]!,
      approvedAt,
      draftCancelAt: s.draftCancelDay === undefined ? null : clock.at(s.draftCancelDay, 15),
      wantsCredit: s.method === 'credit_facility',
      fallbackMethod: s.method === 'credit_facility' ? fallbackMethod(tema) : s.method,
      method: s.method,
      drops,
      seq: 0,
      id: '',
    });
  }

  const draft = (
    createdDay: number,
    buyer: DemoCustomer,
    supplier: DemoSupplier,
    onTerms: boolean | null,
  ) => {
    const i = plans.length;
    const createdHour = rng.between(8, 16);
    // Never a controlled drug: the history has no sign-offs or register entries to go with one.
    const offer = rng.weighted(
      bySupplier.get(supplier.slug)!.filter((o) => !o.product.controlled),
      (o) => o.product.demand,
    );
    const line = lines.get(`${buyer.slug}/${supplier.slug}`);
    const wantsCredit = line !== undefined && (onTerms ?? rng.chance(line.data.creditShare));
    // Buyers on terms order bigger batches than those paying up front.
    const size = rng.between(0.4, 1.8) * (wantsCredit ? 1.6 : 1);
    const quantity = Math.max(offer.moq, roundQuantity(offer.typicalQty * size));
    const dropCount = Math.min(
      quantity,
      rng.weighted([1, 2, 3], (k) => [0.55, 0.3, 0.15][k - 1]!),
    );
    const quantities = splitQuantity(quantity, dropCount, rng);
    const createdAt = clock.at(createdDay, createdHour);
    const createdBy = rng.pick(buyer.users);
    const approver = rng.pick(buyer.users);

    const awaitsLong = createdDay >= -14 && rng.chance(0.35);
    const draftCancelled = rng.chance(0.04);
    const approveDelay = rng.weighted([0, 1, 2], (d) => [0.55, 0.35, 0.1][d]!);
    const approveHour =
      approveDelay === 0 ? Math.min(18, createdHour + rng.between(1, 4)) : rng.between(8, 18);
    let approvedAt: number | null = clock.at(createdDay + approveDelay, approveHour);
    let draftCancelAt: number | null = null;
    if (draftCancelled) {
      draftCancelAt = clock.at(createdDay + rng.int(1, 3), rng.between(9, 17));
      approvedAt = null;
    } else if (awaitsLong) {
      approvedAt = null;
    }

    const approvedDay = createdDay + approveDelay;
    const fullCancel = rng.chance(0.03);
    const cancelFraction = rng.between(0.2, 0.8);
    const drops: DropPlan[] = [];
    let shipDay = approvedDay;
    for (let j = 0; j < quantities.length; j++) {
      shipDay =
        j === 0
          ? approvedDay + rng.weighted([0, 1, 2], (d) => [approveHour < 14 ? 0.3 : 0, 0.5, 0.2][d]!)
          : shipDay + rng.int(3, 8);
      const shipHour = shipDay === approvedDay ? approveHour + rng.between(1, 3) : rng.between(8, 15);
      // The default lead time runs from approval to delivery; about a day of it goes to dispatch.
      const lead = Math.max(1, supplier.defaultLeadTimeDays - 1 + rng.int(-1, 1));
      const etaDay = shipDay + lead;
      const onTime = rng.chance(supplier.onTimeRate);
      const deliveredDay = onTime ? etaDay - (lead > 1 && rng.chance(0.3) ? 1 : 0) : etaDay + rng.int(1, 4);
      const dropCancelled = fullCancel || (quantities.length > 1 && rng.chance(0.07));
      drops.push({
        seq: j + 1,
        branch: buyer.branches[(j + i) % buyer.branches.length]!,
        quantity: quantities[j]!,
        requestedEtaDay: createdDay + 3 + j * 7 + rng.int(0, 3),
        shipAt: clock.at(shipDay, shipHour),
        etaDay,
        outAt: clock.at(deliveredDay, rng.between(7, 9.5)),
        deliveredAt: clock.at(deliveredDay, rng.between(10, 17)),
        cancelAt: dropCancelled ? 0 : null,
        trackingNumber: `${supplier.trackingPrefix}-${rng.int(100000, 999999)}`,
        allocations: [],
      });
    }
    // Cancellations happen before the first dispatch, so a cancelled drop never shipped and a
    // payment taken after that point is already for the reduced amount.
    const firstShipAt = drops[0]!.shipAt!;
    const approvedAtPlanned = clock.at(approvedDay, approveHour);
    for (const d of drops) {
      if (d.cancelAt !== null) {
        const window = Math.min(firstShipAt - approvedAtPlanned, 3 * HOUR);
        d.cancelAt = approvedAtPlanned + Math.round((window * cancelFraction) / 60_000) * 60_000;
        d.shipAt = d.outAt = d.deliveredAt = null;
      }
    }

    const others = nonCreditMethods(supplier);
    const method = rng.chance(0.6) ? fallbackMethod(supplier) : rng.pick(others);
    plans.push({
      index: plans.length,
      buyer,
      supplier,
      offer,
      quantity,
      createdAt,
      createdBy,
      approver,
      approvedAt,
      draftCancelAt,
      wantsCredit,
      fallbackMethod: method,
      method: wantsCredit ? 'credit_facility' : method,
      drops,
      seq: 0,
      id: '',
    });
  };

  // Customers with a credit line restock from that supplier on terms every two weeks or so.
  for (const line of lines.values()) {
    const buyer = customerBySlug(line.data.customer);
    const supplier = supplierBySlug(line.data.supplier);
    for (
      let day = Math.max(-line.data.setDaysAgo + 2, -HISTORY_DAYS + 2);
      day <= -1;
      day += rng.int(12, 21)
    ) {
      draft(day, buyer, supplier, true);
    }
  }

  for (let n = 0; n < RANDOM_ORDERS; n++) {
    // Skewed towards recent days: the platform grew over the six months.
    const createdDay = -(1 + Math.floor((HISTORY_DAYS - 1) * Math.pow(rng.next(), 1.15)));
    const buyer = rng.weighted(DEMO_CUSTOMERS, (c) => c.weight);
    const candidates = Object.keys(buyer.suppliers)
      .map(supplierBySlug)
      .filter((s) => createdDay >= -(s.joinedDaysAgo - 5))
      .filter(
        (s) =>
          s.state === 'active' ||
          // A supplier switched off later still traded before; those orders are long settled.
          (s.state === 'deactivated' && createdDay <= -((s.deactivatedDaysAgo ?? 0) + 50)),
      );
    const supplier = rng.weighted(candidates, (s) => buyer.suppliers[s.slug] ?? 0);
    draft(createdDay, buyer, supplier, null);
  }

  plans.sort((a, b) => a.createdAt - b.createdAt || a.index - b.index);
  plans.forEach((p, i) => {
    p.seq = i + 1;
    p.id = stableUuid('order', p.seq);
  });
  return plans;
}

function isApproved(clock: Clock, o: OrderPlan): boolean {
  return o.draftCancelAt === null && clock.happened(o.approvedAt);
}

/** The order's unit price: the offer's price when the order was drafted. */
function orderPricePesewas(o: OrderPlan): number {
  return priceAt(o.offer, o.createdAt);
}

function orderTotalPesewas(o: OrderPlan): number {
  return o.quantity * orderPricePesewas(o);
}

function cancelledPesewas(clock: Clock, o: OrderPlan, before: number): number {
  return o.drops
    .filter((d) => clock.happened(d.cancelAt) && d.cancelAt < before)
    .reduce((sum, d) => sum + d.quantity * orderPricePesewas(o), 0);
}

function lineUsable(line: LineState, at: number): boolean {
  return at >= line.setAt && (line.suspendedAt === null || at < line.suspendedAt);
}

/** What the customer owed on the line at that instant, from the invoices and payments before it. */
function outstandingAt(clock: Clock, line: LineState, at: number): number {
  let owed = 0;
  for (const inv of line.invoices) {
    if (inv.order.approvedAt! >= at) continue;
    owed += orderTotalPesewas(inv.order) - cancelledPesewas(clock, inv.order, at);
    owed -= inv.payments.filter((p) => p.at < at).reduce((s, p) => s + p.pesewas, 0);
  }
  return owed;
}

function paymentReference(method: PaymentMethod, rng: Random): string {
  switch (method) {
    case 'mobile_money':
      return `MOMO-${rng.int(10_000_000, 99_999_999)}`;
    case 'cheque':
      return `CHQ-${rng.int(100_000, 999_999)}`;
    case 'digital_wallet':
      return `WLT-${rng.int(1_000_000, 9_999_999)}`;
    default:
      return `RCPT-${rng.int(10_000, 99_999)}`;
  }
}

/** Payments of one invoice: immediate for cash-like terms, on the customer's habits for credit. */
function planPayments(clock: Clock, inv: InvoicePlan, rng: Random): PaymentPlan[] {
  const o = inv.order;
  const amount = inv.amountPesewas;
  if (amount <= 0) return [];
  const approvedAt = o.approvedAt!;
  if (!inv.line) {
    const lastCancel = Math.max(
      approvedAt,
      ...o.drops.filter((d) => clock.happened(d.cancelAt)).map((d) => d.cancelAt!),
    );
    const at = Math.min(lastCancel + Math.round(rng.between(15, 120)) * 60_000, clock.base - 30 * 60_000);
    return [{ at, pesewas: amount, method: o.method, reference: paymentReference(o.method, rng) }];
  }
  const approvedDay = clock.dayOf(approvedAt);
  const odds = { prompt: [0.85, 0.12], slow: [0.45, 0.4], delinquent: [0.15, 0.25] }[inv.line.data.payer];
  const roll = rng.next();
  const method = rng.weighted<PaymentMethod>(['mobile_money', 'cheque', 'cash'], (m) =>
    m === 'mobile_money' ? 0.5 : m === 'cheque' ? 0.35 : 0.15,
  );
  const hour = rng.between(9, 16);
  if (roll < odds[0]! + odds[1]!) {
    // On-time payers settle in the last days of the term, as cash flow dictates.
    const payDay =
      roll < odds[0]!
        ? Math.max(approvedDay + 5, inv.dueDay - rng.int(0, Math.round((inv.dueDay - approvedDay) * 0.4)))
        : inv.dueDay + rng.int(2, 21);
    if (rng.chance(0.25) && amount >= 20_000) {
      const first = wholeCedis(amount * rng.between(0.4, 0.6));
      const firstDay = Math.max(approvedDay + 3, payDay - rng.int(3, 10));
      return [
        { at: clock.at(firstDay, hour), pesewas: first, method, reference: paymentReference(method, rng) },
        {
          at: clock.at(payDay, hour),
          pesewas: amount - first,
          method,
          reference: paymentReference(method, rng),
        },
      ];
    }
    return [
      { at: clock.at(payDay, hour), pesewas: amount, method, reference: paymentReference(method, rng) },
    ];
  }
  // Defaults: sometimes a part-payment before the due date, then nothing.
  if (rng.chance(0.35) && amount >= 10_000) {
    const part = wholeCedis(amount * rng.between(0.3, 0.6));
    const day = rng.int(approvedDay + 7, Math.max(approvedDay + 7, inv.dueDay));
    return [{ at: clock.at(day, hour), pesewas: part, method, reference: paymentReference(method, rng) }];
  }
  return [];
}

/**
 * Replays approvals and drop cancellations in time order: FEFO allocation against the lots as they
 * stood, credit checks against the line as it stood, invoices and their payments.
 */
function simulate(clock: Clock, plans: OrderPlan[], lines: Map<string, LineState>): InvoicePlan[] {
  const rng = createRandom('payments');
  type Event = { at: number; kind: 0 | 1; order: OrderPlan; drop?: DropPlan };
  const events: Event[] = [];
  for (const o of plans) {
    if (!isApproved(clock, o)) continue;
    events.push({ at: o.approvedAt!, kind: 0, order: o });
    for (const d of o.drops)
      if (clock.happened(d.cancelAt)) events.push({ at: d.cancelAt, kind: 1, order: o, drop: d });
  }
  events.sort(
    (a, b) =>
      a.at - b.at || a.kind - b.kind || a.order.seq - b.order.seq || (a.drop?.seq ?? 0) - (b.drop?.seq ?? 0),
  );

  const invoicesOut: InvoicePlan[] = [];
  for (const e of events) {
    const o = e.order;
    if (e.kind === 1) {
      for (const a of e.drop!.allocations) {
        a.returnedAt = e.at;
        a.lot.quantity += a.quantity;
        a.lot.updatedAt = e.at;
      }
      continue;
    }
    const approvedAt = o.approvedAt!;
    const day = clock.dayOf(approvedAt);

    const line = lines.get(`${o.buyer.slug}/${o.supplier.slug}`) ?? null;
    const total = orderTotalPesewas(o);
    const onCredit =
      o.wantsCredit &&
      line !== null &&
      lineUsable(line, approvedAt) &&
      outstandingAt(clock, line, approvedAt) + total <= toPesewas(line.data.limit);
    o.method = onCredit ? 'credit_facility' : o.fallbackMethod;

    for (const d of o.drops) {
      let need = d.quantity;
      const lots = fefoLots(o.offer, day);
      const available = lots.reduce((s, l) => s + l.quantity, 0);
      if (available < need) topUp(o.offer, day, need - available + o.offer.typicalQty);
      for (const lot of fefoLots(o.offer, day)) {
        if (need === 0) break;
        const take = Math.min(need, lot.quantity);
        if (take === 0) continue;
        lot.quantity -= take;
        lot.updatedAt = approvedAt;
        d.allocations.push({ lot, quantity: take, returnedAt: null });
        need -= take;
      }
    }

    const inv: InvoicePlan = {
      seq: invoicesOut.length + 1,
      order: o,
      line: onCredit ? line : null,
      amountPesewas: total - cancelledPesewas(clock, o, clock.base),
      dueDay: day + (onCredit ? (o.supplier.creditTermDays ?? 0) : 0),
      payments: [],
    };
    inv.payments = planPayments(clock, inv, rng).filter((p) => clock.happened(p.at));
    o.invoice = inv;
    if (onCredit) line!.invoices.push(inv);
    invoicesOut.push(inv);
  }
  return invoicesOut;
}

function dropStatus(clock: Clock, o: OrderPlan, d: DropPlan): DropStatus {
  if (clock.happened(o.draftCancelAt)) return 'Cancelled';
  if (!isApproved(clock, o)) return 'Awaiting Dispatch';
  if (clock.happened(d.cancelAt)) return 'Cancelled';
  if (clock.happened(d.deliveredAt)) return 'Delivered';
  if (clock.happened(d.outAt)) return 'Out for Delivery';
  if (clock.happened(d.shipAt)) return 'Shipped';
  return 'Awaiting Dispatch';
}

/** DOMAIN.md "Orders": after release the order follows its drops. */
function statusFromDrops(statuses: DropStatus[]): OrderStatus {
  const live = statuses.filter((s) => s !== 'Cancelled');
  if (live.length === 0) return 'CANCELLED';
  if (live.every((s) => s === 'Delivered')) return 'DELIVERED';
  if (live.some((s) => s === 'Shipped' || s === 'Out for Delivery' || s === 'Delivered')) return 'SHIPPED';
  return 'RELEASED';
}

const LICENCE_TITLES: Record<DemoCustomer['licence']['kind'], string> = {
  retail_pharmacy: 'Licence to operate a retail pharmacy',
  hospital_pharmacy: 'Licence to operate a hospital pharmacy',
  wholesale_pharmacy: 'Licence to operate a wholesale pharmacy',
  otc_medicine_seller: 'Licence to operate as an OTC medicine seller',
};

/**
 * A buyer's licence record and its PDF (pushed onto `files`, kept like a supplier's licence). A
 * verified one was checked by the demo's platform administrator the day after it was submitted, the
 * controlled-drugs authorisation with it.
 */
function buyerLicence(
  clock: Clock,
  c: DemoCustomer,
  files: DemoPlan['licenceFiles'],
): Row<typeof licenceRecords> {
  const l = c.licence;
  const storageKey = `demo/${c.slug}-pharmacy-licence.pdf`;
  const auth = l.controlledAuthorisation;
  const bytes = buildLicencePdf('Pharmacy Council, Ghana', [
    LICENCE_TITLES[l.kind],
    '',
    `Licensee: ${c.name}`,
    `Licence number: ${l.number}`,
    `Premises: ${c.branches[0]!.address}`,
    `Superintendent: ${c.users[0]!.name}`,
    `Valid until: ${clock.date(l.expiresInDays)}`,
    ...(auth
      ? [
          '',
          'Narcotics Control Commission: authorisation to hold and supply controlled drugs',
          `Authorisation number: ${auth.number}`,
          `Valid until: ${clock.date(auth.expiresInDays)}`,
        ]
      : []),
    '',
    'Demo document generated by the Aduro seed. Not a real licence.',
  ]);
  files.push({ storageKey, bytes });
  const submittedAt = new Date(clock.at(-l.submittedDaysAgo, 10.5));
  const verified = l.status === 'verified';
  const reviewedAt = verified ? new Date(clock.at(-l.submittedDaysAgo + 1, 11)) : null;
  const admin = DEMO_PLATFORM.users[0];
  return {
    orgId: orgId(c.slug),
    kind: l.kind,
    number: l.number,
    expiresOn: clock.date(l.expiresInDays),
    documentStorageKey: storageKey,
    documentFileName: `${c.slug}-licence.pdf`,
    documentMimeType: 'application/pdf',
    documentSizeBytes: bytes.length,
    status: l.status,
    reason: null,
    reviewedByUserId: verified ? userId(admin.email) : null,
    reviewedByName: verified ? admin.name : null,
    reviewedAt,
    controlledAuthorisationNumber: auth?.number ?? null,
    controlledAuthorisationExpiresOn: auth ? clock.date(auth.expiresInDays) : null,
    controlledAuthorised: verified && auth !== undefined,
    submittedAt,
    createdAt: submittedAt,
    updatedAt: reviewedAt ?? submittedAt,
  };
}

/** Builds the whole demo in memory; `passwordHash` is shared by every demo user. */
export function buildDemoPlan(now: Date, passwordHash: string): DemoPlan {
  const clock = new Clock(now);
  const date = (ms: number) => new Date(ms);
  const plan: DemoPlan = {
    organizations: [],
    users: [],
    userRoles: [],
    products: [],
    offers: [],
    offerPrices: [],
    inventoryLots: [],
    orders: [],
    orderDrops: [],
    dropAllocations: [],
    orderHistory: [],
    invoices: [],
    payments: [],
    creditLines: [],
    creditApplications: [],
    cartItems: [],
    licenceRecords: [],
    licenceFiles: [],
    lastOrderNumber: 0,
    lastInvoiceNumber: 0,
  };

  const addUsers = (
    org: string,
    kind: 'customer' | 'supplier' | 'platform',
    list: readonly DemoUser[],
    from: number,
  ) => {
    list.forEach((u, i) => {
      const createdAt = date(Math.min(from + i * 9 * DAY + i * HOUR, clock.base - HOUR));
      plan.users.push({
        id: userId(u.email),
        orgId: org,
        userType: kind,
        email: u.email,
        name: u.name,
        phone: u.phone ?? null,
        passwordHash,
        createdAt,
        updatedAt: createdAt,
      });
      for (const role of u.roles) plan.userRoles.push({ userId: userId(u.email), role, createdAt });
    });
  };

  // Organisations and their people.
  const platformCreated = clock.at(-450, 9);
  plan.organizations.push({
    id: orgId(DEMO_PLATFORM.slug),
    kind: 'platform',
    name: DEMO_PLATFORM.name,
    phone: DEMO_PLATFORM.phone,
    location: DEMO_PLATFORM.location,
    isActive: true,
    activatedAt: date(platformCreated),
    createdAt: date(platformCreated),
    updatedAt: date(platformCreated),
  });
  addUsers(orgId(DEMO_PLATFORM.slug), 'platform', DEMO_PLATFORM.users, platformCreated);

  for (const s of DEMO_SUPPLIERS) {
    const createdAt = clock.at(-s.joinedDaysAgo, 9.5);
    const activatedAt = s.state === 'pending' ? null : clock.at(-s.joinedDaysAgo + 1, 14);
    const updatedAt =
      s.state === 'deactivated' ? clock.at(-(s.deactivatedDaysAgo ?? 0), 16) : (activatedAt ?? createdAt);
    const storageKey = `demo/${s.slug}-licence.pdf`;
    const issuer =
      s.category === 'manufacturer' ? 'Food and Drugs Authority, Ghana' : 'Pharmacy Council, Ghana';
    const kind =
      s.category === 'manufacturer'
        ? 'Licence to manufacture medicines'
        : s.category === 'importer'
          ? 'Licence to import and sell medicines by wholesale'
          : 'Wholesale dealer licence';
    const bytes = buildLicencePdf(issuer, [
      kind,
      '',
      `Licensee: ${s.name}`,
      `Licence number: ${s.licenceNumber}`,
      `Premises: ${s.deliveryAddress}`,
      `Superintendent: ${s.users[0]!.name}`,
      `Submitted: ${clock.date(-s.joinedDaysAgo)}`,
      '',
      'Demo document generated by the Aduro seed. Not a real licence.',
    ]);
    plan.licenceFiles.push({ storageKey, bytes });
    plan.organizations.push({
      id: orgId(s.slug),
      kind: 'supplier',
      name: s.name,
      phone: s.phone,
      location: s.location,
      isActive: s.state === 'active',
      supplierCategory: s.category,
      paymentTerms: s.paymentTerms,
      supportedPaymentMethods: s.supportedPaymentMethods,
      defaultPaymentMethod: s.defaultPaymentMethod,
      supportsCredit: s.supportsCredit,
      defaultLeadTimeDays: s.defaultLeadTimeDays,
      deliveryAddress: s.deliveryAddress,
      deliveryContactName: s.deliveryContactName,
      deliveryContactPhone: s.deliveryContactPhone,
      approverEmails: s.approverEmails,
      licenceStorageKey: storageKey,
      licenceFileName: `${s.slug}-licence.pdf`,
      licenceMimeType: 'application/pdf',
      licenceSizeBytes: bytes.length,
      activatedAt: activatedAt === null ? null : date(activatedAt),
      createdAt: date(createdAt),
      updatedAt: date(updatedAt),
    });
    addUsers(orgId(s.slug), 'supplier', s.users, createdAt);
  }

  for (const c of DEMO_CUSTOMERS) {
    const createdAt = clock.at(-c.joinedDaysAgo, 10);
    plan.organizations.push({
      id: orgId(c.slug),
      kind: 'customer',
      name: c.name,
      phone: c.phone,
      location: c.location,
      isActive: true,
      activatedAt: date(createdAt),
      createdAt: date(createdAt),
      updatedAt: date(createdAt),
    });
    addUsers(orgId(c.slug), 'customer', c.users, createdAt);
    plan.licenceRecords.push(buyerLicence(clock, c, plan.licenceFiles));
  }

  // Catalogue: a few entries were added by suppliers themselves, the rest by the platform.
  const addedBy: Record<string, string> = {
    'iv-cannula-22g': 'harbour-surgical',
    'glucose-strips': 'accra-medilink',
    'artesunate-inj-60': 'tema-pharma',
  };
  const gtins = demoGtins();
  DEMO_PRODUCTS.forEach((p, i) => {
    const createdAt = date(clock.at(-440 + Math.floor(i / 8), 9 + (i % 8) * 0.25));
    const by = addedBy[p.key];
    plan.products.push({
      id: productId(p.key),
      name: p.name,
      brandName: p.brandName,
      category: p.category,
      description: p.description,
      unitOfMeasure: p.unitOfMeasure,
      itemsPerUnit: p.itemsPerUnit,
      isService: false,
      gtin: gtins.get(p.key) ?? null,
      dedupeKey: productDedupeKey(p),
      medicineClass: p.medicineClass,
      controlled: p.controlled ?? null,
      fdaRegistrationNumber: p.fdaRegistrationNumber,
      fdaRegistrationExpiresOn: clock.date(p.fdaRegistrationExpiresInDays),
      createdByOrgId: by ? orgId(by) : null,
      createdAt,
      updatedAt: createdAt,
    });
  });

  const { offers: allOffers, bySupplier } = buildCatalogue(clock);

  const lines = new Map<string, LineState>();
  for (const l of DEMO_CREDIT_LINES) {
    lines.set(`${l.customer}/${l.supplier}`, {
      data: l,
      id: stableUuid('credit-line', l.customer, l.supplier),
      setAt: clock.at(-l.setDaysAgo, 15),
      suspendedAt: l.suspendedDaysAgo === undefined ? null : clock.at(-l.suspendedDaysAgo, 10),
      invoices: [],
    });
  }

  const orderPlans = buildOrders(clock, bySupplier, lines);
  const invoicePlans = simulate(clock, orderPlans, lines);

  // Drafts still awaiting approval must be approvable in the demo: credit within what is left on
  // the line (counting the drafts before them) and enough unexpired stock for all of them.
  const reserved = new Map<string, number>();
  const stockNeed = new Map<Offer, number>();
  for (const o of orderPlans) {
    if (clock.happened(o.draftCancelAt) || isApproved(clock, o)) continue;
    if (o.wantsCredit) {
      const line = lines.get(`${o.buyer.slug}/${o.supplier.slug}`);
      const taken = reserved.get(line?.id ?? '') ?? 0;
      const fits =
        line !== undefined &&
        line.data.status === 'active' &&
        outstandingAt(clock, line, clock.base) + taken + orderTotalPesewas(o) <= toPesewas(line.data.limit);
      o.method = fits ? 'credit_facility' : o.fallbackMethod;
      if (fits) reserved.set(line.id, taken + orderTotalPesewas(o));
    }
    stockNeed.set(o.offer, (stockNeed.get(o.offer) ?? 0) + o.quantity);
  }
  for (const [offer, need] of stockNeed) {
    const available = fefoLots(offer, 0).reduce((s, l) => s + l.quantity, 0);
    if (available < need) topUp(offer, 0, need - available + 2 * offer.typicalQty);
  }

  // Offers and lots as they stand today.
  for (const o of allOffers) {
    const lastChange = Math.max(o.createdAt, o.prices.at(-1)!.at, ...o.lots.map((l) => l.updatedAt));
    plan.offers.push({
      id: o.id,
      supplierId: orgId(o.supplier.slug),
      productId: productId(o.product.key),
      unitPrice: toCedis(o.pricePesewas),
      moq: o.moq,
      createdAt: date(o.prices[0]!.at),
      updatedAt: date(lastChange),
    });
    o.prices.forEach((p, i) => {
      plan.offerPrices.push({
        id: stableUuid('offer-price', o.supplier.slug, o.product.key, i),
        supplierId: orgId(o.supplier.slug),
        productId: productId(o.product.key),
        unitPrice: toCedis(p.pesewas),
        effectiveAt: date(p.at),
      });
    });
    for (const l of o.lots) {
      plan.inventoryLots.push({
        id: l.id,
        supplierId: orgId(o.supplier.slug),
        productId: productId(o.product.key),
        batchNumber: l.batchNumber,
        expiryDate: l.expiryDay === null ? null : clock.date(l.expiryDay),
        quantity: l.quantity,
        createdAt: date(l.createdAt),
        updatedAt: date(l.updatedAt),
      });
    }
  }

  // Orders, drops, allocations and their history.
  type History = Omit<Row<typeof orderHistory>, 'id'> & { order: number; k: number };
  const history: History[] = [];
  for (const o of orderPlans) {
    const approved = isApproved(clock, o);
    const draftCancelled = clock.happened(o.draftCancelAt);
    const statuses = o.drops.map((d) => dropStatus(clock, o, d));
    const status: OrderStatus = draftCancelled
      ? 'CANCELLED'
      : approved
        ? statusFromDrops(statuses)
        : 'AWAITING_CUSTOMER_APPROVAL';
    const shipActor = shippingActor(o.supplier);
    let k = 0;
    const log = (
      at: number,
      actor: DemoUser,
      from: string | null,
      to: string,
      note: string | null,
      dropId?: string,
    ) =>
      history.push({
        order: o.seq,
        k: k++,
        orderId: o.id,
        dropId: dropId ?? null,
        actorUserId: userId(actor.email),
        actorName: actor.name,
        fromStatus: from,
        toStatus: to,
        note,
        createdAt: date(at),
      });

    log(o.createdAt, o.createdBy, null, 'AWAITING_CUSTOMER_APPROVAL', 'Order drafted');
    let lastEvent = o.createdAt;
    let cancelledAt: number | null = null;
    if (draftCancelled) {
      cancelledAt = lastEvent = o.draftCancelAt!;
      log(
        cancelledAt,
        o.createdBy,
        'AWAITING_CUSTOMER_APPROVAL',
        'CANCELLED',
        'Cancelled by the buyer before approval',
      );
    } else if (approved) {
      lastEvent = o.approvedAt!;
      log(
        o.approvedAt!,
        o.approver,
        'AWAITING_CUSTOMER_APPROVAL',
        'RELEASED',
        `Approved; invoice ${invoiceNumber(o.invoice!)} issued`,
      );
      // Drop moves in time order; the order's own status follows them.
      type DropEvent = {
        at: number;
        drop: DropPlan;
        id: string;
        from: DropStatus;
        to: DropStatus;
        note: string | null;
      };
      const moves: DropEvent[] = [];
      for (const d of o.drops) {
        const id = stableUuid('drop', o.seq, d.seq);
        if (clock.happened(d.cancelAt)) {
          moves.push({
            at: d.cancelAt,
            drop: d,
            id,
            from: 'Awaiting Dispatch',
            to: 'Cancelled',
            note: 'Units returned to stock',
          });
          continue;
        }
        if (clock.happened(d.shipAt))
          moves.push({
            at: d.shipAt,
            drop: d,
            id,
            from: 'Awaiting Dispatch',
            to: 'Shipped',
            note: `Waybill ${d.trackingNumber}`,
          });
        if (clock.happened(d.outAt))
          moves.push({ at: d.outAt, drop: d, id, from: 'Shipped', to: 'Out for Delivery', note: null });
        if (clock.happened(d.deliveredAt))
          moves.push({
            at: d.deliveredAt,
            drop: d,
            id,
            from: 'Out for Delivery',
            to: 'Delivered',
            note: `Received by ${d.branch.contactName}`,
          });
      }
      moves.sort((a, b) => a.at - b.at || a.drop.seq - b.drop.seq);
      const current = new Map<DropPlan, DropStatus>(o.drops.map((d) => [d, 'Awaiting Dispatch']));
      let orderStatus: OrderStatus = 'RELEASED';
      for (const m of moves) {
        log(m.at, shipActor, m.from, m.to, m.note, m.id);
        current.set(m.drop, m.to);
        const next = statusFromDrops([...current.values()]);
        if (next !== orderStatus) {
          log(m.at, shipActor, orderStatus, next, null);
          orderStatus = next;
          if (next === 'CANCELLED') cancelledAt = m.at;
        }
        lastEvent = m.at;
      }
      if (orderStatus !== status)
        throw new Error(`Order ${o.seq}: history ends at ${orderStatus}, status is ${status}`);
    }

    plan.orders.push({
      id: o.id,
      number: `PO-${yearOf(o.createdAt)}-${pad6(o.seq)}`,
      buyerOrgId: orgId(o.buyer.slug),
      sellerOrgId: orgId(o.supplier.slug),
      productId: productId(o.offer.product.key),
      unitPrice: toCedis(orderPricePesewas(o)),
      totalQuantity: o.quantity,
      totalCost: toCedis(orderTotalPesewas(o)),
      paymentMethod: o.method,
      paymentTerms: o.supplier.paymentTerms,
      useCredit: o.method === 'credit_facility',
      creditTermDays: o.method === 'credit_facility' ? (o.supplier.creditTermDays ?? null) : null,
      entityName: o.buyer.name,
      entityLocation: o.buyer.location,
      requesterRole: o.buyer.requesterRole,
      deliveryContactName: o.buyer.branches[0]!.contactName,
      deliveryContactPhone: o.buyer.branches[0]!.contactPhone,
      deliveryAddress: o.buyer.branches[0]!.address,
      status,
      createdByUserId: userId(o.createdBy.email),
      approvedByUserId: approved ? userId(o.approver.email) : null,
      approvedAt: approved ? date(o.approvedAt!) : null,
      cancelledAt: cancelledAt === null ? null : date(cancelledAt),
      createdAt: date(o.createdAt),
      updatedAt: date(lastEvent),
    });

    o.drops.forEach((d, j) => {
      const id = stableUuid('drop', o.seq, d.seq);
      const s = statuses[j]!;
      const shipped = s === 'Shipped' || s === 'Out for Delivery' || s === 'Delivered';
      const cancelled = s === 'Cancelled';
      const dropCancelledAt = cancelled ? (draftCancelled ? o.draftCancelAt! : d.cancelAt!) : null;
      const times = [o.createdAt, approved ? o.approvedAt! : 0, dropCancelledAt ?? 0];
      if (shipped) times.push(d.shipAt!);
      if (s === 'Out for Delivery' || s === 'Delivered') times.push(d.outAt!);
      if (s === 'Delivered') times.push(d.deliveredAt!);
      plan.orderDrops.push({
        id,
        orderId: o.id,
        sequence: d.seq,
        addressName: d.branch.name,
        address: d.branch.address,
        contactName: d.branch.contactName,
        contactPhone: d.branch.contactPhone,
        quantity: d.quantity,
        status: s,
        trackingNumber: shipped ? d.trackingNumber : null,
        estimatedDeliveryDate: clock.date(
          shipped
            ? d.etaDay!
            : cancelled
              ? d.requestedEtaDay
              : approved
                ? (d.etaDay ?? d.requestedEtaDay)
                : // A draft still shows the date the buyer asked for, never one already gone by.
                  Math.max(d.requestedEtaDay, 2 + (d.seq - 1) * 7),
        ),
        shippedAt: shipped ? date(d.shipAt!) : null,
        deliveredAt: s === 'Delivered' ? date(d.deliveredAt!) : null,
        cancelledAt: dropCancelledAt === null ? null : date(dropCancelledAt),
        createdAt: date(o.createdAt),
        updatedAt: date(Math.max(...times)),
      });
      d.allocations.forEach((a, n) => {
        plan.dropAllocations.push({
          id: stableUuid('allocation', o.seq, d.seq, n),
          dropId: id,
          lotId: a.lot.id,
          quantity: a.quantity,
          returnedAt: a.returnedAt === null ? null : date(a.returnedAt),
          createdAt: date(o.approvedAt!),
        });
      });
    });
  }
  history.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime() || a.order - b.order || a.k - b.k);
  plan.orderHistory = history.map(({ order: _order, k: _k, ...row }) => row);

  // Invoices and payments.
  for (const inv of invoicePlans) {
    const o = inv.order;
    const voided = plan.orders[o.seq - 1]!.status === 'CANCELLED';
    const paid = inv.payments.reduce((s, p) => s + p.pesewas, 0);
    const fullyPaid = !voided && paid === inv.amountPesewas;
    const lastPayment = inv.payments.length ? inv.payments[inv.payments.length - 1]!.at : null;
    const lastCancel = Math.max(
      0,
      ...o.drops.filter((d) => clock.happened(d.cancelAt)).map((d) => d.cancelAt!),
    );
    plan.invoices.push({
      id: stableUuid('invoice', inv.seq),
      number: invoiceNumber(inv),
      orderId: o.id,
      buyerOrgId: orgId(o.buyer.slug),
      sellerOrgId: orgId(o.supplier.slug),
      creditLineId: inv.line?.id ?? null,
      onCredit: inv.line !== null,
      amount: toCedis(inv.amountPesewas),
      amountPaid: toCedis(paid),
      issuedAt: date(o.approvedAt!),
      dueDate: clock.date(inv.dueDay),
      status: voided ? 'void' : fullyPaid ? 'paid' : 'unpaid',
      paidAt: fullyPaid ? date(lastPayment!) : null,
      createdAt: date(o.approvedAt!),
      updatedAt: date(Math.max(o.approvedAt!, lastCancel, lastPayment ?? 0)),
    });
    inv.payments.forEach((p, n) => {
      plan.payments.push({
        id: stableUuid('payment', inv.seq, n),
        invoiceId: stableUuid('invoice', inv.seq),
        amount: toCedis(p.pesewas),
        method: p.method,
        reference: p.reference,
        recordedByUserId: userId(creditActor(o.supplier).email),
        receivedAt: date(p.at),
        createdAt: date(p.at),
      });
    });
  }

  // Credit lines carry exactly what their open invoices still owe.
  for (const line of lines.values()) {
    const supplier = supplierBySlug(line.data.supplier);
    const balance = line.invoices
      .filter((inv) => plan.orders[inv.order.seq - 1]!.status !== 'CANCELLED')
      .reduce((s, inv) => s + inv.amountPesewas - inv.payments.reduce((t, p) => t + p.pesewas, 0), 0);
    if (balance > toPesewas(line.data.limit))
      throw new Error(`Credit line ${line.id} would exceed its limit`);
    plan.creditLines.push({
      id: line.id,
      customerId: orgId(line.data.customer),
      supplierId: orgId(line.data.supplier),
      creditLimit: line.data.limit,
      balance: toCedis(balance),
      status: line.data.status,
      dateSet: date(line.setAt),
      createdAt: date(line.setAt),
      updatedAt: date(line.suspendedAt ?? line.setAt),
    });
    const customer = customerBySlug(line.data.customer);
    plan.creditApplications.push({
      id: stableUuid('credit-application', line.data.customer, line.data.supplier, 'approved'),
      customerId: orgId(line.data.customer),
      supplierId: orgId(line.data.supplier),
      requestedLimit: line.data.requested,
      notes: `Requesting ${supplier.paymentTerms} terms for regular restocking at ${customer.name}.`,
      status: 'approved',
      approvedLimit: line.data.limit,
      submittedByUserId: userId(customer.users[0]!.email),
      decidedByUserId: userId(creditActor(supplier).email),
      decidedAt: date(line.setAt),
      createdAt: date(line.setAt - 3 * DAY - 5 * HOUR),
      updatedAt: date(line.setAt),
    });
  }
  for (const a of DEMO_CREDIT_APPLICATIONS) {
    const customer = customerBySlug(a.customer);
    const supplier = supplierBySlug(a.supplier);
    const createdAt = date(clock.at(-a.createdDaysAgo, 11));
    const decidedAt = a.decidedDaysAgo === undefined ? null : date(clock.at(-a.decidedDaysAgo, 16));
    plan.creditApplications.push({
      id: stableUuid('credit-application', a.customer, a.supplier, a.status),
      customerId: orgId(a.customer),
      supplierId: orgId(a.supplier),
      requestedLimit: a.requestedLimit,
      notes: a.notes,
      status: a.status,
      approvedLimit: null,
      submittedByUserId: userId(customer.users[0]!.email),
      decidedByUserId: decidedAt ? userId(creditActor(supplier).email) : null,
      decidedAt,
      createdAt,
      updatedAt: decidedAt ?? createdAt,
    });
  }

  // Ama Mensah's cart: lines she is weighing up, each with a supplier that can fill them today.
  const accracare = customerBySlug('accracare');
  const ama = accracare.users[0]!;
  const cartWishes = [
    {
      supplier: 'tema-pharma',
      product: 'amoxicillin-500',
      quantity: 20,
      quoted: true,
      branch: 0,
      dropDay: 5,
      notes: 'Top up before month-end',
    },
    {
      supplier: 'accra-medilink',
      product: 'salbutamol-inhaler',
      quantity: 30,
      quoted: false,
      branch: 1,
      dropDay: 7,
      notes: 'Compare with Tema Pharma before ordering',
    },
    {
      supplier: 'ashanti-pharma',
      product: 'paracetamol-500',
      quantity: 100,
      quoted: true,
      branch: 2,
      dropDay: null,
      notes: null,
    },
  ];
  cartWishes.forEach((w, i) => {
    const offers = bySupplier.get(w.supplier)!.filter((o) => fefoLots(o, 0).some((l) => l.quantity > 0));
    const offer = offers.find((o) => o.product.key === w.product) ?? offers[0]!;
    const branch = accracare.branches[w.branch]!;
    const createdAt = date(clock.at(-1, 17 + i * 0.5));
    plan.cartItems.push({
      id: stableUuid('cart-item', ama.email, i),
      userId: userId(ama.email),
      buyerOrgId: orgId(accracare.slug),
      productId: productId(offer.product.key),
      supplierId: orgId(w.supplier),
      quantity: Math.max(offer.moq, w.quantity),
      unitPrice: w.quoted ? toCedis(offer.pricePesewas) : null,
      deliveryLocation: `${branch.name}, ${branch.address}`,
      preferredDropDate: w.dropDay === null ? null : clock.date(w.dropDay),
      contactName: w.dropDay === null ? null : branch.contactName,
      contactPhone: w.dropDay === null ? null : branch.contactPhone,
      notes: w.notes,
      createdAt,
      updatedAt: createdAt,
    });
  });

  plan.lastOrderNumber = orderPlans.length;
  plan.lastInvoiceNumber = invoicePlans.length;
  return plan;
}

function invoiceNumber(inv: InvoicePlan): string {
  return `INV-${yearOf(inv.order.approvedAt!)}-${pad6(inv.seq)}`;
}
