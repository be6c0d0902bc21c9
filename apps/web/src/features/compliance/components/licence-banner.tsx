import type { LicenceRecord } from '@aduro/shared/compliance';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDay } from '../../../lib/format';
import { licenceStanding, useLicenceRecord, type LicenceStanding } from '../api/get-licence-record';

export const LICENCE_PATH = '/customer/licence';

interface BannerText {
  title: string;
  body: string;
  action: string;
  /** Pending is quiet (nothing for the buyer to do but wait); the others ask the buyer to act. */
  tone: 'quiet' | 'act';
}

/** What the banner says for each standing but 'verified', which shows none. */
export function licenceBannerText(
  standing: Exclude<LicenceStanding, 'verified'>,
  record: LicenceRecord | null,
): BannerText {
  switch (standing) {
    case 'pending':
      return {
        title: 'Your licence is being checked.',
        body: 'You can fill your cart and draft orders meanwhile; you can approve them once an administrator has verified it. We will tell you when it is checked.',
        action: 'View licence',
        tone: 'quiet',
      };
    case 'rejected':
      return {
        title: 'Your licence was not accepted.',
        body: `${record?.reason ? `Reason: ${record.reason} ` : ''}Correct it and send it again: until a licence is verified you can draft orders but not approve them.`,
        action: 'Correct your licence',
        tone: 'act',
      };
    case 'expired':
      return {
        title: `Your licence expired${record ? ` on ${formatDay(record.expiresOn)}` : ''}.`,
        body: 'Upload the renewed licence: until it is verified you can draft orders but not approve them.',
        action: 'Renew your licence',
        tone: 'act',
      };
    case 'none':
      return {
        title: 'Add your pharmacy licence to release orders.',
        body: 'You can browse, fill your cart and draft orders now. Approving an order needs a Pharmacy Council licence that an administrator has verified.',
        action: 'Add your licence',
        tone: 'act',
      };
  }
}

/**
 * Tells a buyer whose licence is not verified (none, pending, rejected or expired) what to do, above
 * every customer screen; nothing for a verified buyer, while the record loads, or when it cannot be
 * read (the licence page says that itself).
 */
export function LicenceBanner({ orgId, showLink = true }: { orgId: string | null; showLink?: boolean }) {
  const licence = useLicenceRecord(orgId);
  if (licence.data === undefined) return null;
  const standing = licenceStanding(licence.data);
  if (standing === 'verified') return null;
  const text = licenceBannerText(standing, licence.data);
  return (
    <section
      aria-label="Pharmacy licence"
      data-licence-standing={standing}
      className={cn(
        'mb-6 flex flex-col gap-3 rounded-xl px-4 py-3 text-sm ring-1 ring-inset sm:flex-row sm:items-center sm:justify-between sm:px-5',
        text.tone === 'quiet'
          ? 'bg-sky-50 text-sky-950 ring-sky-200'
          : 'bg-amber-50 text-amber-950 ring-amber-300',
      )}
    >
      <div className="flex min-w-0 items-start gap-2.5">
        <LicenceIcon className={text.tone === 'quiet' ? 'text-sky-700' : 'text-amber-700'} />
        <p className="min-w-0 [overflow-wrap:anywhere]">
          <span className="font-semibold">{text.title}</span> {text.body}
        </p>
      </div>
      {showLink && (
        <Link
          to={LICENCE_PATH}
          className={buttonClasses(
            text.tone === 'quiet' ? 'secondary' : 'primary',
            'sm',
            'shrink-0 self-start sm:self-auto',
          )}
        >
          {text.action}
        </Link>
      )}
    </section>
  );
}

function LicenceIcon({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('mt-0.5 size-4.5 shrink-0', className)}
    >
      <path d="M5 2.5h7l3 3v12H5v-15Z" />
      <path d="M8 8h4.5M8 10.5h4.5" />
      <circle cx="10" cy="14.5" r="1.5" />
    </svg>
  );
}
