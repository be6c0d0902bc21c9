import { GENERIC_ERROR_MESSAGE } from '@aduro/shared/errors';
import { AFTER_HEADER, POSITION_HEADER } from '@aduro/shared/events';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/test-utils';
import {
  ApiError,
  apiDownload,
  apiRequest,
  dispositionFilename,
  getErrorMessage,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from './api-client';
import { TOKEN_STORAGE_KEY } from './auth-token';

describe('error message fallback chain (SPEC §8)', () => {
  it("prefers the server's message", () => {
    expect(getErrorMessage(new ApiError({ status: 409, serverMessage: 'Order already approved' }))).toBe(
      'Order already approved',
    );
  });

  it("falls back to the client error's message", () => {
    expect(getErrorMessage(new ApiError({ status: 0, clientMessage: NETWORK_ERROR_MESSAGE }))).toBe(
      NETWORK_ERROR_MESSAGE,
    );
    expect(getErrorMessage(new TypeError('Failed to parse the quote'))).toBe('Failed to parse the quote');
  });

  it('ends with the generic text', () => {
    expect(getErrorMessage(new Error(''))).toBe(GENERIC_ERROR_MESSAGE);
    expect(getErrorMessage('boom')).toBe(GENERIC_ERROR_MESSAGE);
    expect(getErrorMessage(undefined)).toBe(GENERIC_ERROR_MESSAGE);
    expect(getErrorMessage(new ApiError({ status: 502 }))).toBe(GENERIC_ERROR_MESSAGE);
  });
});

describe('apiRequest', () => {
  it('sends the stored token as a Bearer header and JSON bodies', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'abc');
    const fetchMock = mockFetch({ 'POST /cart/items': () => json({ ok: true }) });
    await expect(apiRequest('/cart/items', { method: 'POST', body: { quantity: 2 } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/cart/items');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"quantity":2}');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = mockFetch({ 'GET /products': () => json([]) });
    await apiRequest('/products');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('throws an ApiError carrying status, message and field errors', async () => {
    mockFetch({
      'POST /orders': () =>
        json({ message: 'Check the drops', fieldErrors: { drops: ['Add a drop'] }, requestId: 'r-1' }, 400),
    });
    const error = await apiRequest('/orders', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Check the drops',
      fieldErrors: { drops: ['Add a drop'] },
      requestId: 'r-1',
    });
  });

  it('reports an unreachable server with a client message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/products')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('reports a success whose body was cut off as no answer, not as a malformed one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            new ReadableStream({ start: (controller) => controller.error(new TypeError('network error')) }),
            {
              status: 200,
            },
          ),
        ),
      ),
    );
    await expect(apiRequest('/products')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('uses the generic text for an error page that is not our JSON', async () => {
    mockFetch({ 'GET /products': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(apiRequest('/products')).rejects.toMatchObject({
      status: 502,
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it('rejects a success body that breaks the response schema', async () => {
    mockFetch({ 'GET /thing': () => json({ wrong: true }) });
    const schema = {
      parse(data: unknown) {
        if (typeof data !== 'object' || data === null || !('id' in data)) throw new Error('invalid');
        return data;
      },
    };
    await expect(apiRequest('/thing', { schema })).rejects.toMatchObject({
      message: UNEXPECTED_RESPONSE_MESSAGE,
    });
  });

  it("carries the server's failure code, so screens branch on what failed rather than on its wording", async () => {
    mockFetch({
      'POST /orders/o-1/approve': () =>
        json({ message: 'Kumasi Pharma has only 4 units', code: 'STOCK_SHORTFALL', kind: 'conflict' }, 409),
    });
    await expect(apiRequest('/orders/o-1/approve', { method: 'POST' })).rejects.toMatchObject({
      status: 409,
      code: 'STOCK_SHORTFALL',
      message: 'Kumasi Pharma has only 4 units',
    });
  });

  it("keeps the message of an answer whose code this bundle does not know yet (a newer server's)", async () => {
    mockFetch({
      'POST /cart/checkout': () =>
        json({ message: 'Something new', code: 'FUTURE_CODE', kind: 'conflict' }, 409),
    });
    const error = await apiRequest('/cart/checkout', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, message: 'Something new', code: undefined });
  });

  it('keeps the token on a 401 that is about the password, not the token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'still-good');
    mockFetch({
      'POST /auth/login': () =>
        json({ message: 'Invalid credentials', code: 'INVALID_CREDENTIALS', kind: 'unauthenticated' }, 401),
    });
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('still-good');
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  });

  it('forgets a token the server rejects, so the guards send the user to sign in', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    mockFetch({ 'GET /cart': () => json({ message: 'Your session has expired' }, 401) });
    await expect(apiRequest('/cart')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe("reading after the caller's own writes", () => {
  /** A fresh copy of the client, so the position earlier tests left behind does not count. */
  async function freshClient() {
    vi.resetModules();
    return import('./api-client');
  }

  const withPosition = (position: string) =>
    new Response('{"ok":true}', {
      status: 200,
      headers: { 'Content-Type': 'application/json', [POSITION_HEADER]: position },
    });

  it('sends no aduro-after before the browser knows of any event', async () => {
    const client = await freshClient();
    const fetchMock = mockFetch({ 'GET /orders': () => json([]) });
    await client.apiRequest('/orders');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has(AFTER_HEADER)).toBe(false);
  });

  it('sends the position a write answered with on every later request', async () => {
    const client = await freshClient();
    const fetchMock = mockFetch({
      'POST /orders/o-1/approve': () => withPosition('41'),
      'GET /orders': () => json([]),
      'GET /auth/me/licence': () => new Response('scan'),
    });
    await client.apiRequest('/orders/o-1/approve', { method: 'POST' });
    await client.apiRequest('/orders');
    await client.apiDownload('/auth/me/licence');
    const sent = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get(AFTER_HEADER));
    expect(sent).toEqual([null, '41', '41']);
  });

  it("keeps the highest position: an older replica's lower one or a malformed one does not lower it", async () => {
    const client = await freshClient();
    const answers = ['57', '12', 'banana', ''];
    const fetchMock = mockFetch({
      'PATCH /inventory': () => withPosition(answers.shift() ?? ''),
      'GET /inventory': () => json([]),
    });
    for (let i = 0; i < 4; i++) await client.apiRequest('/inventory', { method: 'PATCH', body: {} });
    await client.apiRequest('/inventory');
    expect(new Headers(fetchMock.mock.calls.at(-1)?.[1]?.headers).get(AFTER_HEADER)).toBe('57');
    client.notePosition(60);
    expect(client.getKnownPosition()).toBe(60);
  });

  it('notes the position from a failed write too, since the server says what it recorded', async () => {
    const client = await freshClient();
    const fetchMock = mockFetch({
      'POST /cart/checkout': () =>
        new Response('{"message":"Stock changed"}', { status: 409, headers: { [POSITION_HEADER]: '8' } }),
      'GET /cart': () => json({}),
    });
    await expect(client.apiRequest('/cart/checkout', { method: 'POST' })).rejects.toMatchObject({
      status: 409,
    });
    await client.apiRequest('/cart');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get(AFTER_HEADER)).toBe('8');
  });
});

describe('apiDownload', () => {
  const pdf = (disposition?: string) =>
    // A string body: jsdom's Blob has no stream(), so Node's Response cannot take one.
    new Response('%PDF-1.7', {
      headers: {
        'content-type': 'application/pdf',
        ...(disposition ? { 'content-disposition': disposition } : {}),
      },
    });

  it('sends the Bearer token and hands back the bytes with the name the server gave', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'abc');
    const fetchMock = mockFetch({
      'GET /invoices/i-1/pdf': () => pdf('attachment; filename="INV-2026-000123.pdf"'),
    });
    const { blob, filename } = await apiDownload('/invoices/i-1/pdf');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer abc');
    expect(filename).toBe('INV-2026-000123.pdf');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });

  it('gives no name when the server sent none', async () => {
    mockFetch({ 'GET /invoices/i-1/pdf': () => pdf() });
    await expect(apiDownload('/invoices/i-1/pdf')).resolves.toMatchObject({ filename: null });
  });

  it("throws an ApiError with the server's message, and one with the network text when offline", async () => {
    mockFetch({
      'GET /invoices/i-1/pdf': () =>
        json({ message: 'Invoice not found', code: 'NOT_FOUND', kind: 'not_found' }, 404),
      'GET /invoices/i-2/pdf': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(apiDownload('/invoices/i-1/pdf')).rejects.toMatchObject({
      status: 404,
      message: 'Invoice not found',
    });
    await expect(apiDownload('/invoices/i-2/pdf')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});

describe('dispositionFilename', () => {
  it.each([
    ['attachment; filename="PO-2026-000042.pdf"', 'PO-2026-000042.pdf'],
    ['attachment; filename=PO-2026-000042.pdf', 'PO-2026-000042.pdf'],
    ['inline; filename="licence.pdf"', 'licence.pdf'],
    [`attachment; filename="fallback.pdf"; filename*=UTF-8''Re%C3%A7u%20GH%E2%82%B5.pdf`, 'Reçu GH₵.pdf'],
    // A bad escape in filename* falls back to the plain name; a plain name is never percent-decoded.
    [`attachment; filename*=UTF-8''100%.pdf; filename="100%.pdf"`, '100%.pdf'],
    ['attachment; filename="say \\"hi\\".pdf"', 'say "hi".pdf'],
    ['attachment', null],
    [null, null],
  ])('reads %s as %s', (header, name) => {
    expect(dispositionFilename(header)).toBe(name);
  });
});
