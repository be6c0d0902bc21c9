import { COMPLIANCE_MESSAGES, type LicenceRecord } from '@aduro/shared/compliance';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { FakeXhr } from '../../../test/fake-xhr';
import { json, mockFetch, renderApp, sessionUser, VERIFIED_LICENCE_RECORD } from '../../../test/test-utils';

const PENDING: LicenceRecord = {
  ...VERIFIED_LICENCE_RECORD,
  status: 'pending',
  reviewedBy: null,
  reviewedAt: null,
  controlledAuthorisation: {
    number: 'NACOC/CA/0042',
    expiresOn: '2027-03-31',
    expired: false,
    authorised: false,
  },
};

function openLicencePage(record: LicenceRecord | null) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-1');
  FakeXhr.install();
  mockFetch({
    'GET /auth/me': () => json(sessionUser()),
    'GET /org/licence-record': () => json({ record }),
  });
  return renderApp('/customer/licence');
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function sent() {
  return waitFor(() => {
    if (!FakeXhr.last) throw new Error('nothing sent yet');
    return FakeXhr.last;
  });
}

describe('customer licence page', () => {
  it('shows the record, its review and authorisation, and is in the customer navigation', async () => {
    openLicencePage(PENDING);
    const record = within(await screen.findByRole('region', { name: 'Your licence' }));
    expect(await record.findByText('Awaiting review', { selector: 'span.rounded-full' })).toBeInTheDocument();
    expect(record.getByText('Retail pharmacy')).toBeInTheDocument();
    expect(record.getByText('PC/RP/0421/2024')).toBeInTheDocument();
    expect(record.getByText('31 Dec 2027')).toBeInTheDocument();
    expect(record.getByRole('button', { name: 'Open accracare-licence.pdf' })).toBeInTheDocument();
    expect(record.getByText(/NACOC\/CA\/0042/)).toBeInTheDocument();
    expect(record.getByText('Not yet verified')).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Customer area' }));
    expect(nav.getByRole('link', { name: 'Licence' })).toHaveAttribute('aria-current', 'page');
    // The page says it in full, so the banner stays off it.
    expect(screen.queryByRole('region', { name: 'Pharmacy licence' })).not.toBeInTheDocument();
  });

  it('says a change sends the licence back for review, and renews it as multipart with a toast', async () => {
    const { user } = openLicencePage(VERIFIED_LICENCE_RECORD);
    const form = within(await screen.findByRole('form', { name: 'Renew or correct your licence' }));
    expect(form.getByText(/Any change sends your licence back for review/)).toBeInTheDocument();
    expect(field('Licence number').value).toBe('PC/RP/0421/2024');
    await user.clear(field('Expiry date'));
    await user.type(field('Expiry date'), '2028-12-31');
    await user.upload(
      field(/^Licence document/),
      new File(['%PDF-1.7'], 'renewed.pdf', { type: 'application/pdf' }),
    );
    await user.click(form.getByRole('button', { name: 'Send for review again' }));

    const xhr = await sent();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/api/org/licence-record');
    expect(xhr.body?.get('licenceKind')).toBe('retail_pharmacy');
    expect(xhr.body?.get('licenceNumber')).toBe('PC/RP/0421/2024');
    expect(xhr.body?.get('licenceExpiresOn')).toBe('2028-12-31');
    expect((xhr.body?.get('licenceDocument') as File).name).toBe('renewed.pdf');
    expect(xhr.body?.has('controlledAuthorisationNumber')).toBe(false);

    act(() =>
      xhr.respond(200, { record: { ...PENDING, expiresOn: '2028-12-31', controlledAuthorisation: null } }),
    );
    expect(await screen.findByText(COMPLIANCE_MESSAGES.licenceSubmitted)).toBeInTheDocument();
    const record = within(screen.getByRole('region', { name: 'Your licence' }));
    expect(await record.findByText('31 Dec 2028')).toBeInTheDocument();
  });

  it('puts the server’s field errors under their fields', async () => {
    const { user } = openLicencePage(VERIFIED_LICENCE_RECORD);
    const form = within(await screen.findByRole('form', { name: 'Renew or correct your licence' }));
    await user.click(form.getByRole('button', { name: 'Send for review again' }));
    const xhr = await sent();
    act(() =>
      xhr.respond(400, {
        message: COMPLIANCE_MESSAGES.licenceExpired,
        fieldErrors: { licenceExpiresOn: [COMPLIANCE_MESSAGES.licenceExpired] },
      }),
    );
    await waitFor(() => expect(field('Expiry date')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Expiry date')).toHaveAccessibleDescription(COMPLIANCE_MESSAGES.licenceExpired);
  });

  it('asks a buyer with no licence for every detail and the document before sending anything', async () => {
    const { user } = openLicencePage(null);
    expect(await screen.findByText('Not submitted')).toBeInTheDocument();
    const form = within(await screen.findByRole('form', { name: 'Submit your licence' }));
    await user.click(form.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(COMPLIANCE_MESSAGES.licenceKind)).toBeInTheDocument();
    expect(screen.getByText(COMPLIANCE_MESSAGES.licenceNumber)).toBeInTheDocument();
    expect(screen.getByText(COMPLIANCE_MESSAGES.licenceExpiresOn)).toBeInTheDocument();
    expect(field('Licence document')).toHaveAccessibleDescription(COMPLIANCE_MESSAGES.licenceDocument);

    // An authorisation needs its expiry too.
    await user.selectOptions(field('Licence kind'), 'hospital_pharmacy');
    await user.type(field('Licence number'), 'PC/HP/0102/2025');
    await user.type(field('Expiry date'), '2027-06-30');
    await user.type(field('Authorisation number'), 'NACOC/CA/0042');
    await user.click(form.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(COMPLIANCE_MESSAGES.authorisationIncomplete)).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();
  });
});
