// The write stream of apps/api/bench/live-market.ts, forked into its own process so that it shares no
// event loop with the load generator. Writes alternate: an inventory sync (POST /api/inventory as one
// of a supplier's two accounts, Admin or InventoryManager, on a random product it offers), then an order
// approval (POST /api/orders/{id}/approve as the drafting buyer). Open loop: at a rate of R writes/s the
// n-th write of a window starts at n/R s whether or not the earlier ones have answered, so a slow server
// shows up as a shortfall in the achieved rate, not as a slower schedule.
//
// IPC from the parent: init (sign in, answer 'ready'), rate (start a window), stop (end it, wait for the
// writes under way, answer the window's report), exit.
import http from 'node:http';
import { signIn } from './lib.ts';

export interface SyncAccount {
  supplierId: string;
  /** The supplier's Admin and InventoryManager sign-ins. */
  emails: string[];
  offers: { productId: string; unitPrice: number }[];
}

export interface Draft {
  orderId: string;
  buyerEmail: string;
  supplierId: string;
  productId: string;
}

export interface WriterInit {
  type: 'init';
  base: string;
  password: string;
  accounts: SyncAccount[];
  drafts: Draft[];
  /** The catalogue's supplier and the matches' product, to count the writes that drop their answers. */
  watch: { supplierId: string; productId: string };
}

export interface WriterReport {
  rate: number;
  seconds: number;
  started: number;
  ok: { sync: number; approve: number };
  non2xx: { sync: number; approve: number };
  errors: number;
  /** Writes not started because MAX_IN_FLIGHT were still under way. */
  skipped: number;
  /** Approvals due after the drafts ran out (made syncs instead). */
  noDraftLeft: number;
  /** Answered 2xx per second of the window. */
  achieved: number;
  p50: { sync: number; approve: number };
  p99: { sync: number; approve: number };
  /** Successful writes that named the watched supplier / product (what drops the catalogue / matches). */
  touched: { supplier: number; product: number };
  samples: string[];
}

type Message = WriterInit | { type: 'rate'; rate: number } | { type: 'stop' } | { type: 'exit' };

const MAX_IN_FLIGHT = 200;
const SYNC_EXPIRIES = ['2029-12-31', null];

let init: WriterInit;
const tokens = new Map<string, string>();
let nextDraft = 0;

interface Window {
  rate: number;
  startedAt: number;
  issued: number;
  timer: NodeJS.Timeout;
  inFlight: Set<Promise<void>>;
  latency: { sync: number[]; approve: number[] };
  report: WriterReport;
}
let current: Window | null = null;

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

function quantile(xs: number[], q: number) {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * q))]! * 10) / 10;
}

// The writer stands in for clients on other machines, yet shares this one's two cores: node:http on
// kept-alive sockets costs it a third of what fetch did per write (2.5 ms of CPU at 100 writes/s).
const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });

function post(url: string, authorization: string, body: string | undefined) {
  return new Promise<{ ok: boolean; status: number; text: string }>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { authorization };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, text: Buffer.concat(chunks).toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function write(w: Window, n: number) {
  const wantApproval = n % 2 === 1;
  const draft = wantApproval && nextDraft < init.drafts.length ? init.drafts[nextDraft++] : undefined;
  if (wantApproval && !draft) w.report.noDraftLeft += 1;
  let kind: 'sync' | 'approve';
  let url: string;
  let body: string | undefined;
  let authorization: string;
  let supplierId: string;
  let productId: string;
  if (draft) {
    kind = 'approve';
    url = `${init.base}/api/orders/${draft.orderId}/approve`;
    authorization = tokens.get(draft.buyerEmail)!;
    ({ supplierId, productId } = draft);
  } else {
    kind = 'sync';
    const account = pick(init.accounts);
    const offer = pick(account.offers);
    supplierId = account.supplierId;
    productId = offer.productId;
    url = `${init.base}/api/inventory`;
    authorization = tokens.get(pick(account.emails))!;
    body = JSON.stringify({
      productId,
      quantity: 100 + Math.floor(Math.random() * 4900),
      unitPrice: offer.unitPrice,
      expiryDate: pick(SYNC_EXPIRIES),
    });
  }
  const t0 = performance.now();
  try {
    const res = await post(url, authorization, body);
    const text = res.text;
    if (res.ok) {
      w.report.ok[kind] += 1;
      w.latency[kind].push(performance.now() - t0);
      if (supplierId === init.watch.supplierId) w.report.touched.supplier += 1;
      if (productId === init.watch.productId) w.report.touched.product += 1;
    } else {
      w.report.non2xx[kind] += 1;
      if (w.report.samples.length < 5) w.report.samples.push(`${kind} ${res.status} ${text.slice(0, 200)}`);
    }
  } catch (err) {
    w.report.errors += 1;
    if (w.report.samples.length < 5) w.report.samples.push(`${kind} ${(err as Error).message}`);
  }
}

function start(rate: number) {
  const w: Window = {
    rate,
    startedAt: performance.now(),
    issued: 0,
    inFlight: new Set(),
    latency: { sync: [], approve: [] },
    timer: undefined as unknown as NodeJS.Timeout,
    report: {
      rate,
      seconds: 0,
      started: 0,
      ok: { sync: 0, approve: 0 },
      non2xx: { sync: 0, approve: 0 },
      errors: 0,
      skipped: 0,
      noDraftLeft: 0,
      achieved: 0,
      p50: { sync: 0, approve: 0 },
      p99: { sync: 0, approve: 0 },
      touched: { supplier: 0, product: 0 },
      samples: [],
    },
  };
  // Every 2 ms, start whatever the schedule says is due by now.
  const tick = () => {
    const due = Math.floor(((performance.now() - w.startedAt) / 1000) * rate);
    for (; w.issued < due; w.issued++) {
      if (w.inFlight.size >= MAX_IN_FLIGHT) {
        w.report.skipped += 1;
        continue;
      }
      w.report.started += 1;
      const p = write(w, w.issued).finally(() => w.inFlight.delete(p));
      w.inFlight.add(p);
    }
  };
  w.timer = setInterval(tick, 2);
  current = w;
}

async function stop(): Promise<WriterReport | null> {
  const w = current;
  if (!w) return null;
  current = null;
  clearInterval(w.timer);
  const seconds = (performance.now() - w.startedAt) / 1000;
  // Writes answered within the window, before waiting for the rest.
  const answered = w.report.ok.sync + w.report.ok.approve;
  await Promise.all(w.inFlight);
  w.report.seconds = seconds;
  w.report.achieved = answered / seconds;
  w.report.p50 = { sync: quantile(w.latency.sync, 0.5), approve: quantile(w.latency.approve, 0.5) };
  w.report.p99 = { sync: quantile(w.latency.sync, 0.99), approve: quantile(w.latency.approve, 0.99) };
  return w.report;
}

process.on('message', (message: Message) => {
  void (async () => {
    switch (message.type) {
      case 'init': {
        init = message;
        const emails = new Set([
          ...message.accounts.flatMap((a) => a.emails),
          ...message.drafts.map((d) => d.buyerEmail),
        ]);
        // A few at a time: argon2 verification is the server's heaviest request.
        const queue = [...emails];
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            for (let email = queue.shift(); email; email = queue.shift()) {
              const userType = message.drafts.some((d) => d.buyerEmail === email) ? 'customer' : 'supplier';
              tokens.set(email, await signIn(message.base, email, userType, message.password));
            }
          }),
        );
        process.send!({ type: 'ready', accounts: tokens.size });
        break;
      }
      case 'rate':
        await stop();
        if (message.rate > 0) start(message.rate);
        break;
      case 'stop':
        process.send!({ type: 'report', report: await stop() });
        break;
      case 'exit':
        await stop();
        process.exit(0);
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
