import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeXhr } from '../../../test/fake-xhr';
import { mockFetch, renderApp } from '../../../test/test-utils';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function openCustomerRegistration() {
  FakeXhr.install();
  mockFetch({});
  const view = renderApp('/login');
  await view.user.click(await screen.findByRole('tab', { name: 'Create account' }));
  return view;
}

async function sent() {
  return waitFor(() => {
    if (!FakeXhr.last) throw new Error('nothing sent yet');
    return FakeXhr.last;
  });
}

describe('customer registration, pharmacy licence', () => {
  it('offers an optional licence group and says what happens without it', async () => {
    await openCustomerRegistration();
    const group = within(screen.getByRole('group', { name: 'Pharmacy licence (optional)' }));
    expect(
      group.getByText(/prepare orders, but not release them until a licence is verified/),
    ).toBeInTheDocument();
    for (const label of ['Licence kind', 'Licence number', 'Licence expiry date', 'Licence document'])
      expect(group.getByLabelText(label)).toBeInTheDocument();
  });

  it('registers without a licence, sending none of its fields', async () => {
    const { user } = await openCustomerRegistration();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const xhr = await sent();
    expect(xhr.body?.get('userType')).toBe('customer');
    for (const key of ['licenceKind', 'licenceNumber', 'licenceExpiresOn', 'licenceDocument'])
      expect(xhr.body?.has(key)).toBe(false);
  });

  it('sends the licence in the same multipart form', async () => {
    const { user } = await openCustomerRegistration();
    await user.selectOptions(field('Licence kind'), 'otc_medicine_seller');
    await user.type(field('Licence number'), 'PC/OTC/1187/2026');
    await user.type(field('Licence expiry date'), '2027-09-30');
    await user.upload(
      field('Licence document'),
      new File(['%PDF-1.7'], 'otc-licence.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const xhr = await sent();
    expect(xhr.body?.get('licenceKind')).toBe('otc_medicine_seller');
    expect(xhr.body?.get('licenceNumber')).toBe('PC/OTC/1187/2026');
    expect(xhr.body?.get('licenceExpiresOn')).toBe('2027-09-30');
    expect((xhr.body?.get('licenceDocument') as File).name).toBe('otc-licence.pdf');
    expect(xhr.body?.has('licensureDocument')).toBe(false);
  });

  it('asks for the rest of the licence when only part is given, and sends nothing', async () => {
    const { user } = await openCustomerRegistration();
    await user.type(field('Licence number'), 'PC/RP/0001/2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(field('Licence kind')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('Licence kind')).toHaveAccessibleDescription(COMPLIANCE_MESSAGES.licenceIncomplete);
    expect(FakeXhr.last).toBeUndefined();
  });

  it('keeps the licence group away from a supplier', async () => {
    const { user } = await openCustomerRegistration();
    await user.click(screen.getByRole('radio', { name: /^Supplier/ }));
    expect(screen.queryByRole('group', { name: 'Pharmacy licence (optional)' })).not.toBeInTheDocument();
  });
});
