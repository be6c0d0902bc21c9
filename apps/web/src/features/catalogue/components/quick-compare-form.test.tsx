import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { product } from '../testing/fixtures';
import { QuickCompareForm } from './quick-compare-form';

function renderForm() {
  const onCompare = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <QuickCompareForm onCompare={onCompare} />
    </QueryClientProvider>,
  );
  return { onCompare, user };
}

describe('QuickCompareForm', () => {
  it("says 'Enter a product name to compare pricing.' for an empty name and asks nothing", async () => {
    const fetchMock = mockFetch({});
    const toastError = vi.spyOn(toast, 'error');
    const { user, onCompare } = renderForm();
    await user.type(screen.getByLabelText('Quick compare'), '   ');
    await user.click(screen.getByRole('button', { name: 'Compare prices' }));
    expect(toastError).toHaveBeenCalledWith('Enter a product name to compare pricing.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onCompare).not.toHaveBeenCalled();
  });

  it("says 'No product found matching that query.' when the catalogue has no such product", async () => {
    mockFetch({ 'GET /products?q=Quinine+9000&limit=50': () => json([]) });
    const toastError = vi.spyOn(toast, 'error');
    const { user, onCompare } = renderForm();
    await user.type(screen.getByLabelText('Quick compare'), ' Quinine 9000 ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('No product found matching that query.'));
    expect(onCompare).not.toHaveBeenCalled();
  });

  it("loads the closest product: 'Loaded {product} for supplier comparison.'", async () => {
    const syrup = product({ id: 'p-syrup', name: 'Amoxicillin 125 mg/5 mL oral suspension' });
    const capsules = product({ id: 'p-caps', name: 'Amoxicillin 500 mg capsules' });
    mockFetch({ 'GET /products?q=amoxicillin+500&limit=50': () => json([syrup, capsules]) });
    const toastSuccess = vi.spyOn(toast, 'success');
    const { user, onCompare } = renderForm();
    await user.type(screen.getByLabelText('Quick compare'), 'amoxicillin 500');
    await user.click(screen.getByRole('button', { name: 'Compare prices' }));
    await waitFor(() => expect(onCompare).toHaveBeenCalledWith(capsules));
    expect(toastSuccess).toHaveBeenCalledWith('Loaded Amoxicillin 500 mg capsules for supplier comparison.');
  });
});
