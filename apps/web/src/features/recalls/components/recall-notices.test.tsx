import { RECALL_MESSAGES } from '@aduro/shared/recalls';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { recallsQueryKey } from '../api/get-recalls';
import { DROP_ONE, RECALL_ID, recallDetail, recallSummary, repickRow, traceRow } from '../testing/fixtures';
import { RecallNotices } from './recall-notices';

function renderNotices(highlightId: string | null = null) {
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RecallNotices orgId="org-1" highlightId={highlightId} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, queryClient, ...view };
}

afterEach(() => vi.restoreAllMocks());

describe("the buyer's recall notices", () => {
  it('shows nothing while no recall touches the buyer', async () => {
    mockFetch({ 'GET /recalls': () => json([]) });
    const { queryClient } = renderNotices();
    await waitFor(() => expect(queryClient.getQueryState(recallsQueryKey('org-1'))?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Recall notices' })).not.toBeInTheDocument();
  });

  it('lists each affected delivery and confirms one quarantined, then says when and by whom', async () => {
    let detail = recallDetail({ lots: [], unitsQuarantined: 0 });
    const acknowledged: string[] = [];
    mockFetch({
      'GET /recalls': () => json([recallSummary({ unitsQuarantined: 0 })]),
      [`GET /recalls/${RECALL_ID}`]: () => json(detail),
      [`POST /recalls/${RECALL_ID}/drops/${DROP_ONE}/acknowledge`]: () => {
        acknowledged.push(DROP_ONE);
        const row = traceRow({ acknowledgedAt: '2026-11-25T11:00:00.000Z', acknowledgedBy: 'Efua Asante' });
        detail = { ...detail, acknowledgedDrops: 2, trace: [row, detail.trace[1]!] };
        return json(row);
      },
    });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user } = renderNotices();

    const notice = await screen.findByRole('article', {
      name: 'Recall RC-2026-000007: Amoxicillin 500 mg capsules',
    });
    expect(within(notice).getByText('Class I')).toBeInTheDocument();
    expect(within(notice).getByText('AMX2405A, AMX2405B')).toBeInTheDocument();
    expect(within(notice).getByText(/dissolution failure/)).toBeInTheDocument();
    expect(within(notice).getByText(/by Tema Pharma Distributors$/)).toBeInTheDocument();

    const osu = await within(notice).findByRole('listitem', { name: 'PO-2026-000042 drop 1, Osu branch' });
    expect(within(osu).getByText('AMX2405A × 30 units, AMX2405B × 20 units')).toBeInTheDocument();
    const kumasi = within(notice).getByRole('listitem', { name: 'PO-2026-000042 drop 2, Kumasi branch' });
    expect(within(kumasi).getByText(/^Quarantined at our pharmacy .* by Efua Asante$/)).toBeInTheDocument();
    expect(within(kumasi).queryByRole('button')).not.toBeInTheDocument();

    await user.click(
      within(osu).getByRole('button', { name: new RegExp(`^${RECALL_MESSAGES.acknowledge}`) }),
    );
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(RECALL_MESSAGES.acknowledged));
    expect(acknowledged).toEqual([DROP_ONE]);
    expect(
      await within(osu).findByText(/^Quarantined at our pharmacy .* by Efua Asante$/),
    ).toBeInTheDocument();
    expect(within(osu).queryByRole('button')).not.toBeInTheDocument();
  });

  it('folds recalls whose every delivery is settled under a button', async () => {
    const done = '9e000000-0000-4000-8000-000000000003';
    mockFetch({
      'GET /recalls': () =>
        json([
          recallSummary(),
          recallSummary({
            id: done,
            number: 'RC-2026-000001',
            affectedDrops: 1,
            acknowledgedDrops: 1,
            awaitingDrops: 0,
          }),
        ]),
      [`GET /recalls/${RECALL_ID}`]: () => json(recallDetail()),
      [`GET /recalls/${done}`]: () => json(recallDetail({ id: done, number: 'RC-2026-000001' })),
    });
    const { user } = renderNotices();
    expect(await screen.findByRole('article', { name: /^Recall RC-2026-000007/ })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /^Recall RC-2026-000001/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 1 settled recall' }));
    expect(await screen.findByRole('article', { name: /^Recall RC-2026-000001/ })).toBeInTheDocument();
  });

  it('tells undelivered deliveries held by the supplier and re-picked ones apart from delivered ones, asking nothing of them', async () => {
    const held = traceRow({
      dropId: '44444444-0000-4000-8000-000000000009',
      dropSequence: 2,
      addressName: 'Kumasi branch',
      address: 'Adum, Kumasi',
      status: 'Awaiting Dispatch',
      shippedAt: null,
      deliveredAt: null,
      estimatedDeliveryDate: null,
    });
    mockFetch({
      'GET /recalls': () =>
        json([
          recallSummary({
            affectedDrops: 2,
            acknowledgedDrops: 0,
            heldDrops: 1,
            awaitingDrops: 1,
            repickedDrops: 1,
          }),
        ]),
      [`GET /recalls/${RECALL_ID}`]: () =>
        json(recallDetail({ trace: [traceRow(), held], repicked: [repickRow()] })),
    });
    renderNotices();
    const notice = await screen.findByRole('article', { name: /^Recall RC-2026-000007/ });

    const delivered = await within(notice).findByRole('listitem', {
      name: 'PO-2026-000042 drop 1, Osu branch',
    });
    expect(
      within(delivered).getByRole('button', { name: new RegExp(`^${RECALL_MESSAGES.acknowledge}`) }),
    ).toBeInTheDocument();

    const kumasi = within(notice).getByRole('listitem', { name: 'PO-2026-000042 drop 2, Kumasi branch' });
    expect(
      within(kumasi).getByText(/^Held by Tema Pharma Distributors: it will not be delivered/),
    ).toBeInTheDocument();
    expect(within(kumasi).queryByRole('button')).not.toBeInTheDocument();

    const labadi = within(notice).getByRole('listitem', { name: 'PO-2026-000043 drop 1, Labadi branch' });
    expect(within(labadi).getByText('Replaced with batch AMX2406C before dispatch')).toBeInTheDocument();
    expect(within(labadi).getByText('AMX2406C × 25 units')).toBeInTheDocument();
    expect(within(labadi).queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps a recall whose deliveries are only held open, saying the supplier holds them', async () => {
    const held = traceRow({ status: 'Shipped', deliveredAt: null });
    mockFetch({
      'GET /recalls': () =>
        json([recallSummary({ affectedDrops: 1, acknowledgedDrops: 0, heldDrops: 1, awaitingDrops: 0 })]),
      [`GET /recalls/${RECALL_ID}`]: () => json(recallDetail({ trace: [held] })),
    });
    renderNotices();
    expect(await screen.findByRole('article', { name: /^Recall RC-2026-000007/ })).toBeInTheDocument();
    expect(screen.getByText(/have not reached you: your supplier holds them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /settled recall/ })).not.toBeInTheDocument();
  });

  it('highlights and brings into view the recall a notification linked to', async () => {
    const other = '9e000000-0000-4000-8000-000000000002';
    mockFetch({
      'GET /recalls': () => json([recallSummary({ id: other, number: 'RC-2026-000008' }), recallSummary()]),
      [`GET /recalls/${other}`]: () => json(recallDetail({ id: other, number: 'RC-2026-000008' })),
      [`GET /recalls/${RECALL_ID}`]: () => json(recallDetail()),
    });
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    renderNotices(RECALL_ID);
    const linked = await screen.findByRole('article', { name: /^Recall RC-2026-000007/ });
    await waitFor(() => expect(scrolled).toEqual([`recall-${RECALL_ID}`]));
    expect(linked).toHaveAttribute('aria-current', 'true');
    expect(linked).toHaveFocus();
    expect(screen.getByRole('article', { name: /^Recall RC-2026-000008/ })).not.toHaveAttribute(
      'aria-current',
    );
  });
});
