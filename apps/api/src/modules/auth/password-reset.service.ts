import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, RESET_TOKEN_MINUTES, type PasswordResetConfirmInput } from '@aduro/shared/auth';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { renderMessage } from '../../lib/mail/message.ts';
import { hashPassword } from '../../lib/password.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { sessionsEnded } from './auth.service.ts';
import {
  claimResetToken,
  deleteResetToken,
  findResetRecipient,
  findUsableResetToken,
  insertResetToken,
  setPasswordEndingSessions,
  voidResetTokens,
} from './password-reset.repository.ts';

/** The queue whose jobs mail reset links; a job carries only the e-mail asked for. */
export const PASSWORD_RESET_QUEUE = 'mail.password-reset';

export interface PasswordResetJob {
  email: string;
}

/** Only this digest is stored: the plain token exists in the e-mail and nowhere else. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidToken = () => new AppError('RESET_TOKEN_INVALID', AUTH_MESSAGES.resetTokenInvalid);

/**
 * Mails a reset link when an account uses the e-mail, and does nothing otherwise (the request answered
 * 202 either way, before this ran). Runs as a job: the token is made here, so the plain token never sits
 * in the job table, and a relay that refuses fails the job, which the queue retries. A failed send
 * deletes the token it made; the retry makes a fresh one.
 */
export async function mailResetLink(
  db: Db,
  mail: Mailer,
  link: (screen: string) => string,
  job: PasswordResetJob,
): Promise<void> {
  const user = await findResetRecipient(db, job.email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const tokenId = await insertResetToken(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  const { text, html } = renderMessage({
    heading: 'Reset your Aduro password',
    lines: [
      `Hello ${user.name},`,
      `Someone, hopefully you, asked to reset the password of your Aduro account. The link below works once, for ${RESET_TOKEN_MINUTES} minutes, and signs you out everywhere once used.`,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    action: { label: 'Set a new password', url: link(`reset-password?token=${token}`) },
    footer: 'You got this e-mail because a password reset was asked for this address at Aduro.',
  });
  try {
    await mail.send({ to: user.email, subject: 'Reset your Aduro password', text, html });
  } catch (err) {
    await deleteResetToken(db, tokenId);
    throw err;
  }
}

/**
 * Sets a new password from a reset link. The token is checked before the (deliberately slow) hash, so
 * a made-up token costs no hashing; then, in one transaction: the token used, the user's other links
 * voided, the new hash, the next session version (every session ends) and the event, as a password
 * change records it.
 */
export async function confirmPasswordReset(db: Db, input: PasswordResetConfirmInput): Promise<void> {
  const tokenHash = hashToken(input.token);
  if (!(await findUsableResetToken(db, tokenHash))) throw invalidToken();
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (tx) => {
    // Checked again as it is claimed: a confirmation at the same moment may have used it.
    const userId = await claimResetToken(tx, tokenHash);
    if (!userId) throw invalidToken();
    await voidResetTokens(tx, userId);
    const user = await setPasswordEndingSessions(tx, userId, passwordHash);
    if (!user) throw invalidToken();
    await sessionsEnded(tx, userId, user.orgId);
  });
}
