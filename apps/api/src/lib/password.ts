import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum (19 MiB, 2 passes): strong, and fast enough for sign-in bursts.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; the hash embeds its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when the password matches; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throw-away password: verifying against it when the e-mail is unknown makes a
 * failed sign-in take the same time whether or not the account exists.
 */
export const DUMMY_HASH_PROMISE = hash('aduro-timing-equaliser', OPTIONS);
