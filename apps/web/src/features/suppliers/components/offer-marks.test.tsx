import { COMPLIANCE_MESSAGES, type Eligibility } from '@aduro/shared/compliance';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { catalogueItem, supplierMatch } from '../testing/fixtures';
import { SupplierCatalogueTable } from './supplier-catalogue-table';
import { SupplierComparison } from './supplier-comparison';
import { SupplierMatchList } from './supplier-match-list';

const PRODUCT = '7e8ce9e5-d4c6-4c53-8c9f-b32832b95476';
const OTC_REFUSAL: Eligibility = {
  allowed: false,
  code: 'LICENCE_CLASS_NOT_ALLOWED',
  reason: COMPLIANCE_MESSAGES.classNotAllowed('Amoxicillin 500 mg capsules', 'POM'),
};

function withQueries(children: React.ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>);
}

describe('offers the buyer may not release are marked, not hidden', () => {
  it('matches: the reason once in full above the offers, and a short mark on each refused offer', async () => {
    const tema = supplierMatch({ name: 'Tema Pharma Distributors', eligibility: OTC_REFUSAL });
    const accra = supplierMatch({ name: 'Accra Medilink Importers', eligibility: OTC_REFUSAL });
    mockFetch({ [`GET /products/${PRODUCT}/suppliers?buyerId=org-1`]: () => json([tema, accra]) });
    withQueries(
      <SupplierMatchList
        orgId="org-1"
        productId={PRODUCT}
        comparedIds={[]}
        onToggleCompare={vi.fn()}
        onAddToCart={vi.fn()}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Supplier matches' });
    // Said once in full for the product...
    expect(screen.getAllByText(OTC_REFUSAL.reason!)).toHaveLength(1);
    // ...and each offer, still there to compare and cart, carries the mark with its reason for a screen reader.
    for (const name of ['Tema Pharma Distributors', 'Accra Medilink Importers']) {
      const row = within(list).getByRole('heading', { name }).closest('li')!;
      expect(within(row).getByText('Can’t buy yet')).toBeInTheDocument();
      expect(within(row).getByText(`You may not buy this yet: ${OTC_REFUSAL.reason}`)).toHaveClass('sr-only');
      expect(within(row).getByRole('button', { name: `Add to cart from ${name}` })).toBeEnabled();
    }
  });

  it('matches: an allowed offer carries no mark and no note shows', async () => {
    mockFetch({ [`GET /products/${PRODUCT}/suppliers?buyerId=org-1`]: () => json([supplierMatch()]) });
    withQueries(
      <SupplierMatchList
        orgId="org-1"
        productId={PRODUCT}
        comparedIds={[]}
        onToggleCompare={vi.fn()}
        onAddToCart={vi.fn()}
      />,
    );
    await screen.findByRole('list', { name: 'Supplier matches' });
    expect(screen.queryByText('Can’t buy yet')).not.toBeInTheDocument();
    expect(screen.queryByText(/You may not buy this yet/)).not.toBeInTheDocument();
  });

  it('comparison: the reason under the refused supplier, in the table and on a phone', () => {
    const refused = supplierMatch({ name: 'Tema Pharma Distributors', eligibility: OTC_REFUSAL });
    const allowed = supplierMatch({ name: 'Accra Medilink Importers' });
    render(<SupplierComparison selection={[refused, allowed]} onRemove={vi.fn()} />);
    const table = screen.getByRole('table', { name: 'Supplier comparison' });
    expect(within(table).getByRole('rowheader', { name: /Tema Pharma Distributors/ })).toHaveTextContent(
      OTC_REFUSAL.reason!,
    );
    expect(within(table).getByRole('rowheader', { name: /Accra Medilink Importers/ })).not.toHaveTextContent(
      'You may not buy this yet',
    );
    const cards = screen.getByRole('list', { name: 'Supplier comparison' });
    expect(within(cards).getAllByText(OTC_REFUSAL.reason!)).toHaveLength(1);
  });

  it('supplier catalogue: each row shows its class, Controlled badge and a short mark when refused', async () => {
    const tramadol = catalogueItem({
      name: 'Tramadol 50 mg capsules',
      medicineClass: 'A',
      controlled: 'narcotic',
      eligibility: {
        allowed: false,
        code: 'CONTROLLED_NOT_AUTHORISED',
        reason: COMPLIANCE_MESSAGES.controlledNotAuthorised('Tramadol 50 mg capsules', 'Narcotic'),
      },
    });
    const paracetamol = catalogueItem({ name: 'Paracetamol 500 mg tablets', medicineClass: 'C' });
    const supplier = { id: 'sup-tema', name: 'Tema Pharma Distributors' };
    mockFetch({ [`GET /suppliers/${supplier.id}/products`]: () => json([tramadol, paracetamol]) });
    withQueries(<SupplierCatalogueTable orgId="org-1" supplier={supplier} renderExpiry={() => null} />);
    const table = await screen.findByRole('table', { name: 'Tema Pharma Distributors catalogue' });
    const tramadolRow = within(table).getByText('Tramadol 50 mg capsules').closest('tr')!;
    expect(within(tramadolRow).getByText('POM')).toBeInTheDocument();
    expect(within(tramadolRow).getByText('Controlled drug (narcotic)')).toBeInTheDocument();
    expect(within(tramadolRow).getByTitle(tramadol.eligibility.reason!)).toHaveTextContent('Can’t buy yet');
    // One line says what the mark means for the whole list, rather than the reason on every row.
    expect(
      screen.getByText(/Products marked “Can’t buy yet” cannot be approved for you yet/),
    ).toBeInTheDocument();
    const paracetamolRow = within(table).getByText('Paracetamol 500 mg tablets').closest('tr')!;
    expect(within(paracetamolRow).getByText('OTC')).toBeInTheDocument();
    expect(within(paracetamolRow).queryByText('Controlled')).not.toBeInTheDocument();
    expect(within(paracetamolRow).queryByText('Can’t buy yet')).not.toBeInTheDocument();
  });
});
