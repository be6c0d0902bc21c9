import { COMPLIANCE_MESSAGES, type LicenceKind } from '@aduro/shared/compliance';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { LicenceStorage, VerifiedLicence } from '../auth/licence-storage.ts';
import { recordEvent } from '../events/events.repository.ts';
import {
  deleteLicenceFile,
  lockLicenceRecord,
  saveLicenceSubmission,
  type LicenceSubmission,
} from './licence-records.repository.ts';

/*
 * Submitting a buyer's licence, the one step registration (modules/auth) and the buyer's own renewal
 * (PUT /org/licence-record) share, in the caller's transaction.
 */

/**
 * Writes a submission in the caller's transaction: the document (when one came) and the record, back
 * to 'pending', and `licence.submitted` for the platform's queue and trail. The replaced document's
 * bytes go in the same transaction. Nothing is written when nothing changed (a form saved again as it
 * was), so re-saving never costs a verified licence its verification.
 */
export async function writeLicenceSubmission(
  tx: Tx,
  storage: LicenceStorage,
  orgId: string,
  actorUserId: string,
  form: Omit<LicenceSubmission, 'document'>,
  document: VerifiedLicence | undefined,
): Promise<boolean> {
  const locked = await lockLicenceRecord(tx, orgId);
  if (!document && !locked?.documentStorageKey)
    throw badRequest(COMPLIANCE_MESSAGES.licenceDocument, {
      licenceDocument: [COMPLIANCE_MESSAGES.licenceDocument],
    });
  if (
    locked &&
    !document &&
    locked.kind === form.kind &&
    locked.number === form.number &&
    locked.expiresOn === form.expiresOn &&
    locked.authorisationNumber === form.authorisationNumber &&
    locked.authorisationExpiresOn === form.authorisationExpiresOn
  )
    return false;
  let stored: LicenceSubmission['document'];
  if (document) {
    // The file and the record's reference to it commit, or roll back, together.
    const key = storage.keyFor(orgId, document);
    await storage.commit(tx, orgId, key, document);
    stored = { key, fileName: document.fileName, mimeType: document.mimeType, size: document.size };
  }
  await saveLicenceSubmission(tx, orgId, { ...form, document: stored });
  if (stored && locked?.documentStorageKey) await deleteLicenceFile(tx, locked.documentStorageKey);
  await recordEvent(tx, {
    type: 'licence.submitted',
    orgIds: [orgId],
    // The operator's queue and trail show it at once.
    audience: ['platform'],
    refs: { organisationId: orgId, buyerId: orgId },
    actorUserId,
  });
  return true;
}

/**
 * Registration's part: a new buying organisation's licence, 'pending', written in the registration's
 * transaction (the form was validated whole by registerSchema, the document verified by its content).
 */
export async function recordLicenceAtRegistration(
  tx: Tx,
  storage: LicenceStorage,
  registration: {
    orgId: string;
    userId: string;
    kind: LicenceKind;
    number: string;
    expiresOn: string;
    document: VerifiedLicence;
  },
): Promise<void> {
  await writeLicenceSubmission(
    tx,
    storage,
    registration.orgId,
    registration.userId,
    {
      kind: registration.kind,
      number: registration.number,
      expiresOn: registration.expiresOn,
      authorisationNumber: null,
      authorisationExpiresOn: null,
    },
    registration.document,
  );
}
