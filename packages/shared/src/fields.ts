import { z } from 'zod';

/*
 * Field schemas the request contracts share, so a form and the API word the same mistake the same way.
 */

/**
 * A required identifier: missing, blank or not a UUID all read as `message` ("Choose the product"), since
 * a person never typed the id and needs only to know what to choose.
 */
export const requiredId = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).uuid({ error: message });

/** Free text a person may leave out: trimmed, at most `max` characters, and blank is null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));
