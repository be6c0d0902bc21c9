import type { Product } from '@aduro/shared/catalogue';
import { COMPLIANCE_MESSAGES } from '@aduro/shared/compliance';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json, mockFetch } from '../../../test/test-utils';
import { ProductLegalStatusSection } from './product-legal-status-section';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Tramadol 50 mg capsules',
    brandName: 'Kinapharma',
    category: 'Analgesics',
    description: null,
    unitOfMeasure: 'box',
    itemsPerUnit: '100 capsules',
    isService: false,
    gtin: null,
    medicineClass: 'A',
    controlled: 'narcotic',
    fdaRegistrationNumber: 'FDA/SD.222-1001',
    fdaRegistrationExpiresOn: '2028-01-31',
    ...overrides,
  };
}

const TRAMADOL = product();
const COUGH = product({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Cough syrup 100 ml',
  brandName: 'Ernest Chemists',
  category: 'Respiratory',
  medicineClass: 'C',
  controlled: null,
  fdaRegistrationNumber: 'FDA/SD.111-0007',
  fdaRegistrationExpiresOn: '2024-05-31',
});

const LIST = 'GET /products?limit=8';

function renderSection() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProductLegalStatusSection />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user };
}

/** PATCH /admin/products/{id}: answers `answer(body)` and keeps what was sent. */
function serve(answer: (body: Record<string, unknown>) => Response) {
  const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
  const fetchMock = mockFetch({ [LIST]: () => json([TRAMADOL, COUGH]) });
  const base = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const match = /\/admin\/products\/([^/?]+)$/.exec(url);
    if (match && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push({ path: `/admin/products/${match[1]}`, body });
      return answer(body);
    }
    return base(input, init);
  });
  return { sent };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Edit the legal status of ${name}` }));
  return screen.findByRole('dialog', { name: `Legal status of ${name}` });
}

beforeEach(() => {
  toast.dismiss();
});
afterEach(() => vi.restoreAllMocks());

describe("Medicines' legal status", () => {
  it('shows each product with its class and Controlled badges, its registration and whether it lapsed', async () => {
    serve(() => json(TRAMADOL));
    renderSection();
    const tramadol = await screen.findByRole('listitem', { name: TRAMADOL.name });
    expect(within(tramadol).getByText('POM')).toBeInTheDocument();
    expect(within(tramadol).getByText('Controlled')).toBeInTheDocument();
    expect(tramadol).toHaveTextContent('Registration FDA/SD.222-1001 · expires 31 Jan 2028');
    expect(within(tramadol).queryByText('Registration lapsed')).not.toBeInTheDocument();

    const cough = screen.getByRole('listitem', { name: COUGH.name });
    expect(within(cough).getByText('OTC')).toBeInTheDocument();
    expect(within(cough).queryByText('Controlled')).not.toBeInTheDocument();
    expect(within(cough).getByText('Registration lapsed')).toBeInTheDocument();
    expect(cough).toHaveTextContent('lapsed on 31 May 2024');
  });

  it('opens on the recorded status and saves the corrected one, toasting the saved message', async () => {
    const { sent } = serve((body) => json({ ...COUGH, ...body }));
    const { user } = renderSection();
    const dialog = await openDialog(user, COUGH.name);
    expect(within(dialog).getByLabelText('Medicine class')).toHaveValue('C');
    expect(within(dialog).getByLabelText('Controlled drug')).toHaveValue('');
    expect(within(dialog).getByLabelText(/FDA registration number/)).toHaveValue('FDA/SD.111-0007');

    await user.selectOptions(within(dialog).getByLabelText('Medicine class'), 'B');
    const expiry = within(dialog).getByLabelText(/Registration expires on/);
    await user.clear(expiry);
    await user.type(expiry, '2029-05-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save legal status' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: `/admin/products/${COUGH.id}`,
          body: {
            medicineClass: 'B',
            controlled: null,
            fdaRegistrationNumber: 'FDA/SD.111-0007',
            fdaRegistrationExpiresOn: '2029-05-31',
          },
        },
      ]),
    );
    expect(await screen.findByText(COMPLIANCE_MESSAGES.legalStatusSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for the expiry with the number, sending nothing', async () => {
    const { sent } = serve(() => json(TRAMADOL));
    const { user } = renderSection();
    const dialog = await openDialog(user, TRAMADOL.name);
    await user.clear(within(dialog).getByLabelText(/Registration expires on/));
    await user.click(within(dialog).getByRole('button', { name: 'Save legal status' }));
    expect(
      await within(dialog).findByText(COMPLIANCE_MESSAGES.fdaRegistrationIncomplete),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Registration expires on/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it("shows the server's field errors under their fields and keeps the dialog open", async () => {
    const { sent } = serve(() =>
      json(
        {
          code: 'VALIDATION_FAILED',
          kind: 'validation',
          message: 'Check the highlighted fields',
          fieldErrors: { fdaRegistrationNumber: [COMPLIANCE_MESSAGES.fdaRegistrationNumber] },
        },
        400,
      ),
    );
    const { user } = renderSection();
    const dialog = await openDialog(user, TRAMADOL.name);
    await user.selectOptions(within(dialog).getByLabelText('Controlled drug'), 'psychotropic');
    await user.click(within(dialog).getByRole('button', { name: 'Save legal status' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body.controlled).toBe('psychotropic');
    expect(await within(dialog).findByText(COMPLIANCE_MESSAGES.fdaRegistrationNumber)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/FDA registration number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: `Legal status of ${TRAMADOL.name}` })).toBeInTheDocument();
  });
});
