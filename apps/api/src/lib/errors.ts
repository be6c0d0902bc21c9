import { ERROR_STATUS, type ErrorKind } from '@aduro/shared/errors';

/**
 * A failure the caller can act on. Services throw these; the one error handler turns the kind into a
 * status (not found 404, invalid 400, conflict 409 ...) and the message into the response.
 */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly fieldErrors?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;

  constructor(
    kind: ErrorKind,
    message: string,
    extra: { fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.fieldErrors = extra.fieldErrors;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError('validation', message, { fieldErrors });
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError('unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);

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
