import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartItem } from '../testing/fixtures';
import { CartLine } from './cart-line';

const renderLine = (item: ReturnType<typeof cartItem>) =>
  render(<CartLine item={item} onEdit={vi.fn()} onRemove={vi.fn()} removing={false} />);

describe('CartLine', () => {
  it('shows the product’s class and Controlled badges', () => {
    renderLine(
      cartItem({
        product: { name: 'Morphine 10 mg/mL injection', medicineClass: 'A', controlled: 'narcotic' },
      }),
    );
    const line = within(screen.getByRole('article', { name: 'Morphine 10 mg/mL injection' }));
    expect(line.getByText('POM')).toBeInTheDocument();
    expect(line.getByText('Controlled')).toBeInTheDocument();
  });

  it('marks a line the buyer may not release yet with the reason, keeping Edit and Remove', () => {
    const reason = COMPLIANCE_MESSAGES.licenceRequired('Amoxicillin 500 mg capsules');
    renderLine(cartItem({ eligibility: { allowed: false, code: 'LICENCE_REQUIRED', reason } }));
    const line = within(screen.getByRole('article', { name: 'Amoxicillin 500 mg capsules' }));
    expect(line.getByText(reason).closest('p')).toHaveTextContent(`You may not buy this yet: ${reason}`);
    expect(line.getByRole('button', { name: 'Edit Amoxicillin 500 mg capsules' })).toBeEnabled();
  });

  it('carries no mark on a line the buyer may release', () => {
    renderLine(cartItem());
    expect(screen.queryByText(/You may not buy this yet/)).not.toBeInTheDocument();
  });
});
