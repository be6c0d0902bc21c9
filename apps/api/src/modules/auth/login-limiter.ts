import { createHash } from 'node:crypto';
import { lt, sql, type SQL } from 'drizzle-orm';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { loginLimits } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export interface LoginLimiterOptions {
  /** Failed sign-ins allowed for one e-mail from one client address in the window. */
  perEmail?: number;
  /** Failed sign-ins allowed per client address in the window, whatever the e-mail. */
  perAddress?: number;
  /**
   * Failed sign-ins for one e-mail from every address together; once reached, only addresses that have
   * not failed on that e-mail may still try it. Ten times perEmail unless given.
   */
  perEmailCeiling?: number;
  windowSeconds?: number;
  blockSeconds?: number;
}

/** The shared table, created by the migrations (db/schema/auth.ts, loginLimits). */
const TABLE = 'login_limits';
/** How often, at most, a replica deletes expired counters. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Counts failed sign-ins in PostgreSQL, so every replica sees the same counts (docs/domain.md "Failed
 * sign-ins", docs/decisions/0008). Three counters: e-mail and address together, address alone, and a
 * ceiling per e-mail. A stranger failing on a pharmacy's e-mail exhausts only their own pair and, at
 * worst, the ceiling; the ceiling turns away addresses that have themselves failed on that e-mail, never
 * one that has not, so the pharmacy's own correct password still gets in. Only failures count.
 */
export class LoginLimiter {
  private readonly byPair: RateLimiterPostgres;
  private readonly byAddress: RateLimiterPostgres;
  private readonly byEmail: RateLimiterPostgres;
  private readonly blockSeconds: number;
  private lastSweep = Date.now();

  constructor(
    private readonly db: Db,
    opts: LoginLimiterOptions = {},
  ) {
    const perEmail = opts.perEmail ?? 5;
    this.blockSeconds = opts.blockSeconds ?? 15 * 60;
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterPostgres({
        storeClient: rateLimiterStore(db),
        storeType: 'pg',
        tableName: TABLE,
        tableCreated: true,
        keyPrefix,
        points,
        duration: opts.windowSeconds ?? 15 * 60,
        // Its timer would keep the database (and a closed test app's) referenced for good; failures
        // sweep the table instead (recordFailure).
        clearExpiredByTimeout: false,
      });
    this.byPair = limiter('login-pair', perEmail);
    this.byAddress = limiter('login-address', opts.perAddress ?? 100);
    this.byEmail = limiter('login-email', opts.perEmailCeiling ?? perEmail * 10);
  }

  /**
   * Throws 429 with the wait when the pair or the address has used up its failures, or when the e-mail
   * has reached its ceiling and this address has failed on it.
   */
  async assertAllowed(email: string, address: string): Promise<void> {
    const [pair, byAddress, byEmail] = await Promise.all([
      this.byPair.get(pairKey(email, address)),
      this.byAddress.get(addressKey(address)),
      this.byEmail.get(emailKey(email)),
    ]);
    const spent = (res: RateLimiterRes | null, points: number): res is RateLimiterRes =>
      res !== null && res.consumedPoints >= points;
    const blocking = [
      spent(pair, this.byPair.points) ? pair : null,
      spent(byAddress, this.byAddress.points) ? byAddress : null,
      // The ceiling never turns away an address that has not itself failed on this e-mail.
      spent(byEmail, this.byEmail.points) && pair !== null && pair.consumedPoints > 0 ? byEmail : null,
    ].filter((res) => res !== null);
    if (blocking.length === 0) return;
    throw tooMany(Math.max(...blocking.map((res) => res.msBeforeNext)));
  }

  /** Counts one failure on each counter; a counter that reaches its limit is blocked for blockSeconds. */
  async recordFailure(email: string, address: string): Promise<void> {
    await Promise.all([
      this.fail(this.byPair, pairKey(email, address)),
      this.fail(this.byAddress, addressKey(address)),
      this.fail(this.byEmail, emailKey(email)),
    ]);
    await this.sweepExpired();
  }

  /** A successful sign-in forgives that address's typos on that e-mail; the ceiling expires by itself. */
  async recordSuccess(email: string, address: string): Promise<void> {
    await this.byPair.delete(pairKey(email, address));
  }

  /**
   * Only failures add rows, so a failure deletes the expired ones, at most every 5 minutes per replica:
   * the table stays the size of the last window, with no timer to outlive the app.
   */
  private async sweepExpired(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.delete(loginLimits).where(lt(loginLimits.expire, now));
  }

  private async fail(limiter: RateLimiterPostgres, key: string): Promise<void> {
    const res = await limiter.penalty(key, 1);
    // Exactly at the limit, so concurrent failures on other replicas block it once.
    if (res.consumedPoints === limiter.points && this.blockSeconds > 0) {
      await limiter.block(key, this.blockSeconds);
    }
  }
}

/**
 * The client RateLimiterPostgres is given: it only calls `query({ name, text, values })` and reads `rows`
 * and `rowCount` (node_modules/rate-limiter-flexible/lib/RateLimiterPostgres.js). Sending the text through
 * drizzle's `execute`, with its `$1`..`$n` placeholders turned into bound parameters, gives node-postgres
 * and PGlite one code path and the app's pool; both drivers answer `{ rows, rowCount }`. The statement
 * name only names a pg prepared statement and is dropped.
 */
export function rateLimiterStore(db: Db) {
  return {
    async query(q: { text: string; values?: readonly unknown[] }) {
      return (await db.execute(bindPlaceholders(q.text, q.values ?? []))) as unknown as {
        rows: Record<string, unknown>[];
        rowCount: number | null;
      };
    },
  };
}

function bindPlaceholders(text: string, values: readonly unknown[]): SQL {
  // split with a capture group alternates text and placeholder numbers: [text, '1', text, '2', text].
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
}

// Keys are hashed: the table then holds no e-mail addresses, and no key outgrows its varchar(255).
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
const normalEmail = (email: string) => email.trim().toLowerCase();
const emailKey = (email: string) => digest(normalEmail(email));
const addressKey = (address: string) => digest(address);
const pairKey = (email: string, address: string) => digest(`${normalEmail(email)}\n${address}`);

function tooMany(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 90 ? `${seconds} seconds` : `${minutes} minutes`;
  return new AppError('SIGN_IN_LOCKED', `Too many failed sign-in attempts. Try again in ${when}.`, {
    retryAfterSeconds: seconds,
  });
}
