import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { rateLimiterStore } from './login-limiter.ts';

export interface RegistrationLimiterOptions {
  /** Registrations allowed from one client address in the window. */
  perAddress?: number;
  windowSeconds?: number;
}

/**
 * Counts registrations per client address in PostgreSQL (`login_limits`, beside the sign-in counters and
 * through the same store, so every replica sees one count): 10 an hour unless told otherwise. A
 * registration counts once its form is valid, as it is about to hash a password and create an
 * organisation; a form refused for its fields costs nothing, so a person correcting a typo is not held
 * back. docs/domain.md "Registrations".
 */
export class RegistrationLimiter {
  private readonly limiter: RateLimiterPostgres;

  constructor(db: Db, opts: RegistrationLimiterOptions = {}) {
    this.limiter = new RateLimiterPostgres({
      storeClient: rateLimiterStore(db),
      storeType: 'pg',
      tableName: 'login_limits',
      tableCreated: true,
      keyPrefix: 'register-address',
      points: opts.perAddress ?? 10,
      duration: opts.windowSeconds ?? 60 * 60,
      // The sign-in limiter's sweep deletes expired rows of the shared table (login-limiter.ts).
      clearExpiredByTimeout: false,
    });
  }

  /** Throws 429 with the wait when the address has used up its registrations; counts nothing. */
  async assertAllowed(address: string): Promise<void> {
    const res = await this.limiter.get(addressKey(address));
    if (res !== null && res.consumedPoints >= this.limiter.points) throw tooMany(res.msBeforeNext);
  }

  /** Counts one registration from the address, or throws 429 when it has none left. */
  async consume(address: string): Promise<void> {
    try {
      await this.limiter.consume(addressKey(address));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooMany(err.msBeforeNext);
      throw err;
    }
  }
}

// Hashed like the sign-in keys: the table holds no addresses.
const addressKey = (address: string) => createHash('sha256').update(address).digest('base64url');

function tooMany(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 90 ? `${seconds} seconds` : `${minutes} minutes`;
  return new AppError(
    'REGISTRATION_LIMITED',
    `Too many registrations from your network. Try again in ${when}.`,
    {
      retryAfterSeconds: seconds,
    },
  );
}
