import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch, pending } from '../../../test/test-utils';
import { priceHistory, product } from '../testing/fixtures';
import { ProductDialog } from './product-dialog';

const HISTORY_PATH = `GET /products/${product().id}/price-history`;

function Dialog({ onExport, onLaunchRfq }: { onExport: () => void; onLaunchRfq?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ProductDialog
      product={product()}
      open={open}
      onOpenChange={setOpen}
      onExport={onExport}
      onCompare={vi.fn()}
      onLaunchRfq={onLaunchRfq}
    >
      <p>3 suppliers stock it</p>
    </ProductDialog>
  );
}

function Harness({ onExport = vi.fn(), onLaunchRfq }: { onExport?: () => void; onLaunchRfq?: () => void }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Dialog onExport={onExport} onLaunchRfq={onLaunchRfq} />
    </QueryClientProvider>
  );
}

describe('ProductDialog', () => {
  it('is titled with the product name and shows brand, packaging and description', () => {
    mockFetch({ [HISTORY_PATH]: () => pending() });
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Amoxicillin 500 mg capsules' });
    expect(within(dialog).getByText('Ernest Chemists')).toBeInTheDocument();
    expect(within(dialog).getByText('100 capsules per box')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Broad-spectrum penicillin for respiratory, ear and urinary tract infections.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('3 suppliers stock it')).toBeInTheDocument();
  });

  it('shows the price history of the product it is about', async () => {
    mockFetch({ [HISTORY_PATH]: () => json(priceHistory()) });
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Amoxicillin 500 mg capsules' });
    expect(within(dialog).getByRole('heading', { name: 'Price history' })).toBeInTheDocument();
    expect(await within(dialog).findByText(/^Cheapest now:/)).toHaveTextContent(
      'Cheapest now: Tema Pharma Distributors at GH₵12.50',
    );
  });

  it("'Launch RFQ' toasts 'Routing {product} RFQ to marketplace', hands the product to the RFQ form and makes no request", async () => {
    const fetchMock = mockFetch({ [HISTORY_PATH]: () => pending() });
    const toastSuccess = vi.spyOn(toast, 'success');
    const onLaunchRfq = vi.fn();
    const user = userEvent.setup();
    render(<Harness onLaunchRfq={onLaunchRfq} />);
    await user.click(screen.getByRole('button', { name: 'Launch RFQ' }));
    expect(toastSuccess).toHaveBeenCalledWith('Routing Amoxicillin 500 mg capsules RFQ to marketplace');
    expect(onLaunchRfq).toHaveBeenCalledWith(expect.objectContaining({ id: product().id }));
    // Only the price history was read, as the dialog opened.
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      expect.stringMatching(/\/price-history$/),
    ]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("hands 'Export to Sheets' to the screen and closes on Escape", async () => {
    mockFetch({ [HISTORY_PATH]: () => pending() });
    const onExport = vi.fn();
    const user = userEvent.setup();
    render(<Harness onExport={onExport} />);
    await user.click(screen.getByRole('button', { name: 'Export to Sheets' }));
    expect(onExport).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
