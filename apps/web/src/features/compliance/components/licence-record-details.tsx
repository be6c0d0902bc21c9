import { LICENCE_KIND_LABELS, LICENCE_STATUS_LABELS, type LicenceRecord } from '@aduro/shared/compliance';
import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDay, formatMoment } from '../../../lib/format';
import { licenceStanding, type LicenceStanding } from '../api/get-licence-record';
import { useOpenOwnLicenceDocument } from '../api/open-own-licence-document';

const STANDING: Record<LicenceStanding, { label: string; tone: BadgeTone }> = {
  none: { label: 'Not submitted', tone: 'neutral' },
  pending: { label: LICENCE_STATUS_LABELS.pending, tone: 'yellow' },
  verified: { label: LICENCE_STATUS_LABELS.verified, tone: 'green' },
  rejected: { label: LICENCE_STATUS_LABELS.rejected, tone: 'red' },
  expired: { label: 'Expired', tone: 'red' },
};

/** What the standing means for the buyer's orders, in a sentence under the badge. */
const STANDING_MEANS: Record<LicenceStanding, string> = {
  none: 'You can draft orders, but approving them needs a verified licence.',
  pending:
    'An administrator is checking it. You can draft orders meanwhile and approve them once it is verified.',
  verified: 'You can approve orders of the medicines your licence allows.',
  rejected: 'You can draft orders, but approving them needs a verified licence: correct it below.',
  expired: 'You can draft orders, but approving them needs a licence in date: renew it below.',
};

export function LicenceStandingBadge({ standing }: { standing: LicenceStanding }) {
  return <Badge tone={STANDING[standing].tone}>{STANDING[standing].label}</Badge>;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * The buyer's licence as Aduro holds it (issue 32): kind, number, expiry, the review (who, when, why),
 * the document and the controlled-drugs authorisation, with what its standing means for approvals.
 */
export function LicenceRecordDetails({ record }: { record: LicenceRecord | null }) {
  const standing = licenceStanding(record);
  const document = useOpenOwnLicenceDocument();
  return (
    <div className="space-y-4 px-5 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <LicenceStandingBadge standing={standing} />
        <p className="text-sm text-slate-700">{STANDING_MEANS[standing]}</p>
      </div>
      {record === null ? (
        <p className="text-sm text-slate-600">
          You have not submitted a pharmacy licence yet. Submit it below: an administrator checks it against
          the Pharmacy Council’s register.
        </p>
      ) : (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Fact label="Kind">{LICENCE_KIND_LABELS[record.kind]}</Fact>
          <Fact label="Licence number">{record.number}</Fact>
          <Fact label="Expires">
            {formatDay(record.expiresOn)}
            {record.expired && <span className="ml-2 font-medium text-rose-700">(expired)</span>}
          </Fact>
          <Fact label="Submitted">{formatMoment(record.submittedAt)}</Fact>
          {/* Awaiting review, the badge above says it all. */}
          {record.status !== 'pending' && (
            <Fact label="Review">
              {LICENCE_STATUS_LABELS[record.status]}
              {record.reviewedBy && ` by ${record.reviewedBy}`}
              {record.reviewedAt && (
                <span className="text-slate-600"> · {formatMoment(record.reviewedAt)}</span>
              )}
            </Fact>
          )}
          {record.reason && (
            <Fact label={record.status === 'rejected' ? 'Reason for rejection' : 'Reviewer’s note'}>
              {record.reason}
            </Fact>
          )}
          <Fact label="Document" wide={!record.reason}>
            {record.document ? (
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span>
                  {record.document.fileName}{' '}
                  <span className="text-slate-500">({formatSize(record.document.sizeBytes)})</span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={document.isPending}
                  onClick={() => document.mutate()}
                  aria-label={`Open ${record.document.fileName}`}
                >
                  Open
                </Button>
              </span>
            ) : (
              <span className="text-slate-500">No document uploaded</span>
            )}
          </Fact>
          <Fact label="Controlled-drugs authorisation" wide>
            {record.controlledAuthorisation ? (
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span>
                  {record.controlledAuthorisation.number} · expires{' '}
                  {formatDay(record.controlledAuthorisation.expiresOn)}
                </span>
                {record.controlledAuthorisation.expired ? (
                  <Badge tone="red">Expired</Badge>
                ) : record.controlledAuthorisation.authorised ? (
                  <Badge tone="green">Verified</Badge>
                ) : (
                  <Badge tone="yellow">Not yet verified</Badge>
                )}
              </span>
            ) : (
              <span className="text-slate-600">
                {record.kind === 'otc_medicine_seller'
                  ? 'None.'
                  : 'None. Narcotics, psychotropics and precursors need one, verified with your licence.'}
              </span>
            )}
          </Fact>
        </dl>
      )}
      {record?.kind === 'otc_medicine_seller' && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
          An OTC medicine seller may buy over-the-counter (class C) medicines only, and no controlled drug.
          Offers you may not buy are marked in the marketplace.
        </p>
      )}
    </div>
  );
}
