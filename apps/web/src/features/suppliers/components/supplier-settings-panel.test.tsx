import type { SupplierSettings } from '@aduro/shared/suppliers';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { SupplierSettingsPanel } from './supplier-settings-panel';

const TEMA_TERMS: SupplierSettings = {
  paymentTerms: 'Net 30',
  supportedPaymentMethods: ['cash', 'mobile_money', 'cheque'],
  defaultPaymentMethod: 'mobile_money',
  supportsCredit: true,
  defaultLeadTimeDays: 3,
};

function setup({ canEdit = true, settings = TEMA_TERMS } = {}) {
  const patches: unknown[] = [];
  const fetchMock = mockFetch({
    'GET /org/settings': () => json(settings),
    'PATCH /org/settings': (init) => {
      const body = JSON.parse(String(init?.body)) as SupplierSettings;
      patches.push(body);
      return json(body);
    },
  });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SupplierSettingsPanel orgId="org-tema" canEdit={canEdit} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, patches, fetchMock };
}

const form = () => screen.getByRole('form', { name: 'Trading terms' });
const method = (label: string) => within(form()).getByRole('checkbox', { name: label });
const describedMessages = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '');

beforeEach(() => {
  // Sonner keeps its toasts between renders and replays them to a new Toaster.
  toast.dismiss();
});

describe('SupplierSettingsPanel', () => {
  it('shows the saved terms and explains where buyers see them', async () => {
    setup();
    expect(await screen.findByLabelText('Payment terms')).toHaveValue('Net 30');
    expect(method('Cash')).toBeChecked();
    expect(method('Mobile money')).toBeChecked();
    expect(method('Digital wallet')).not.toBeChecked();
    expect(method('Cheque')).toBeChecked();
    expect(screen.getByLabelText('Default payment method')).toHaveValue('mobile_money');
    // The default is chosen among the accepted methods only.
    expect(
      within(screen.getByLabelText('Default payment method'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cash', 'Mobile money', 'Cheque']);
    expect(screen.getByRole('switch', { name: 'We offer credit to approved buyers' })).toBeChecked();
    expect(screen.getByLabelText('Default lead time')).toHaveValue(3);
    expect(
      screen.getByText('Buyers see these terms in the marketplace and the order builder.'),
    ).toBeInTheDocument();
  });

  it("saves valid terms through PATCH /org/settings and toasts 'Supplier settings saved'", async () => {
    const { user, patches } = setup();
    const terms = await screen.findByLabelText('Payment terms');
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();

    await user.clear(terms);
    await user.type(terms, '  Cheque on delivery ');
    await user.click(method('Digital wallet'));
    await user.selectOptions(screen.getByLabelText('Default payment method'), 'cheque');
    await user.click(screen.getByRole('switch', { name: 'We offer credit to approved buyers' }));
    await user.clear(screen.getByLabelText('Default lead time'));
    await user.type(screen.getByLabelText('Default lead time'), '5');
    await user.click(save);

    expect(await screen.findByText('Supplier settings saved')).toBeInTheDocument();
    expect(patches).toEqual([
      {
        paymentTerms: 'Cheque on delivery',
        // In the order buyers read them, whatever order they were ticked in.
        supportedPaymentMethods: ['cash', 'mobile_money', 'digital_wallet', 'cheque'],
        defaultPaymentMethod: 'cheque',
        supportsCredit: false,
        defaultLeadTimeDays: 5,
      },
    ]);
    // Saved: the form is clean again and shows what the server kept.
    await waitFor(() => expect(save).toBeDisabled());
    expect(terms).toHaveValue('Cheque on delivery');
  });

  it('moves the default to the first accepted method when its own method is cleared', async () => {
    const { user } = setup();
    await screen.findByLabelText('Payment terms');
    await user.click(method('Mobile money'));
    expect(screen.getByLabelText('Default payment method')).toHaveValue('cash');
  });

  it('refuses a default that is not accepted, and a form with no accepted method', async () => {
    // Terms saved before a method was withdrawn: the default is shown, flagged, and cannot be saved.
    const { user, patches } = setup({
      settings: { ...TEMA_TERMS, supportedPaymentMethods: ['cash'], defaultPaymentMethod: 'cheque' },
    });
    const select = await screen.findByLabelText('Default payment method');
    expect(within(select).getByRole('option', { name: 'Cheque (not accepted)' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Default lead time'));
    await user.type(screen.getByLabelText('Default lead time'), '4');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Please review the highlighted details.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(describedMessages(select)).toContain('The default method must be one you accept');

    await user.click(method('Cash'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Accept at least one payment method')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('shows the lead-time and payment-terms rules under their fields', async () => {
    const { user, patches } = setup();
    const terms = await screen.findByLabelText('Payment terms');
    await user.clear(terms);
    await user.type(terms, 'N');
    await user.clear(screen.getByLabelText('Default lead time'));
    await user.type(screen.getByLabelText('Default lead time'), '61');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(
      await screen.findByText('Lead time must be a whole number of days from 0 to 60'),
    ).toBeInTheDocument();
    expect(screen.getByText('Describe your payment terms, e.g. Net 30 or Prepaid')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('is read-only without manage_users: every control disabled, a note, no Save', async () => {
    setup({ canEdit: false });
    expect(await screen.findByLabelText('Payment terms')).toBeDisabled();
    for (const label of ['Cash', 'Mobile money', 'Digital wallet', 'Cheque']) {
      expect(method(label)).toBeDisabled();
    }
    expect(screen.getByLabelText('Default payment method')).toBeDisabled();
    expect(screen.getByLabelText('Default lead time')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'We offer credit to approved buyers' })).toBeDisabled();
    expect(screen.getByText(/Only an Admin of your organisation can change these terms/)).toBeInTheDocument();
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
  });
});
