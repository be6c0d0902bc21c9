import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import { claimKey, deleteExpiredKeys, findAnswer, releaseKey, saveAnswer } from './idempotency.repository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an Idempotency-Key header: a repeat within 24 hours gets the first answer (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: { userId: string; key: string } | null;
  }
}

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const SWEEP_EVERY_MS = 10 * 60_000;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 1 to 200 visible characters.',
  otherRequest: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'A request with this Idempotency-Key is still being handled. Try again in a moment.',
} as const;

/** The header as routes document it (OpenAPI); the plugin checks it. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Any unique text per intended write (a UUID): a repeat within 24 hours gets the first answer'),
});

const fingerprintOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');

/**
 * Writes a client may have to repeat after losing the answer (a phone dropping off mobile data mid-
 * approval) opt in with `config: { idempotent: true }`. With an Idempotency-Key header, the first request
 * claims the key for its user; a repeat with the same key and the same request gets the first answer
 * (marked Idempotent-Replayed), a repeat while the first is still running gets 409, and the same key for
 * another request gets 409. A 5xx gives the key back. Without the header nothing changes.
 */
export default fp(
  async function idempotency(app: FastifyInstance) {
    app.decorateRequest('idempotencyClaim', null);
    let lastSweep = 0;

    const claim: preHandlerHookHandler = async (request, reply) => {
      const key = request.headers[HEADER];
      if (key === undefined) return;
      if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
        throw badRequest(
          IDEMPOTENCY_MESSAGES.badKey,
          { [HEADER]: [IDEMPOTENCY_MESSAGES.badKey] },
          'IDEMPOTENCY_KEY_INVALID',
        );
      }
      // Runs after the route's guard, so the caller is known.
      const userId = request.session!.id;
      const fingerprint = fingerprintOf(request);
      if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        await deleteExpiredKeys(app.db);
      }
      if (await claimKey(app.db, userId, key, fingerprint)) {
        request.idempotencyClaim = { userId, key };
        return;
      }
      const stored = await findAnswer(app.db, userId, key);
      if (!stored || stored.fingerprint !== fingerprint)
        throw conflict('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.otherRequest);
      if (stored.status === null) {
        throw new AppError('IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_MESSAGES.inProgress, {
          retryAfterSeconds: 2,
        });
      }
      return reply
        .code(stored.status)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(stored.body);
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      route.preHandler = [...([] as preHandlerHookHandler[]).concat(route.preHandler ?? []), claim];
      // The answer as sent, before compression: kept for repeats (errors too, when they decided something).
      route.preSerialization = [
        ...([] as unknown[]).concat(route.preSerialization ?? []),
        async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          const held = request.idempotencyClaim;
          if (held && reply.statusCode < 500) {
            await saveAnswer(app.db, held.userId, held.key, reply.statusCode, JSON.stringify(payload));
          }
          return payload;
        },
      ] as typeof route.preSerialization;
      route.onResponse = [
        ...([] as unknown[]).concat(route.onResponse ?? []),
        async (request: FastifyRequest, reply: FastifyReply) => {
          const held = request.idempotencyClaim;
          if (held && reply.statusCode >= 500) await releaseKey(app.db, held.userId, held.key);
        },
      ] as typeof route.onResponse;
    });
  },
  { name: 'idempotency', dependencies: ['db'] },
);
