import type { LicenceRecord } from '@aduro/shared/compliance';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch, VERIFIED_LICENCE_RECORD } from '../../../test/test-utils';
import { licenceRecordQueryKey } from '../api/get-licence-record';
import { LicenceBanner } from './licence-banner';

const record = (overrides: Partial<LicenceRecord> = {}): LicenceRecord => ({
  ...VERIFIED_LICENCE_RECORD,
  ...overrides,
});

function renderBanner(answer: LicenceRecord | null) {
  mockFetch({ 'GET /org/licence-record': () => json({ record: answer }) });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <LicenceBanner orgId="org-1" />
        <p>Screen content</p>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient };
}

const banner = () => screen.findByRole('region', { name: 'Pharmacy licence' });

describe('LicenceBanner', () => {
  it('asks a buyer with no licence to add one, linking to the licence page', async () => {
    renderBanner(null);
    const aside = await banner();
    expect(aside).toHaveTextContent('Add your pharmacy licence to release orders.');
    expect(aside).toHaveTextContent('You can browse, fill your cart and draft orders now.');
    expect(screen.getByRole('link', { name: 'Add your licence' })).toHaveAttribute(
      'href',
      '/customer/licence',
    );
    expect(aside).toHaveAttribute('data-licence-standing', 'none');
  });

  it('tells a buyer whose licence awaits review, quietly, that it is being checked', async () => {
    renderBanner(record({ status: 'pending', reviewedBy: null, reviewedAt: null }));
    const aside = await banner();
    expect(aside).toHaveTextContent('Your licence is being checked.');
    expect(aside).toHaveClass('bg-sky-50');
    expect(screen.getByRole('link', { name: 'View licence' })).toHaveAttribute('href', '/customer/licence');
  });

  it('gives a rejected buyer the reviewer’s reason and asks it to correct the licence', async () => {
    renderBanner(record({ status: 'rejected', reason: 'The number does not match the register.' }));
    const aside = await banner();
    expect(aside).toHaveTextContent('Your licence was not accepted.');
    expect(aside).toHaveTextContent('Reason: The number does not match the register.');
    expect(aside).toHaveClass('bg-amber-50');
    expect(screen.getByRole('link', { name: 'Correct your licence' })).toBeInTheDocument();
  });

  it('asks a buyer whose verified licence has expired to renew it, naming the day', async () => {
    renderBanner(record({ expiresOn: '2026-10-31', expired: true }));
    const aside = await banner();
    expect(aside).toHaveTextContent('Your licence expired on 31 Oct 2026.');
    expect(screen.getByRole('link', { name: 'Renew your licence' })).toBeInTheDocument();
  });

  it('shows nothing to a verified buyer', async () => {
    const { queryClient } = renderBanner(record());
    await waitFor(() =>
      expect(queryClient.getQueryState(licenceRecordQueryKey('org-1'))?.status).toBe('success'),
    );
    expect(screen.getByText('Screen content')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pharmacy licence' })).not.toBeInTheDocument();
  });
});
