import { createHash } from 'node:crypto';
import { API_KEY_PREFIX } from '@aduro/shared/api-keys';

/*
 * What a key is and how it is stored, apart from the service: the auth plugin reads these on every
 * request, and the service imports the plugin's Member type, so keeping them in the service made the two
 * import each other.
 */

/**
 * The SHA-256 of a key, as stored. The key is 32 random bytes, so a slow password hash would add nothing
 * but a cost on every request (db/schema/api-keys.ts).
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Whether an Authorization value's token is an API key rather than a session's token (JWTs hold dots). */
export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX) && !token.includes('.');
