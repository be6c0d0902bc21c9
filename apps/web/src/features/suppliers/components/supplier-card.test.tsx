import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { directoryEntry } from '../testing/fixtures';
import { SupplierCard } from './supplier-card';

describe('SupplierCard', () => {
  it("falls back to 'Location pending' and 'Uncategorised', and shows Inactive", () => {
    render(
      <SupplierCard
        supplier={directoryEntry({
          name: 'Northstar Medical Imports',
          location: null,
          supplierCategory: null,
          isActive: false,
        })}
        selected={false}
        onSelect={vi.fn()}
      />,
    );
    expect(screen.getByText('Location pending · Uncategorised')).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it('shows inventory lines, customers and GMV in cedis, and no relationship for a non-customer', () => {
    render(
      <SupplierCard
        supplier={directoryEntry({ inventory: { lines: 24 }, customerCount: 2, gmv: 139917.5 })}
        selected={false}
        onSelect={vi.fn()}
      />,
    );
    expect(screen.getByText('Cape Coast · Distributor')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('24')).toBeInTheDocument();
    expect(screen.getByText('GH₵139,917.50')).toBeInTheDocument();
    expect(screen.queryByText('No trading history')).not.toBeInTheDocument();
    expect(screen.queryByText('Connected customer')).not.toBeInTheDocument();
  });

  it('shows a connected customer with pending discount approvals, credit limit and available credit', () => {
    render(
      <SupplierCard
        supplier={directoryEntry({
          relationship: {
            isCustomer: true,
            pendingDiscountApprovals: 5,
            creditLimit: 60000,
            creditAvailable: 43711.5,
          },
        })}
        selected={false}
        onSelect={vi.fn()}
      />,
    );
    expect(screen.getByText('Connected customer')).toBeInTheDocument();
    expect(screen.getByText('5 pending discount approvals')).toBeInTheDocument();
    expect(screen.getByText('GH₵60,000.00')).toBeInTheDocument();
    expect(screen.getByText('GH₵43,711.50')).toBeInTheDocument();
  });

  it("says 'No trading history' and 'No credit profile' without orders or a credit line, with no approvals badge", () => {
    render(
      <SupplierCard
        supplier={directoryEntry({
          relationship: {
            isCustomer: false,
            pendingDiscountApprovals: 0,
            creditLimit: null,
            creditAvailable: null,
          },
        })}
        selected={false}
        onSelect={vi.fn()}
      />,
    );
    expect(screen.getByText('No trading history')).toBeInTheDocument();
    expect(screen.getByText('No credit profile')).toBeInTheDocument();
    expect(screen.queryByText(/pending discount/)).not.toBeInTheDocument();
  });

  it('is chosen with the button named after the supplier, which says whether it is selected', async () => {
    const onSelect = vi.fn();
    const supplier = directoryEntry({ name: 'Tema Pharma Distributors' });
    const user = userEvent.setup();
    render(<SupplierCard supplier={supplier} selected onSelect={onSelect} />);
    const button = within(screen.getByRole('article')).getByRole('button', {
      name: 'Tema Pharma Distributors',
    });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    button.focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(supplier);
  });
});
