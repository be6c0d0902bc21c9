import type { SessionUser } from '@aduro/shared/auth';
import { CONTROLLED_REGISTER_CSV_COLUMNS, type ControlledRegisterEntry } from '@aduro/shared/compliance';
import type { Db } from '../../db/client.ts';
import { toCsvLine } from '../../lib/csv.ts';
import { forbidden } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { listRegister, type RegisterPosition } from './controlled-register.repository.ts';
import { signOffControlled } from './sign-off-controlled.workflow.ts';

/** Rows per read of the CSV export: few round trips, yet never the whole register in memory. */
const CSV_BATCH = 500;

/** The caller's organisation; every supplier user has one, the contract only allows null. */
function orgOf(user: SessionUser): string {
  if (!user.orgId) throw forbidden();
  return user.orgId;
}

/** Whose entries the caller reads: a supplier its own, the platform every supplier's (null). */
const scopeOf = (user: SessionUser): string | null => (user.userType === 'platform' ? null : orgOf(user));

const entryOf = ({ position: _position, ...entry }: ControlledRegisterEntry & { position: string }) => entry;

/**
 * A Pharmacist of the seller signs off a released order of a controlled drug: the register entries it
 * wrote (sign-off-controlled.workflow.ts).
 */
export async function signOff(
  db: Db,
  user: SessionUser,
  orderId: string,
): Promise<{ orderId: string; entries: ControlledRegisterEntry[] }> {
  const sellerOrgId = orgOf(user);
  const { signoffId } = await inTransaction(db, (tx) =>
    signOffControlled(tx, { orderId, sellerOrgId, user: { id: user.id, name: user.name } }),
  );
  const rows = await listRegister(db, { supplierOrgId: sellerOrgId, signoffId });
  return { orderId, entries: rows.map(entryOf) };
}

/** The controlled-drugs register, newest first: a supplier's own entries, or every one for the platform. */
export async function getRegister(
  db: Db,
  user: SessionUser,
): Promise<{ entries: ControlledRegisterEntry[] }> {
  const rows = await listRegister(db, { supplierOrgId: scopeOf(user) });
  return { entries: rows.map(entryOf) };
}

/**
 * The same register as CSV lines (header first, CONTROLLED_REGISTER_CSV_COLUMNS), read in keyset batches
 * as the consumer pulls them. The scope is decided before the first line, so a refusal is an ordinary
 * error answer rather than a broken download.
 */
export function registerCsv(db: Db, user: SessionUser): AsyncGenerator<string> {
  const supplierOrgId = scopeOf(user);
  return (async function* lines() {
    yield toCsvLine(CONTROLLED_REGISTER_CSV_COLUMNS);
    let after: RegisterPosition | null = null;
    for (;;) {
      const rows = await listRegister(db, { supplierOrgId, after, limit: CSV_BATCH });
      if (rows.length > 0)
        yield rows.map((row) => toCsvLine(CONTROLLED_REGISTER_CSV_COLUMNS.map((c) => row[c]))).join('');
      if (rows.length < CSV_BATCH) return;
      const last = rows.at(-1)!;
      after = [last.position, last.id];
    }
  })();
}
