import { RISK_BAND_LABELS, riskBand, type RiskBand } from '@aduro/shared/credit';
import { formatCedis, toCedis, toPesewas } from '@aduro/shared/money';
/** What the risk check weighs, all about one customer asking one supplier for credit. Money in pesewas. */
export interface RiskFacts {
  /** What the customer owes on every credit line it holds. */
  exposure: number;
  /** What it owes this supplier. */
  outstanding: number;
  requested: number;
  /** Its released orders with this supplier over the last 180 days. */
  ordersWithSupplier: number;
  /** Unpaid invoices past their due date, with any supplier. */
  overdueInvoices: number;
  /** Settled invoices, split by whether the last payment came by the due date. */
  paidOnTime: number;
  paidLate: number;
  accountAgeDays: number;
  /** Released orders with every supplier over the last 180 days, per month (divided by 6). */
  monthlyVolume: number;
}

export interface RiskAssessment {
  score: number;
  band: RiskBand;
  /** Whole cedis rounded down to 500, omitted without purchase history. */
  recommendedLimit?: number;
  /** The signals that moved the score, most weighty first. */
  signals: { text: string; points: number }[];
  rationale: string;
}

const cedis = (pesewas: number) => formatCedis(toCedis(pesewas), { wholeCedis: true });
/** The recommended limit is rounded down to this. */
const LIMIT_STEP = toPesewas(500);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A deterministic, explained credit score (DOMAIN.md "Credit"): 50 points to start, moved by account
 * age, trading history with this supplier, overdue invoices, the payment record and how the exposure
 * (with the request) compares with the customer's monthly purchases. The recommended limit is 1.5
 * months of purchases (a typical net-30 cycle with room for one late order), halved while any invoice
 * is overdue, rounded down to GH₵500.
 */
export function assessRisk(f: RiskFacts): RiskAssessment {
  const signals: { text: string; points: number }[] = [];
  const add = (points: number, text: string) => {
    if (points !== 0) signals.push({ text, points });
  };

  if (f.accountAgeDays >= 365) add(10, `on Aduro for ${Math.floor(f.accountAgeDays / 365)}+ years`);
  else if (f.accountAgeDays >= 90) add(5, `on Aduro for ${Math.floor(f.accountAgeDays / 30)} months`);
  else if (f.accountAgeDays < 30) add(-10, `a new account (${plural(f.accountAgeDays, 'day')} old)`);

  if (f.ordersWithSupplier >= 10)
    add(15, `${plural(f.ordersWithSupplier, 'released order')} with you in 180 days`);
  else if (f.ordersWithSupplier >= 3)
    add(8, `${plural(f.ordersWithSupplier, 'released order')} with you in 180 days`);
  else if (f.ordersWithSupplier === 0) add(-5, 'no released orders with you in 180 days');

  if (f.overdueInvoices > 0)
    add(-Math.min(45, 15 * f.overdueInvoices), `${plural(f.overdueInvoices, 'overdue invoice')}`);

  const settled = f.paidOnTime + f.paidLate;
  if (settled >= 3) {
    const share = f.paidOnTime / settled;
    const record = `${f.paidOnTime} of ${plural(settled, 'invoice')} paid on time`;
    if (share >= 0.9) add(15, record);
    else if (share >= 0.7) add(5, record);
    else if (share < 0.5) add(-15, record);
  }

  if (f.monthlyVolume > 0) {
    const months = (f.exposure + f.requested) / f.monthlyVolume;
    const text = `exposure with the request is ${months.toFixed(1)} months of purchases (${cedis(f.monthlyVolume)} a month)`;
    if (months > 6) add(-15, text);
    else if (months > 3) add(-5, text);
  } else {
    add(-10, 'no purchase history to size a limit on');
  }

  const score = Math.max(0, Math.min(100, 50 + signals.reduce((s, x) => s + x.points, 0)));
  const band = riskBand(score);
  signals.sort((a, b) => Math.abs(b.points) - Math.abs(a.points));

  let recommendedLimit: number | undefined;
  if (f.monthlyVolume > 0) {
    const limit = f.monthlyVolume * 1.5 * (f.overdueInvoices > 0 ? 0.5 : 1);
    recommendedLimit = toCedis(Math.floor(limit / LIMIT_STEP) * LIMIT_STEP);
  }

  const moved = signals.map((s) => `${s.text} (${s.points > 0 ? '+' : ''}${s.points})`);
  const rationale =
    `${RISK_BAND_LABELS[band]}, score ${score}/100. ` +
    (moved.length > 0 ? `Signals: ${moved.join('; ')}.` : 'No signal moved the score from the neutral 50.') +
    ` Owes ${cedis(f.outstanding)} to you and ${cedis(f.exposure)} in all; asks for ${cedis(f.requested)}.`;
  return { score, band, recommendedLimit, signals, rationale };
}
