import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request made with an API key carries down to the writes it makes. */
export interface RequestContext {
  apiKeyId: string;
}

/**
 * The API key a request was made with, for recordEvent to name it in the activity trail without every
 * service passing it down. Entered only for requests made with a key (plugins/auth.ts): on Node 20 an
 * AsyncLocalStorage makes every async resource of the process pay for async hooks (about 2 µs a request,
 * README "Performance"; docs/decisions/0006), so a process that never serves a key never pays, and one
 * that does pays from its first keyed request on. A signed-in person's request has no context.
 */
const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `next` (the rest of the request) inside the key's context. */
export function runWithApiKey(apiKeyId: string, next: () => void): void {
  storage.run({ apiKeyId }, next);
}

/** The API key of the request running now, or null for a person's (or no request). */
export function currentApiKeyId(): string | null {
  return storage.getStore()?.apiKeyId ?? null;
}
