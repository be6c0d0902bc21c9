import type { Product } from '@aduro/shared/catalogue';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { ProductPicker, SEARCH_DELAY_MS, type PickedProduct } from './product-picker';

const AMOX: Product = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Amoxicillin 500 mg capsules',
  brandName: 'Ernest Chemists',
  category: 'Antibiotics',
  description: null,
  unitOfMeasure: 'box',
  itemsPerUnit: '100 capsules',
  isService: false,
  gtin: null,
  medicineClass: 'A',
  controlled: null,
  fdaRegistrationNumber: null,
  fdaRegistrationExpiresOn: null,
};
const AMOX_SYRUP: Product = {
  ...AMOX,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Amoxicillin 250 mg/5 ml suspension',
  unitOfMeasure: 'bottle',
  itemsPerUnit: '100 ml',
};

/** A product the parent puts into the picker, as the sync form does after 'Add catalogue product'. */
const FROM_OUTSIDE: PickedProduct = { id: AMOX.id, name: 'Zinc 20 mg dispersible tablets' };

function Harness({ onChange }: { onChange: (value: PickedProduct | null) => void }) {
  const [value, setValue] = useState<PickedProduct | null>(null);
  return (
    <>
      <button type="button" onClick={() => setValue(FROM_OUTSIDE)}>
        Set from outside
      </button>
      <label htmlFor="picker">Product</label>
      <ProductPicker
        id="picker"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

function renderPicker(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const onChange = vi.fn();
  const user = userEvent.setup(options);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness onChange={onChange} />
    </QueryClientProvider>,
  );
  return { onChange, user, input: screen.getByRole('combobox', { name: 'Product' }) as HTMLInputElement };
}

describe('ProductPicker', () => {
  it('searches the catalogue by name after a pause and picks a product with the keyboard', async () => {
    const fetchMock = mockFetch({ 'GET /products?q=amox&limit=8': () => json([AMOX, AMOX_SYRUP]) });
    const { onChange, user, input } = renderPicker();
    await user.type(input, 'amox');

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      // Each option shows the class badge ('POM', named in full for a screen reader) beside the name.
      'Amoxicillin 500 mg capsulesPOMPrescription-only medicine (class A)Ernest Chemists · 100 capsules per box · Antibiotics',
      'Amoxicillin 250 mg/5 ml suspensionPOMPrescription-only medicine (class A)Ernest Chemists · 100 ml per bottle · Antibiotics',
    ]);
    // One request for the whole word, not one per keystroke.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(input).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{Enter}');

    expect(onChange).toHaveBeenLastCalledWith({ id: AMOX_SYRUP.id, name: AMOX_SYRUP.name });
    expect(input.value).toBe(AMOX_SYRUP.name);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByText(AMOX_SYRUP.id)).toBeInTheDocument();
  });

  it('picks a product with the mouse', async () => {
    mockFetch({ 'GET /products?q=amox&limit=8': () => json([AMOX]) });
    const { onChange, user, input } = renderPicker();
    await user.type(input, 'amox');
    await user.click(await screen.findByRole('option', { name: /Amoxicillin 500 mg capsules/ }));
    expect(onChange).toHaveBeenLastCalledWith({ id: AMOX.id, name: AMOX.name });
    expect(input.value).toBe(AMOX.name);
  });

  it('says when nothing matches', async () => {
    mockFetch({ 'GET /products?q=zzz&limit=8': () => json([]) });
    const { user, input } = renderPicker();
    await user.type(input, 'zzz');
    expect(await screen.findByText('No catalogue product matches “zzz”.')).toBeInTheDocument();
  });

  it('accepts a pasted product id as it is, without searching', async () => {
    // The search pause runs on the test's clock, so 'after the pause' is a step the test takes rather than a
    // wait a loaded machine could cut short; the clock still moves with real time for React and user-event.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const fetchMock = mockFetch({});
      const { onChange, user, input } = renderPicker({ advanceTimers: vi.advanceTimersByTime });
      await user.click(input);
      await user.paste(` ${AMOX.id} `);
      expect(onChange).toHaveBeenLastCalledWith({ id: AMOX.id, name: null });
      expect(screen.getByText(/Pasted product ID/)).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS * 4));
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the chosen product as soon as the text is edited, so a stale id is never synced', async () => {
    mockFetch({ 'GET /products?q=amox&limit=8': () => json([AMOX]) });
    const { onChange, user, input } = renderPicker();
    await user.type(input, 'amox');
    await user.click(await screen.findByRole('option', { name: /Amoxicillin 500 mg capsules/ }));
    await user.type(input, '{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('Amoxicillin 500 mg capsule');
  });

  it('shows a product set from outside, such as one just added to the catalogue', async () => {
    mockFetch({});
    const { input, user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Set from outside' }));
    expect(input.value).toBe('Zinc 20 mg dispersible tablets');
    expect(screen.getByText(AMOX.id)).toBeInTheDocument();
  });

  it('clears the product', async () => {
    mockFetch({});
    const { onChange, user, input } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Set from outside' }));
    await user.click(screen.getByRole('button', { name: 'Clear product' }));
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
