import type { z } from 'zod';
import {
  COMPLIANCE_MESSAGES,
  type LicenceRecord,
  type LicenceStatus,
  type licenceRecordFormSchema,
  type licenceReviewSchema,
} from '@aduro/shared/compliance';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { LicenceStorage, StoredLicence, VerifiedLicence } from '../auth/licence-storage.ts';
import { recordEvent } from '../events/events.repository.ts';
import { writeLicenceSubmission } from './submit-licence.workflow.ts';
import {
  findLicenceDocument,
  findLicenceRecord,
  findOrganisationKind,
  listLicenceRecords,
  lockLicenceRecord,
  saveLicenceReview,
  type LicenceRecordRow,
} from './licence-records.repository.ts';

/*
 * A buyer's Pharmacy Council licence (issue 32, docs/domain.md "Buyer licences"): submitted at
 * registration or under Licence, renewed in place, checked by a platform administrator. Who may buy what
 * is decided from it in SQL (eligibility.ts); this module only keeps it and its review.
 */

/** Refusals of this module that COMPLIANCE_MESSAGES does not word. */
export const LICENCE_RECORD_MESSAGES = {
  organisationNotFound: 'Organisation not found',
  noDocument: 'No licence document is on file for this organisation',
  noAuthorisation: 'This licence carries no controlled-drugs authorisation to verify',
  authorisedOnlyWhenVerifying: 'A controlled-drugs authorisation can be verified only with the licence',
} as const;

export type LicenceRecordForm = z.output<typeof licenceRecordFormSchema>;
export type LicenceReview = z.output<typeof licenceReviewSchema>;

/** The answer's shape, from a row read with its organisation. */
export function toLicenceRecord(row: LicenceRecordRow): LicenceRecord {
  return {
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    kind: row.kind,
    number: row.number,
    expiresOn: row.expiresOn,
    expired: row.expired,
    document:
      row.documentFileName !== null
        ? {
            fileName: row.documentFileName,
            mimeType: row.documentMimeType ?? 'application/octet-stream',
            sizeBytes: row.documentSizeBytes ?? 0,
          }
        : null,
    status: row.status,
    reason: row.reason,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt,
    submittedAt: row.submittedAt,
    controlledAuthorisation:
      row.authorisationNumber !== null && row.authorisationExpiresOn !== null
        ? {
            number: row.authorisationNumber,
            expiresOn: row.authorisationExpiresOn,
            expired: row.authorisationExpired ?? false,
            authorised: row.controlledAuthorised,
          }
        : null,
  };
}

/** The caller's own organisation's licence record, or null when it has submitted none. */
export async function getOwnLicenceRecord(db: Db, orgId: string, today: string) {
  const row = await findLicenceRecord(db, orgId, today);
  return { record: row ? toLicenceRecord(row) : null };
}

const expiredLicence = () =>
  badRequest(COMPLIANCE_MESSAGES.licenceExpired, {
    licenceExpiresOn: [COMPLIANCE_MESSAGES.licenceExpired],
  });

/**
 * Submits or renews the caller's licence (PUT /org/licence-record). Any change sends it back to
 * 'pending' and clears the review and the authorisation's check; a licence already expired is refused,
 * and a document is required when none is on file.
 */
export async function submitLicenceRecord(
  db: Db,
  storage: LicenceStorage,
  me: { id: string; orgId: string },
  form: LicenceRecordForm,
  document: VerifiedLicence | undefined,
  today: string,
) {
  if (form.licenceExpiresOn < today) throw expiredLicence();
  return inTransaction(db, async (tx) => {
    await writeLicenceSubmission(
      tx,
      storage,
      me.orgId,
      me.id,
      {
        kind: form.licenceKind,
        number: form.licenceNumber,
        expiresOn: form.licenceExpiresOn,
        authorisationNumber: form.controlledAuthorisationNumber ?? null,
        authorisationExpiresOn: form.controlledAuthorisationExpiresOn ?? null,
      },
      document,
    );
    const row = await findLicenceRecord(tx, me.orgId, today);
    return { record: row ? toLicenceRecord(row) : null };
  });
}

/** The platform's queue: every buyer's record of the status asked (all without one), oldest first. */
export async function listLicenceQueue(db: Db, status: LicenceStatus | undefined, today: string) {
  const rows = await listLicenceRecords(db, status, today);
  return { records: rows.map(toLicenceRecord) };
}

/** A buying organisation, or 404: suppliers and the platform hold no pharmacy licence here. */
async function assertCustomer(db: Db, orgId: string): Promise<void> {
  const org = await findOrganisationKind(db, orgId);
  if (!org) throw notFound('ORGANISATION_NOT_FOUND', LICENCE_RECORD_MESSAGES.organisationNotFound);
  if (org.kind !== 'customer') throw notFound('ORGANISATION_NOT_FOUND', COMPLIANCE_MESSAGES.notACustomer);
}

const recordNotFound = () => notFound('LICENCE_RECORD_NOT_FOUND', COMPLIANCE_MESSAGES.licenceRecordNotFound);

/**
 * A platform administrator verifies or rejects a buyer's licence (rejecting a verified one revokes it),
 * recording who and when, with the record locked FOR UPDATE so approvals reading it FOR SHARE see the
 * review either wholly before or wholly after them. The authorisation is verified only with the licence
 * and only when the record carries one. Records `licence.reviewed`, which tells the buyer's users.
 */
export async function reviewLicenceRecord(
  db: Db,
  orgId: string,
  review: LicenceReview,
  reviewer: { id: string; name: string },
  today: string,
): Promise<LicenceRecord> {
  if (review.controlledAuthorised && review.status !== 'verified')
    throw badRequest(LICENCE_RECORD_MESSAGES.authorisedOnlyWhenVerifying, {
      controlledAuthorised: [LICENCE_RECORD_MESSAGES.authorisedOnlyWhenVerifying],
    });
  await assertCustomer(db, orgId);
  return inTransaction(db, async (tx) => {
    const locked = await lockLicenceRecord(tx, orgId);
    if (!locked) throw recordNotFound();
    // The reviewer read one version; a renewal sent since is reviewed on its own, never by that verdict.
    if (review.submittedAt !== undefined && review.submittedAt !== locked.submittedAt)
      throw conflict(
        'LICENCE_RECORD_CHANGED',
        COMPLIANCE_MESSAGES.licenceRecordChanged(locked.organizationName),
      );
    if (review.controlledAuthorised && !locked.authorisationNumber)
      throw badRequest(LICENCE_RECORD_MESSAGES.noAuthorisation, {
        controlledAuthorised: [LICENCE_RECORD_MESSAGES.noAuthorisation],
      });
    // Left out, a verification keeps the authorisation's check as it was (a pending record has none).
    const controlledAuthorised =
      review.status === 'verified' ? (review.controlledAuthorised ?? locked.controlledAuthorised) : false;
    const revoked = locked.status === 'verified' && review.status === 'rejected';
    await saveLicenceReview(tx, orgId, {
      status: review.status,
      reason: review.reason ?? null,
      controlledAuthorised,
      reviewer,
    });
    await recordEvent(tx, {
      type: 'licence.reviewed',
      orgIds: [orgId],
      audience: ['platform'],
      refs: {
        organisationId: orgId,
        buyerId: orgId,
        licenceStatus: review.status,
        controlledAuthorised,
        revoked,
        ...(review.reason ? { reason: review.reason } : {}),
      },
      actorUserId: reviewer.id,
    });
    const row = await findLicenceRecord(tx, orgId, today);
    if (!row) throw recordNotFound();
    return toLicenceRecord(row);
  });
}

async function documentOf(db: Db, orgId: string): Promise<StoredLicence> {
  const doc = await findLicenceDocument(db, orgId);
  if (!doc) throw recordNotFound();
  if (!doc.key) throw notFound('LICENCE_NOT_FOUND', LICENCE_RECORD_MESSAGES.noDocument);
  return doc;
}

/** Where the caller's own licence document is stored. */
export function getOwnLicenceDocument(db: Db, orgId: string): Promise<StoredLicence> {
  return documentOf(db, orgId);
}

/** Where a buying organisation's licence document is stored, for a platform administrator. */
export async function getLicenceDocumentFor(db: Db, orgId: string): Promise<StoredLicence> {
  await assertCustomer(db, orgId);
  return documentOf(db, orgId);
}
