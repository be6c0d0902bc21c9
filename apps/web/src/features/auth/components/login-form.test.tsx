import { AUTH_MESSAGES, LICENCE_MAX_BYTES } from '@aduro/shared/auth';
import { act, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { json, mockFetch, renderApp, sessionUser } from '../../../test/test-utils';

const REVIEW_TOAST = 'Please review the highlighted details.';

function field(label: string | RegExp) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function fileOfSize(name: string, size: number): File {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  // Reporting the size avoids allocating 20 MB in every test run.
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The message element a field's aria-describedby points at. */
function describedMessages(input: HTMLElement): string[] {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '');
}

async function openLogin() {
  mockFetch({});
  const view = renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign in to Aduro' });
  return view;
}

async function openSupplierRegistration() {
  const view = await openLogin();
  await view.user.click(screen.getByRole('tab', { name: 'Create account' }));
  await view.user.click(screen.getByRole('radio', { name: /^Supplier/ }));
  return view;
}

/** Stands in for XMLHttpRequest so a test decides when the upload progresses and finishes. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('sign-in form', () => {
  it('starts with the demo customer account filled in', async () => {
    await openLogin();
    expect(field('Email').value).toBe('buyer@accracare.demo');
    expect(field('Password').value).toBe('demo1234');
    expect(screen.getByRole('radio', { name: /^Customer/ })).toBeChecked();
    expect(screen.getByText('Real-time inventory visibility')).toBeInTheDocument();
    expect(screen.getByText('Instant credit decisions')).toBeInTheDocument();
    expect(screen.getByText('Fulfilment analytics')).toBeInTheDocument();
  });

  it('shows the SPEC §5 messages under the fields and the review toast', async () => {
    const { user } = await openLogin();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'not-an-email');
    await user.clear(field('Password'));
    await user.type(field('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(REVIEW_TOAST)).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(describedMessages(field('Email'))).toContain('Please enter a valid email address');
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(describedMessages(field('Password'))).toContain('Password must be at least 6 characters');
  });

  it("signs in, stores the token, loads /auth/me, toasts 'Welcome back' and opens the supplier's home", async () => {
    const supplier = sessionUser({
      userType: 'supplier',
      roles: ['Admin'],
      permissions: ['manage_inventory'],
    });
    const fetchMock = mockFetch({
      'POST /auth/login': () =>
        json({ accessToken: 'fresh-token', tokenType: 'Bearer', expiresIn: 3600, user: supplier }),
      'GET /auth/me': () => json(supplier),
    });
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: /admin@tema-pharma\.demo/ }));
    expect(screen.getByRole('radio', { name: /^Supplier/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/supplier'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
    const [, loginInit] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/login')) ?? [];
    expect(JSON.parse(String(loginInit?.body))).toEqual({
      email: 'admin@tema-pharma.demo',
      password: 'demo1234',
      userType: 'supplier',
    });
    const [, meInit] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/me')) ?? [];
    expect(new Headers(meInit?.headers).get('Authorization')).toBe('Bearer fresh-token');
  });

  it('keeps the form in place and shows only the server message when sign-in fails', async () => {
    mockFetch({ 'POST /auth/login': () => json({ message: 'Invalid email or password' }, 401) });
    const toastError = vi.spyOn(toast, 'error');
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(toastError.mock.calls.map(([message]) => message)).toEqual(['Invalid email or password']);
    expect(router.state.location.pathname).toBe('/login');
    expect(field('Email').value).toBe('buyer@accracare.demo');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows under the account types which type to choose when the password was right for another type', async () => {
    const message = 'This is a supplier account. Choose Supplier to sign in.';
    mockFetch({
      'POST /auth/login': () =>
        json(
          {
            code: 'WRONG_ACCOUNT_TYPE',
            kind: 'unauthenticated',
            message,
            details: { accountType: 'supplier' },
          },
          401,
        ),
    });
    const toastError = vi.spyOn(toast, 'error');
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    const customer = await screen.findByRole('radio', { name: /^Customer/ });
    await waitFor(() => expect(describedMessages(customer.closest('fieldset')!)).toEqual([message]));
    expect(customer).toHaveAttribute('aria-invalid', 'true');
    expect(toastError.mock.calls.map(([text]) => text)).toEqual([message]);
    expect(router.state.location.pathname).toBe('/login');

    // Choosing another type clears the message.
    await user.click(screen.getByRole('radio', { name: /^Supplier/ }));
    await waitFor(() => expect(screen.queryByText(message, { selector: '#userType-error' })).toBeNull());
  });

  it("the 'Admin sign-in' link switches to sign-in mode with type platform", async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    await user.click(screen.getByRole('link', { name: 'Admin sign-in' }));
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: /^Platform/ })).toBeChecked();
    expect(field('Email').value).toBe('admin@aduro.demo');
  });
});

describe('registration form', () => {
  it('switching to registration while the type is platform changes it to customer and hides platform', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('radio', { name: /^Platform/ }));
    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(screen.getByRole('radio', { name: /^Customer/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /^Platform/ })).not.toBeInTheDocument();
    expect(field('Email').value).toMatch(/@osu-family-pharmacy\.demo$/);
  });

  it('shows every supplier message of SPEC §5 and the review toast', async () => {
    const { user } = await openSupplierRegistration();
    for (const label of ['Full name', 'Business name', 'Organisation phone', 'Organisation location']) {
      await user.clear(field(label));
    }
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(REVIEW_TOAST)).toBeInTheDocument();
    const expected: Array<[string, string]> = [
      ['Full name', 'Tell us who you are'],
      ['Business name', 'Business name is required'],
      ['Organisation phone', AUTH_MESSAGES.organizationPhone],
      ['Organisation location', AUTH_MESSAGES.organizationLocation],
      ['Supplier category', 'Select the supplier category that best describes your organisation'],
      ['Licensure document', 'Upload a licensure document we can verify'],
      ['Delivery address', AUTH_MESSAGES.deliveryAddress],
      ['Delivery contact name', AUTH_MESSAGES.deliveryContactName],
      ['Delivery contact phone', AUTH_MESSAGES.deliveryContactPhone],
      ['Approver emails', 'Add at least one approver email'],
    ];
    for (const [label, message] of expected) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(describedMessages(field(label))).toContain(message);
    }

    await user.type(field('Approver emails'), 'finance@volta-meds.demo, nope');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Approver email "nope" is invalid')).toBeInTheDocument();
  });

  it('leaving the supplier type clears the supplier-only fields and the chosen file', async () => {
    const { user } = await openSupplierRegistration();
    await user.selectOptions(field('Supplier category'), 'distributor');
    await user.upload(field('Licensure document'), fileOfSize('licence.pdf', 2048));
    await user.type(field('Delivery address'), 'Plot 14, Kpone Industrial Area, Tema');
    await user.type(field('Delivery contact name'), 'Kwame Boateng');
    await user.type(field('Delivery contact phone'), '+233 24 455 0192');
    await user.type(field('Approver emails'), 'finance@volta-meds.demo');
    expect(screen.getByText('licence.pdf')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Customer/ }));
    expect(screen.queryByLabelText('Delivery address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Supplier/ }));

    expect(field('Supplier category').value).toBe('');
    expect(field('Licensure document').files).toHaveLength(0);
    expect(screen.queryByText('licence.pdf')).not.toBeInTheDocument();
    for (const label of [
      'Delivery address',
      'Delivery contact name',
      'Delivery contact phone',
      'Approver emails',
    ]) {
      expect(field(label).value).toBe('');
    }
  });

  it('refuses a licence over 20MB on selection with the field message and the toast', async () => {
    const { user } = await openSupplierRegistration();
    await user.upload(field('Licensure document'), fileOfSize('scan.pdf', LICENCE_MAX_BYTES + 1));
    expect(describedMessages(field('Licensure document'))).toContain('File must be 20MB or smaller');
    expect(await screen.findByText('Licensure document must be 20MB or smaller')).toBeInTheDocument();
  });

  it('uploads the registration as multipart with a progress bar, then welcomes the new supplier', async () => {
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const supplier = sessionUser({
      userType: 'supplier',
      organizationActive: false,
      roles: ['Admin'],
      permissions: ['manage_inventory', 'manage_shipping', 'manage_credit', 'manage_users'],
    });
    mockFetch({ 'GET /auth/me': () => json(supplier) });
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    await user.click(screen.getByRole('radio', { name: /^Supplier/ }));
    await user.selectOptions(field('Supplier category'), 'importer');
    const licence = fileOfSize('licence.pdf', 4096);
    await user.upload(field('Licensure document'), licence);
    await user.type(field('Delivery address'), 'Plot 14, Kpone Industrial Area, Tema');
    await user.type(field('Delivery contact name'), 'Kwame Boateng');
    await user.type(field('Delivery contact phone'), '+233 24 455 0192');
    await user.type(field('Approver emails'), 'finance@volta-meds.demo, ops@volta-meds.demo');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const xhr = await waitFor(() => {
      if (!FakeXhr.last) throw new Error('no upload yet');
      return FakeXhr.last;
    });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/auth/register');
    expect(xhr.body?.getAll('approvers')).toEqual(['finance@volta-meds.demo', 'ops@volta-meds.demo']);
    expect(xhr.body?.get('userType')).toBe('supplier');
    expect(xhr.body?.get('supplierCategory')).toBe('importer');
    expect((xhr.body?.get('licensureDocument') as File).name).toBe('licence.pdf');

    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    act(() =>
      xhr.respond(201, { accessToken: 'new-token', tokenType: 'Bearer', expiresIn: 3600, user: supplier }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/supplier'));
    expect(await screen.findByText('Welcome to Aduro')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('pending review');
  });

  it("puts the server's field errors under the fields and toasts its message", async () => {
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    mockFetch({});
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('tab', { name: 'Create account' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const xhr = await waitFor(() => {
      if (!FakeXhr.last) throw new Error('no upload yet');
      return FakeXhr.last;
    });
    const taken = 'An account with this email already exists';
    act(() => xhr.respond(409, { message: taken, fieldErrors: { email: [taken] } }));

    // Once as the toast, once under the e-mail field.
    await waitFor(() => expect(screen.getAllByText(taken)).toHaveLength(2));
    expect(describedMessages(field('Email'))).toContain(taken);
    expect(router.state.location.pathname).toBe('/login');
  });
});
