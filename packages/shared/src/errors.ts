import { z } from 'zod';

/** Every error the API answers has this shape (DOMAIN.md "Numbers, dates, errors"). */
export const errorResponseSchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Typed domain error kinds; one handler maps each to its HTTP status. */
export const ERROR_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  /** The database cannot be reached or did not answer in time; the caller tries again shortly. */
  unavailable: 503,
} as const;
export type ErrorKind = keyof typeof ERROR_STATUS;

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
/** The answer while the database restarts, fails over or stalls (503 with Retry-After). */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
