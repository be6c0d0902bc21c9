import { ORDER_MESSAGES } from '@aduro/shared/orders';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { OrderBuilder, type BuilderMatch } from './order-builder';

const PRODUCT = { id: '11111111-1111-4111-8111-111111111111', name: 'Amoxicillin 500 mg capsules' };
const ORG = '33333333-3333-4333-8333-333333333333';
const match = (over: Partial<BuilderMatch> = {}): BuilderMatch => ({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Tema Pharma Distributors',
  unitPrice: 10.5,
  moq: 1,
  paymentTerms: 'Net 30',
  supportedPaymentMethods: ['mobile_money', 'credit_facility'],
  defaultPaymentMethod: 'mobile_money',
  supportsCredit: true,
  creditAvailable: 500,
  creditLimit: 1000,
  ...over,
});

function renderBuilder(supplier = match()) {
  const onOpenChange = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderBuilder
        open
        onOpenChange={onOpenChange}
        orgId={ORG}
        organizationName="AccraCare Pharmacy"
        product={PRODUCT}
        supplier={supplier}
      />
    </QueryClientProvider>,
  );
  return { user, onOpenChange };
}
const drops = () => screen.getAllByRole('group', { name: /^Drop \d+$/ });

describe('OrderBuilder', () => {
  it('shows the product’s badges and, before drafting, why an order of this offer cannot be approved yet', () => {
    const reason =
      'Tramadol 50 mg capsules is a controlled drug (narcotic): it needs a verified, unexpired controlled-drugs authorisation on your licence.';
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OrderBuilder
          open
          onOpenChange={vi.fn()}
          orgId={ORG}
          organizationName="AccraCare Pharmacy"
          product={{ ...PRODUCT, medicineClass: 'A', controlled: 'narcotic' }}
          supplier={match({ eligibility: { allowed: false, code: 'CONTROLLED_NOT_AUTHORISED', reason } })}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('POM')).toBeInTheDocument();
    expect(screen.getByText('Controlled')).toBeInTheDocument();
    expect(screen.getByText(reason).closest('p')).toHaveTextContent(`You may not buy this yet: ${reason}`);
    expect(screen.getByText(/You can still draft this order/)).toBeInTheDocument();
    // Drafting stays open: approval is where the rule bites.
    expect(screen.getByRole('button', { name: 'Draft order' })).toBeEnabled();
  });

  it('starts with two sample drops of 50 and 40 units, the supplier default method and the total', () => {
    renderBuilder();
    expect(drops().map((d) => within(d).getByLabelText('Quantity (units)'))).toHaveLength(2);
    expect(
      drops().map((d) => (within(d).getByLabelText('Quantity (units)') as HTMLInputElement).value),
    ).toEqual(['50', '40']);
    expect((screen.getByLabelText('Payment method') as HTMLSelectElement).value).toBe('mobile_money');
    expect(screen.getByTestId('builder-units')).toHaveTextContent('90');
    expect(screen.getByTestId('builder-total')).toHaveTextContent('GH₵945.00');
  });

  it('adds a drop of 10 named New Drop with the delivery contact, and removes drops only while more than one remains', async () => {
    const { user } = renderBuilder();
    await user.type(screen.getByLabelText(/^Delivery contact(\s*\(optional\))?$/), 'Ama Mensah');
    await user.click(screen.getByRole('button', { name: 'Add drop' }));
    const third = drops()[2]!;
    expect((within(third).getByLabelText('Quantity (units)') as HTMLInputElement).value).toBe('10');
    expect((within(third).getByLabelText('Branch name') as HTMLInputElement).value).toBe('New Drop');
    expect((within(third).getByLabelText(/Contact name/) as HTMLInputElement).value).toBe('Ama Mensah');
    await user.click(screen.getByRole('button', { name: 'Remove drop 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove drop 2' }));
    expect(drops()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove drop/ })).not.toBeInTheDocument();
  });

  it('shows the shortfall and disables submit when credit cannot cover the order', async () => {
    const { user } = renderBuilder();
    await user.selectOptions(screen.getByLabelText('Payment method'), 'credit_facility');
    expect(screen.getByRole('alert')).toHaveTextContent(ORDER_MESSAGES.creditShortfall);
    expect(screen.getByRole('button', { name: 'Draft order' })).toBeDisabled();
    const first = within(drops()[0]!).getByLabelText('Quantity (units)');
    await user.clear(first);
    await user.type(first, '5');
    await user.clear(within(drops()[1]!).getByLabelText('Quantity (units)'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Draft order' })).toBeEnabled();
  });

  it('posts the draft with net-N credit days and without empty optional strings', async () => {
    let body: unknown;
    mockFetch({
      'POST /orders': (init) => {
        body = JSON.parse(String(init?.body));
        return json({ message: 'stop here' }, 409);
      },
    });
    const { user } = renderBuilder(match({ creditAvailable: 5000, creditLimit: 5000 }));
    await user.selectOptions(screen.getByLabelText('Payment method'), 'credit_facility');
    for (const [i, d] of drops().entries())
      await user.type(within(d).getByLabelText('Address'), `${i + 1} Ring Road`);
    await user.click(screen.getByRole('button', { name: 'Draft order' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toEqual({
      sellerId: match().id,
      productId: PRODUCT.id,
      buyerId: ORG,
      paymentTermMethod: 'credit_facility',
      useCredit: true,
      creditTermDays: 30,
      entityName: 'AccraCare Pharmacy',
      drops: [
        { addressName: 'Main branch', address: '1 Ring Road', quantity: 50 },
        { addressName: 'Second branch', address: '2 Ring Road', quantity: 40 },
      ],
    });
  });

  it("prefills the minimum shelf life with the buyer's default and posts what the buyer sets", async () => {
    let body: { minShelfLifeDays?: number } | undefined;
    mockFetch({
      'GET /orders/defaults': () => json({ defaultMinShelfLifeDays: 180 }),
      'POST /orders': (init) => {
        body = JSON.parse(String(init?.body));
        return json({ message: 'stop here' }, 409);
      },
    });
    const { user } = renderBuilder();
    const field = screen.getByLabelText('Minimum shelf life at delivery (days)');
    await waitFor(() => expect(field).toHaveValue(180));
    // The input takes the default at once (setValue); the hint follows on the watcher's next render.
    expect(await screen.findByText('At least 180 days left at delivery')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '365');
    expect(await screen.findByText('At least 365 days left at delivery')).toBeInTheDocument();
    for (const [i, d] of drops().entries())
      await user.type(within(d).getByLabelText('Address'), `${i + 1} Ring Road`);
    await user.click(screen.getByRole('button', { name: 'Draft order' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body?.minShelfLifeDays).toBe(365);
  });

  it('refuses a minimum shelf life over 1,095 days with the shared message, without posting', async () => {
    const fetchMock = mockFetch({ 'GET /orders/defaults': () => json({ defaultMinShelfLifeDays: 0 }) });
    const { user } = renderBuilder();
    const field = screen.getByLabelText('Minimum shelf life at delivery (days)');
    await waitFor(() => expect(field).toHaveValue(0));
    expect(await screen.findByText('Any unexpired stock')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '1096');
    for (const [i, d] of drops().entries())
      await user.type(within(d).getByLabelText('Address'), `${i + 1} Ring Road`);
    await user.click(screen.getByRole('button', { name: 'Draft order' }));
    expect(await screen.findByText(ORDER_MESSAGES.minShelfLifeDays)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.map(([, init]) => init?.method ?? 'GET')).not.toContain('POST');
  });
});
