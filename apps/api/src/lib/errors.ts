import {
  ERROR_STATUS,
  UNAVAILABLE_MESSAGE,
  errorKindOf,
  type ERROR_CODES,
  type ErrorCode,
  type ErrorKind,
} from '@aduro/shared/errors';

/** The codes of one kind, so each helper below accepts only codes its status fits. */
type CodeOf<K extends ErrorKind> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C][0] extends K ? C : never;
}[ErrorCode];

/**
 * A failure the caller can act on. Services throw these; the one error handler answers the code, its
 * kind's status (not found 404, invalid 400, conflict 409 ...) and the message.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly fieldErrors?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;
  /** Facts the caller can act on (errorResponseSchema `details`). */
  readonly details?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: {
      fieldErrors?: Record<string, string[]>;
      retryAfterSeconds?: number;
      details?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.kind = errorKindOf(code);
    this.fieldErrors = extra.fieldErrors;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.details = extra.details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const badRequest = (
  message: string,
  fieldErrors?: Record<string, string[]>,
  code: CodeOf<'validation'> = 'VALIDATION_FAILED',
) => new AppError(code, message, { fieldErrors });
export const unauthenticated = (
  code: CodeOf<'unauthenticated'> = 'UNAUTHENTICATED',
  message = 'Please sign in to continue.',
) => new AppError(code, message);
export const forbidden = (
  code: CodeOf<'forbidden'> = 'FORBIDDEN',
  message = 'You do not have permission to do that.',
) => new AppError(code, message);
export const notFound = (code: CodeOf<'not_found'>, message: string) => new AppError(code, message);
export const conflict = (code: CodeOf<'conflict'>, message: string) => new AppError(code, message);

/** How long a caller is told to wait (Retry-After) while the database is away. */
export const UNAVAILABLE_RETRY_SECONDS = 5;
export const unavailable = () =>
  new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE, { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });

/** The SQLSTATE or errno of an error, or of the first error in its cause chain that has one. */
export function errorCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** PostgreSQL's unique_violation, as raised by node-postgres and PGlite alike (possibly wrapped by drizzle). */
export const isUniqueViolation = (err: unknown): boolean => errorCode(err) === '23505';

/** PostgreSQL aborted the transaction to break a deadlock or a serialization conflict: run it again. */
export function isRetryableTransactionError(err: unknown): boolean {
  const code = errorCode(err);
  return code === '40P01' || code === '40001';
}

// Socket errors, 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57014
// query_canceled (the statement timeout), 53300 too_many_connections; class 08 is connection exceptions.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
]);
// node-postgres reports a lost or never-made connection in words, without a code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended unexpectedly|Client was closed|Cannot use a pool after calling end|terminating connection/i;

/**
 * The database could not be reached, went away mid-request, or did not answer in time: the request is
 * answered 503 with Retry-After rather than 500, and the pool opens fresh connections when it is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** Groups zod-style issues ({path, message}) by field, keeping the first message first. */
export function toFieldErrors(issues: ReadonlyArray<{ path: PropertyKey[] | string; message: string }>) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = (Array.isArray(issue.path) ? issue.path.map(String).join('.') : issue.path) || 'body';
    const list = (fieldErrors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fieldErrors;
}
