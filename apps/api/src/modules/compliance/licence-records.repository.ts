import { sql, type SQL } from 'drizzle-orm';
import type { LicenceKind, LicenceStatus } from '@aduro/shared/compliance';
import { queryRows, type Executor, type Tx } from '../../db/client.ts';

/**
 * The buyers' licence records (licence_records, one per buying organisation). Every read names the
 * organisation in SQL; only the platform's queue reads across organisations.
 */

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A record as the API answers it, with its organisation's name and whether it has expired by `today`. */
export interface LicenceRecordRow extends Record<string, unknown> {
  organizationId: string;
  organizationName: string;
  kind: LicenceKind;
  number: string;
  expiresOn: string;
  expired: boolean;
  documentFileName: string | null;
  documentMimeType: string | null;
  documentSizeBytes: number | null;
  status: LicenceStatus;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  submittedAt: string;
  authorisationNumber: string | null;
  authorisationExpiresOn: string | null;
  authorisationExpired: boolean | null;
  controlledAuthorised: boolean;
}

const selectRecord = (today: string) => sql`
  select l.org_id as "organizationId", o.name as "organizationName", l.kind, l.number,
         to_char(l.expires_on, 'YYYY-MM-DD') as "expiresOn", l.expires_on < ${today}::date as expired,
         l.document_file_name as "documentFileName", l.document_mime_type as "documentMimeType",
         l.document_size_bytes as "documentSizeBytes", l.status, l.reason,
         l.reviewed_by_name as "reviewedBy", ${iso(sql`l.reviewed_at`)} as "reviewedAt",
         ${iso(sql`l.submitted_at`)} as "submittedAt",
         l.controlled_authorisation_number as "authorisationNumber",
         to_char(l.controlled_authorisation_expires_on, 'YYYY-MM-DD') as "authorisationExpiresOn",
         l.controlled_authorisation_expires_on < ${today}::date as "authorisationExpired",
         l.controlled_authorised as "controlledAuthorised"
  from licence_records l join organizations o on o.id = l.org_id`;

/** The organisation's record, or undefined when it has submitted none. */
export async function findLicenceRecord(
  db: Executor,
  orgId: string,
  today: string,
): Promise<LicenceRecordRow | undefined> {
  const [row] = await queryRows<LicenceRecordRow>(db, sql`${selectRecord(today)} where l.org_id = ${orgId}`);
  return row;
}

/**
 * The platform's review queue: buying organisations' records, of one status or all, oldest submission
 * first (the longest waiting is reviewed first).
 */
export function listLicenceRecords(db: Executor, status: LicenceStatus | undefined, today: string) {
  return queryRows<LicenceRecordRow>(
    db,
    sql`${selectRecord(today)}
        where o.kind = 'customer' ${status ? sql`and l.status = ${status}` : sql``}
        order by l.submitted_at, l.org_id`,
  );
}

/** An organisation's kind, or undefined for an unknown id. */
export async function findOrganisationKind(db: Executor, id: string) {
  const [row] = await queryRows<{ kind: 'customer' | 'supplier' | 'platform'; name: string }>(
    db,
    sql`select kind, name from organizations where id = ${id}`,
  );
  return row;
}

/** What a change needs of the record it replaces, its row locked until the transaction ends. */
export interface LockedRecord extends Record<string, unknown> {
  status: LicenceStatus;
  kind: LicenceKind;
  number: string;
  expiresOn: string;
  documentStorageKey: string | null;
  authorisationNumber: string | null;
  authorisationExpiresOn: string | null;
  controlledAuthorised: boolean;
  submittedAt: string;
  organizationName: string;
}

/**
 * Locks the organisation's record FOR UPDATE: a review or a renewal waits for approvals reading it FOR
 * SHARE, and they for it, so no approval releases against a licence a committed revocation withdrew
 * (docs/domain.md "Locks and retries": the order, then the licence record, then the lots).
 */
export async function lockLicenceRecord(tx: Tx, orgId: string): Promise<LockedRecord | undefined> {
  const [row] = await queryRows<LockedRecord>(
    tx,
    sql`select status, kind, number, to_char(expires_on, 'YYYY-MM-DD') as "expiresOn",
               document_storage_key as "documentStorageKey",
               controlled_authorisation_number as "authorisationNumber",
               to_char(controlled_authorisation_expires_on, 'YYYY-MM-DD') as "authorisationExpiresOn",
               controlled_authorised as "controlledAuthorised",
               ${iso(sql`submitted_at`)} as "submittedAt",
               (select o.name from organizations o where o.id = org_id) as "organizationName"
        from licence_records where org_id = ${orgId} for update`,
  );
  return row;
}

export interface LicenceSubmission {
  kind: LicenceKind;
  number: string;
  expiresOn: string;
  authorisationNumber: string | null;
  authorisationExpiresOn: string | null;
  /** The new document; undefined keeps the one on file. */
  document?: { key: string; fileName: string; mimeType: string; size: number };
}

/**
 * Writes the buyer's licence as submitted: a new record, or the renewal of the one on file. Either way
 * it is 'pending' again, with no reviewer, reason or verified authorisation: nobody has checked what was
 * just sent.
 */
export async function saveLicenceSubmission(tx: Tx, orgId: string, s: LicenceSubmission): Promise<void> {
  const doc = s.document;
  await tx.execute(sql`
    insert into licence_records as l (org_id, kind, number, expires_on, document_storage_key,
      document_file_name, document_mime_type, document_size_bytes, status,
      controlled_authorisation_number, controlled_authorisation_expires_on)
    values (${orgId}, ${s.kind}, ${s.number}, ${s.expiresOn}::date, ${doc?.key ?? null},
      ${doc?.fileName ?? null}, ${doc?.mimeType ?? null}, ${doc?.size ?? null}, 'pending',
      ${s.authorisationNumber}, ${s.authorisationExpiresOn}::date)
    on conflict (org_id) do update set
      kind = excluded.kind, number = excluded.number, expires_on = excluded.expires_on,
      ${
        doc
          ? sql`document_storage_key = excluded.document_storage_key,
                document_file_name = excluded.document_file_name,
                document_mime_type = excluded.document_mime_type,
                document_size_bytes = excluded.document_size_bytes,`
          : sql``
      }
      status = 'pending', reason = null, reviewed_by_user_id = null, reviewed_by_name = null,
      reviewed_at = null,
      controlled_authorisation_number = excluded.controlled_authorisation_number,
      controlled_authorisation_expires_on = excluded.controlled_authorisation_expires_on,
      controlled_authorised = false, submitted_at = now(), updated_at = now()`);
}

/** A platform administrator's review, written over the locked record. */
export async function saveLicenceReview(
  tx: Tx,
  orgId: string,
  review: {
    status: 'verified' | 'rejected';
    reason: string | null;
    controlledAuthorised: boolean;
    reviewer: { id: string; name: string };
  },
): Promise<void> {
  await tx.execute(sql`
    update licence_records set status = ${review.status}, reason = ${review.reason},
      controlled_authorised = ${review.controlledAuthorised},
      reviewed_by_user_id = ${review.reviewer.id}, reviewed_by_name = ${review.reviewer.name},
      reviewed_at = now(), updated_at = now()
    where org_id = ${orgId}`);
}

/** Where the record's document is stored, for streaming it; undefined when there is no record. */
export async function findLicenceDocument(db: Executor, orgId: string) {
  const [row] = await queryRows<{ key: string | null; fileName: string | null; mimeType: string | null }>(
    db,
    sql`select document_storage_key as key, document_file_name as "fileName",
               document_mime_type as "mimeType"
        from licence_records where org_id = ${orgId}`,
  );
  return row;
}

/** Removes a replaced document's bytes, in the transaction that replaced it. */
export async function deleteLicenceFile(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`delete from licence_files where key = ${key}`);
}

/** What the notifications and the trail name: the organisation and its licence as it stands. */
export async function readLicenceForNotice(db: Executor, orgId: string) {
  const [row] = await queryRows<{
    organizationName: string;
    kind: LicenceKind;
    number: string;
    expiresOn: string;
    authorisationNumber: string | null;
    authorisationExpiresOn: string | null;
  }>(
    db,
    sql`select o.name as "organizationName", l.kind, l.number,
               to_char(l.expires_on, 'YYYY-MM-DD') as "expiresOn",
               l.controlled_authorisation_number as "authorisationNumber",
               to_char(l.controlled_authorisation_expires_on, 'YYYY-MM-DD') as "authorisationExpiresOn"
        from licence_records l join organizations o on o.id = l.org_id
        where l.org_id = ${orgId}`,
  );
  return row;
}
