import { COMPLIANCE_MESSAGES, type LicenceRecord } from '@aduro/shared/compliance';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { AdminLicenceQueue, LICENCE_QUEUE_EMPTY } from './admin-licence-queue';

function licence(overrides: Partial<LicenceRecord> = {}): LicenceRecord {
  return {
    organizationId: 'org-osu',
    organizationName: 'Osu Community Pharmacy',
    kind: 'retail_pharmacy',
    number: 'PC/RP/0988/2026',
    expiresOn: '2027-06-30',
    expired: false,
    document: { fileName: 'osu-licence.pdf', mimeType: 'application/pdf', sizeBytes: 120_000 },
    status: 'pending',
    reason: null,
    reviewedBy: null,
    reviewedAt: null,
    submittedAt: '2026-11-20T09:00:00.000Z',
    controlledAuthorisation: null,
    ...overrides,
  };
}

const AUTHORISED = licence({
  organizationId: 'org-ridge',
  organizationName: 'Ridge Hospital Pharmacy',
  kind: 'hospital_pharmacy',
  number: 'PC/HP/0102/2025',
  controlledAuthorisation: {
    number: 'NACOC/CA/0077',
    expiresOn: '2027-03-31',
    expired: false,
    authorised: false,
  },
});

function renderQueue() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AdminLicenceQueue />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user };
}

/** A queue whose PATCH moves the record out of pending, as the server does, and records what was sent. */
function serveQueue(records: LicenceRecord[]) {
  const sent: Array<{ path: string; body: unknown }> = [];
  let pending = [...records];
  const fetchMock = mockFetch({
    'GET /admin/licences?status=pending': () => json({ records: pending }),
    'GET /admin/licences?status=verified': () => json({ records: [] }),
  });
  const base = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const match = /\/admin\/entities\/([^/]+)\/licence-record$/.exec(url);
    if (match && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { status: 'verified' | 'rejected'; reason?: string };
      sent.push({ path: `/admin/entities/${match[1]}/licence-record`, body });
      const record = pending.find((r) => r.organizationId === match[1])!;
      pending = pending.filter((r) => r !== record);
      return json({
        ...record,
        status: body.status,
        reason: body.reason ?? null,
        reviewedBy: 'Efua Asante',
        reviewedAt: '2026-11-28T10:00:00.000Z',
        controlledAuthorisation: record.controlledAuthorisation && {
          ...record.controlledAuthorisation,
          authorised: (body as { controlledAuthorised?: boolean }).controlledAuthorised === true,
        },
      });
    }
    return base(input, init);
  });
  return { sent, fetchMock };
}

beforeEach(() => {
  toast.dismiss();
});
afterEach(() => vi.restoreAllMocks());

describe('Admin licence review', () => {
  it('lists each pending licence with its kind, number, expiry and any controlled-drugs authorisation', async () => {
    serveQueue([licence(), AUTHORISED]);
    renderQueue();
    const osu = await screen.findByRole('listitem', { name: 'Osu Community Pharmacy' });
    expect(osu).toHaveTextContent('Retail pharmacy · PC/RP/0988/2026 · expires 30 Jun 2027');
    expect(osu).toHaveTextContent('Submitted 20 Nov 2026');
    expect(within(osu).getByRole('button', { name: /View licence document/ })).toBeInTheDocument();
    const ridge = screen.getByRole('listitem', { name: 'Ridge Hospital Pharmacy' });
    expect(ridge).toHaveTextContent('Controlled-drugs authorisation NACOC/CA/0077 · expires 31 Mar 2027');
    expect(ridge).toHaveTextContent('not checked');
    expect(screen.getByText('2 to review')).toBeInTheDocument();
  });

  it('verifies a licence and its authorisation only after the read-back is confirmed, then toasts and refreshes the queue', async () => {
    const { sent, fetchMock } = serveQueue([AUTHORISED]);
    const { user } = renderQueue();
    await user.click(
      await screen.findByRole('button', { name: 'Review the licence of Ridge Hospital Pharmacy' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Review Ridge Hospital Pharmacy's licence" });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Controlled-drugs authorisation checked' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Verify…' }));

    // The read-back says what verifying means; nothing is sent yet.
    const confirm = await screen.findByRole('dialog', { name: "Verify Ridge Hospital Pharmacy's licence?" });
    expect(confirm).toHaveTextContent('medicines of classes A, B and C, controlled drugs included');
    expect(sent).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Confirm: verify' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: '/admin/entities/org-ridge/licence-record',
          body: { status: 'verified', controlledAuthorised: true, submittedAt: '2026-11-20T09:00:00.000Z' },
        },
      ]),
    );
    expect(
      await screen.findByText(
        "Ridge Hospital Pharmacy's licence and controlled-drugs authorisation verified. The pharmacy has been told.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(LICENCE_QUEUE_EMPTY.pending)).toBeInTheDocument();
    const reads = fetchMock.mock.calls.filter(([url]) =>
      String(url).endsWith('/admin/licences?status=pending'),
    );
    expect(reads.length).toBeGreaterThanOrEqual(2);
  });

  it('asks for the reason before a rejection, and offers no authorisation checkbox when the record has none', async () => {
    const { sent } = serveQueue([licence()]);
    const { user } = renderQueue();
    await user.click(
      await screen.findByRole('button', { name: 'Review the licence of Osu Community Pharmacy' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Review Osu Community Pharmacy's licence" });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Reject' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject…' }));
    expect(await within(dialog).findByText(COMPLIANCE_MESSAGES.reviewReason)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Reason'), 'The licence number is not on the register');
    await user.click(within(dialog).getByRole('button', { name: 'Reject…' }));
    const confirm = await screen.findByRole('dialog', { name: "Reject Osu Community Pharmacy's licence?" });
    expect(confirm).toHaveTextContent('The licence number is not on the register');
    expect(sent).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Confirm: reject' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: '/admin/entities/org-osu/licence-record',
          body: {
            status: 'rejected',
            reason: 'The licence number is not on the register',
            submittedAt: '2026-11-20T09:00:00.000Z',
          },
        },
      ]),
    );
    expect(
      await screen.findByText("Osu Community Pharmacy's licence rejected. The pharmacy has been told."),
    ).toBeInTheDocument();
  });

  it('offers to revoke a verified licence, opening on Reject', async () => {
    mockFetch({
      'GET /admin/licences?status=pending': () => json({ records: [] }),
      'GET /admin/licences?status=verified': () =>
        json({
          records: [
            licence({
              status: 'verified',
              reviewedBy: 'Efua Asante',
              reviewedAt: '2026-11-21T09:00:00.000Z',
            }),
          ],
        }),
    });
    const { user } = renderQueue();
    expect(await screen.findByText(LICENCE_QUEUE_EMPTY.pending)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Verified' }));
    const row = await screen.findByRole('listitem', { name: 'Osu Community Pharmacy' });
    expect(row).toHaveTextContent('reviewed by Efua Asante on 21 Nov 2026');
    await user.click(
      within(row).getByRole('button', { name: 'Revoke the licence of Osu Community Pharmacy' }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Review Osu Community Pharmacy's licence" });
    expect(within(dialog).getByRole('radio', { name: 'Reject' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Revoke…' })).toBeInTheDocument();
  });
});
