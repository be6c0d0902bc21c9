import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../lib/errors.ts';

export interface LoginLimiterOptions {
  /** Failed sign-ins allowed per e-mail in the window before it is blocked. */
  perEmail?: number;
  /** Failed sign-ins allowed per client address in the window. */
  perAddress?: number;
  windowSeconds?: number;
  blockSeconds?: number;
}

/**
 * Counts failed sign-ins per e-mail and per client address (DOMAIN.md). Only failures count, so a
 * busy pharmacy sharing one address is never locked out by its own successful sign-ins.
 */
export class LoginLimiter {
  private readonly byEmail: RateLimiterMemory;
  private readonly byAddress: RateLimiterMemory;

  constructor(opts: LoginLimiterOptions = {}) {
    const duration = opts.windowSeconds ?? 15 * 60;
    const blockDuration = opts.blockSeconds ?? 15 * 60;
    this.byEmail = new RateLimiterMemory({
      keyPrefix: 'login-email',
      points: opts.perEmail ?? 5,
      duration,
      blockDuration,
    });
    this.byAddress = new RateLimiterMemory({
      keyPrefix: 'login-address',
      points: opts.perAddress ?? 30,
      duration,
      blockDuration,
    });
  }

  /** Throws 429 with the wait when either key has used up its failures. */
  async assertAllowed(email: string, address: string): Promise<void> {
    const [e, a] = await Promise.all([this.byEmail.get(emailKey(email)), this.byAddress.get(address)]);
    const blocked = [
      [e, this.byEmail.points],
      [a, this.byAddress.points],
    ].filter(([res, points]) => res && (res as RateLimiterRes).consumedPoints >= (points as number)) as [
      RateLimiterRes,
      number,
    ][];
    if (blocked.length === 0) return;
    const waitMs = Math.max(...blocked.map(([res]) => res.msBeforeNext));
    throw tooMany(waitMs);
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await Promise.all([this.byEmail.penalty(emailKey(email), 1), this.byAddress.penalty(address, 1)]);
  }

  /** A successful sign-in forgives that e-mail's earlier typos. */
  async recordSuccess(email: string): Promise<void> {
    await this.byEmail.delete(emailKey(email));
  }
}

const emailKey = (email: string) => email.trim().toLowerCase();

function tooMany(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = seconds < 90 ? `${seconds} seconds` : `${minutes} minutes`;
  return new AppError('rate_limited', `Too many failed sign-in attempts. Try again in ${when}.`, {
    retryAfterSeconds: seconds,
  });
}
