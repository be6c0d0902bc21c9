import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { rateLimiterStore } from './login-limiter.ts';

export interface PasswordResetLimiterOptions {
  /** Reset requests for one e-mail in the window, from every address together. */
  perEmail?: number;
  /** Reset requests from one client address in the window, whatever the e-mails. */
  perAddress?: number;
  windowSeconds?: number;
}

/**
 * Counts password reset requests in PostgreSQL (`login_limits`, through the sign-in limiter's store, so
 * every replica sees one count): 5 an hour per e-mail, so nobody can flood an inbox, and 20 an hour per
 * client address, so nobody can walk a list of e-mails. Every request counts, whether or not an account
 * uses the e-mail: counting only known ones would tell which are. docs/domain.md "Password reset".
 */
export class PasswordResetLimiter {
  private readonly byEmail: RateLimiterPostgres;
  private readonly byAddress: RateLimiterPostgres;

  constructor(db: Db, opts: PasswordResetLimiterOptions = {}) {
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterPostgres({
        storeClient: rateLimiterStore(db),
        storeType: 'pg',
        tableName: 'login_limits',
        tableCreated: true,
        keyPrefix,
        points,
        duration: opts.windowSeconds ?? 60 * 60,
        // The sign-in limiter's sweep deletes expired rows of the shared table (login-limiter.ts).
        clearExpiredByTimeout: false,
      });
    this.byEmail = limiter('reset-email', opts.perEmail ?? 5);
    this.byAddress = limiter('reset-address', opts.perAddress ?? 20);
  }

  /** Counts one request for the e-mail from the address, or throws 429 when either has none left. */
  async consume(email: string, address: string): Promise<void> {
    const results = await Promise.allSettled([
      this.byEmail.consume(digest(email.trim().toLowerCase())),
      this.byAddress.consume(digest(address)),
    ]);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (refused.length === 0) return;
    const waits = refused.filter((reason) => reason instanceof RateLimiterRes);
    // Anything but the limiter's own refusal is a fault (the database away), answered as such.
    if (waits.length < refused.length) throw refused.find((reason) => !(reason instanceof RateLimiterRes));
    throw tooMany(Math.max(...waits.map((res) => res.msBeforeNext)));
  }
}

// Hashed like the sign-in keys: the table holds no e-mails or addresses.
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

function tooMany(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 90 ? `${seconds} seconds` : `${minutes} minutes`;
  return new AppError('PASSWORD_RESET_LIMITED', `Too many password reset requests. Try again in ${when}.`, {
    retryAfterSeconds: seconds,
  });
}
