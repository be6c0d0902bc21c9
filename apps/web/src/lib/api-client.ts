import { errorResponseSchema, GENERIC_ERROR_MESSAGE, type ErrorCode } from '@aduro/shared/errors';
import { AFTER_HEADER, POSITION_HEADER } from '@aduro/shared/events';
import { clearToken, getToken } from './auth-token';
import { isBrowserOffline } from './offline/network';

export const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

/** Shown when the request never reached the server (offline, DNS, CORS, aborted upload). */
export const NETWORK_ERROR_MESSAGE = 'We could not reach Aduro. Check your connection and try again.';
/**
 * A write refused because the browser is offline. Money and stock need the server's answer, so a
 * write is never queued to be sent later behind the user's back: they try again once connected.
 */
export const OFFLINE_WRITE_MESSAGE =
  'You are offline. Nothing was saved: connect to the internet and try again.';
/** Shown when the server answered 2xx with a body that breaks the shared contract. */
export const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent a response we could not read. Please try again.';

export type FieldErrors = Record<string, string[]>;

/**
 * The highest change-feed event this browser knows of: from a write's POSITION_HEADER or a live frame.
 * Sent back as AFTER_HEADER, it makes whichever replica answers wait until it has heard of that event,
 * so a read after a write (or after the frame announcing someone else's) never shows the old state.
 */
let knownPosition = 0;

/** Raises the known position; a lower or malformed one (an older replica, a stray header) is ignored. */
export function notePosition(position: number | string | null | undefined): void {
  const value = typeof position === 'string' ? Number(position) : position;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return;
  knownPosition = Math.max(knownPosition, value);
}

export function getKnownPosition(): number {
  return knownPosition;
}

/** The headers every call carries: the signed-in user's token and the position to read after. */
function sessionHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (knownPosition > 0) headers[AFTER_HEADER] = String(knownPosition);
  return headers;
}

interface ApiErrorInit {
  status: number;
  /** The server's stable failure code (packages/shared/src/errors.ts), when it sent a known one. */
  code?: ErrorCode;
  /** The message the server put in its error body, when it sent one. */
  serverMessage?: string;
  /** What to show when the server gave no message of its own. */
  clientMessage?: string;
  fieldErrors?: FieldErrors;
  requestId?: string;
  retryAfterSeconds?: number;
}

/** Every failed call made through this client throws one of these. status 0 means no HTTP answer. */
export class ApiError extends Error {
  readonly status: number;
  /** What failed, for code to branch on; the message is for people. Undefined without an answer of ours. */
  readonly code: ErrorCode | undefined;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: FieldErrors | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.serverMessage ?? init.clientMessage ?? GENERIC_ERROR_MESSAGE);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.fieldErrors = init.fieldErrors;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** SPEC §8: the server's message, else the client error's message, else the generic text. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage?.trim()) return error.serverMessage;
  if (error instanceof Error && error.message.trim()) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/** Anything with a zod-style parse; keeps this module free of a direct zod dependency. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * The error contract, read leniently: a code or kind this bundle does not know yet (a newer server)
 * is dropped rather than the whole answer, so its message still shows.
 */
const errorAnswerSchema = errorResponseSchema.extend({
  code: errorResponseSchema.shape.code.optional().catch(undefined),
  kind: errorResponseSchema.shape.kind.optional().catch(undefined),
});

function toApiError(status: number, body: unknown): ApiError {
  const parsed = errorAnswerSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({
      status,
      code: parsed.data.code,
      serverMessage: parsed.data.message || undefined,
      fieldErrors: parsed.data.fieldErrors,
      requestId: parsed.data.requestId,
      retryAfterSeconds: parsed.data.retryAfterSeconds,
    });
  }
  // A proxy or gateway page rather than our API: nothing in it is written for users, so the generic text shows.
  return new ApiError({ status });
}

function parseBody<T>(body: unknown, schema: ResponseSchema<T> | undefined, status: number): T {
  if (!schema) return body as T;
  try {
    return schema.parse(body);
  } catch {
    throw new ApiError({ status, clientMessage: UNEXPECTED_RESPONSE_MESSAGE });
  }
}

/** An expired or revoked token makes every call fail; dropping it sends the user back to sign-in. */
/** The answers that refuse the token itself (not, say, a wrong password at sign-in). */
const TOKEN_REFUSED: ReadonlySet<ErrorCode | undefined> = new Set([
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'ACCOUNT_REMOVED',
  // A 401 without an answer of ours (a gateway in between) is taken as a refusal too.
  undefined,
]);

function forgetRejectedToken(error: ApiError, sentToken: string | null) {
  if (error.status === 401 && TOKEN_REFUSED.has(error.code) && sentToken !== null) clearToken(sentToken);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Leave a 401 alone, for calls whose caller decides what a rejected token means. */
  keepTokenOn401?: boolean;
  /** Extra headers, e.g. an Idempotency-Key that makes a retried write safe (plugins/idempotency.ts). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A write the browser is offline for: refused before it is sent, or when it failed because the
 * connection went meanwhile. A write that failed while the browser still thought itself online keeps
 * NETWORK_ERROR_MESSAGE, which does not claim that nothing was saved (the request may have arrived).
 */
function offlineWriteRefusal(method: string): ApiError | null {
  return method !== 'GET' && isBrowserOffline()
    ? new ApiError({ status: 0, clientMessage: OFFLINE_WRITE_MESSAGE })
    : null;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const refusal = offlineWriteRefusal(method);
  if (refusal) throw refusal;
  const token = getToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...options.headers,
    ...sessionHeaders(token),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_URL}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw offlineWriteRefusal(method) ?? new ApiError({ status: 0, clientMessage: NETWORK_ERROR_MESSAGE });
  }
  notePosition(response.headers.get(POSITION_HEADER));

  // Null when the answer was cut off after its headers (the connection dropped, or the page is being
  // left mid-read): a success whose body never arrived is no verdict on the request or on the token, so
  // it must not read as a malformed answer (which GET /auth/me takes as a reason to sign out).
  const text = await response.text().catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  });
  const body = parseJson(text ?? '');
  if (!response.ok) {
    const error = toApiError(response.status, body);
    if (!options.keepTokenOn401) forgetRejectedToken(error, token);
    throw error;
  }
  if (text === null) throw new ApiError({ status: 0, clientMessage: NETWORK_ERROR_MESSAGE });
  return parseBody(body, options.schema, response.status);
}

export interface UploadOptions<T> {
  method?: 'POST' | 'PUT' | 'PATCH';
  schema?: ResponseSchema<T>;
  /** Percent of the request body sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
}

/**
 * Sends multipart data with XMLHttpRequest because fetch cannot report upload progress, and a licence
 * scan of several megabytes on a mobile connection needs a visible progress bar.
 */
export function apiUpload<T = unknown>(
  path: string,
  data: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  const method = options.method ?? 'POST';
  const refusal = offlineWriteRefusal(method);
  if (refusal) return Promise.reject(refusal);
  return new Promise<T>((resolve, reject) => {
    const token = getToken();
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_URL}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(sessionHeaders(token))) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    // The position of the answer is not read: the one upload, registration, changes nothing a replica
    // caches (an organisation enters the marketplace only once activated), so there is nothing to wait for.
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        try {
          resolve(parseBody(body, options.schema, xhr.status));
        } catch (error) {
          reject(error);
        }
        return;
      }
      const error = toApiError(xhr.status, body);
      forgetRejectedToken(error, token);
      reject(error);
    };
    const networkFailure = () =>
      reject(
        offlineWriteRefusal(method) ?? new ApiError({ status: 0, clientMessage: NETWORK_ERROR_MESSAGE }),
      );
    xhr.onerror = networkFailure;
    xhr.onabort = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.send(data);
  });
}

/**
 * A file behind the signed-in user's token (a licence scan): a plain link cannot carry the token, so
 * the file is fetched and handed back as a Blob with the name the server gave it.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_URL}${path}`, { headers: sessionHeaders(token) });
  } catch {
    throw new ApiError({ status: 0, clientMessage: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok) {
    const error = toApiError(response.status, parseJson(await response.text().catch(() => '')));
    forgetRejectedToken(error, token);
    throw error;
  }
  const filename = dispositionFilename(response.headers.get('content-disposition'));
  return { blob: await response.blob(), filename };
}

/**
 * The file name a Content-Disposition header gives: RFC 6266's UTF-8 `filename*` first, else the plain
 * `filename`, quoted or not. Null when there is none, or when a cross-origin server does not expose it.
 */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name, if there is one, still holds.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name?.trim() || null;
}
