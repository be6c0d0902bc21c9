import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';
import { readsOnly } from '../lib/routes.ts';

/** The answer to a NUL byte (U+0000): PostgreSQL refuses it in text, so nothing with one may go further. */
export const NUL_MESSAGE = 'This field contains a character that is not allowed.';

/** At most this many fields are named in one answer; the first is enough to act on. */
const MAX_NAMED = 20;

/**
 * Where value holds a NUL, in a string or an object key, as field names the way validation names them
 * (`items.1.label`; `prefix` itself for the top level, or 'body' when there is no prefix). Iterative, so
 * a deeply nested JSON body cannot overflow the stack.
 */
export function nulFields(value: unknown, prefix = ''): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, prefix]];
  while (stack.length > 0 && found.length < MAX_NAMED) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) found.push(path || 'body');
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const key of Object.keys(current)) {
        if (key.includes('\u0000')) {
          // The key itself cannot name a field: name the object holding it.
          if (!found.includes(path || 'body')) found.push(path || 'body');
          continue;
        }
        stack.push([(current as Record<string, unknown>)[key], path ? `${path}.${key}` : key]);
      }
    }
  }
  return found;
}

/** The 400 for these fields, shaped like a validation answer (errorResponseSchema with fieldErrors). */
export function nulError(fields: readonly string[]) {
  return badRequest(NUL_MESSAGE, Object.fromEntries(fields.map((field) => [field, [NUL_MESSAGE]])));
}

function guard(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const fields = [
    ...nulFields(request.params),
    ...nulFields(request.query),
    ...(request.body === undefined ? [] : nulFields(request.body)),
  ];
  if (fields.length === 0) done();
  else done(nulError(fields));
}

/**
 * Refuses a NUL byte in any string of a request's path parameters, query or (parsed) body with 400,
 * naming the field, before the handler runs: PostgreSQL refuses 0x00 in text, which would otherwise
 * answer 500 after part of the work (docs/domain.md "Guards run before validation": the route's own
 * guard answers 401/403 first, and validation's own messages come first too).
 *
 * The hook goes only on routes that take input (a body, path parameters or a declared query), as a
 * callback, so the busiest cached reads pay nothing. Multipart bodies are read by their handler, which
 * checks them with nulFields itself (modules/auth/auth.routes.ts).
 */
export default fp(
  async function inputGuard(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const takesInput =
        !readsOnly(route) || /[:*]/.test(route.url) || route.schema?.querystring !== undefined;
      if (!takesInput) return;
      const own = route.preHandler === undefined ? [] : ([] as unknown[]).concat(route.preHandler);
      // A HEAD route made from a GET one arrives with the GET's hooks, this one among them.
      if (own.includes(guard)) return;
      route.preHandler = [guard, ...own] as typeof route.preHandler;
    });
  },
  { name: 'input-guard' },
);
