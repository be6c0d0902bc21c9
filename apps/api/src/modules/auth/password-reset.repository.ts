import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';

/** Who a reset link is mailed to: the account behind an e-mail, compared case-insensitively. */
export async function findResetRecipient(db: Executor, email: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function insertResetToken(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(passwordResetTokens).values(values).returning({ id: passwordResetTokens.id });
  return row!.id;
}

export async function deleteResetToken(db: Executor, id: string): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.id, id));
}

const usable = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/** The user a usable (unused, unexpired) token belongs to, or null; marks nothing. */
export async function findUsableResetToken(db: Executor, tokenHash: string): Promise<string | null> {
  const rows = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usable(tokenHash));
  return rows[0]?.userId ?? null;
}

/**
 * Marks a usable token used and answers its user, or null when it is not (any more) usable: of two
 * confirmations at once, the second finds it used.
 */
export async function claimResetToken(db: Executor, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Voids the user's other outstanding links: once the password is reset, none of them should work. */
export async function voidResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Sets the new hash and ends every session signed before; answers the user's organisation, or undefined if gone. */
export async function setPasswordEndingSessions(db: Executor, userId: string, passwordHash: string) {
  const rows = await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ orgId: users.orgId });
  return rows[0];
}
