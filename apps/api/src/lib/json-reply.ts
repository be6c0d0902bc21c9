import type { FastifyReply } from 'fastify';

/**
 * Sends what already is the JSON of the route's declared 200 answer (text built by PostgreSQL, or
 * bytes from the read cache) as is: not decoded and re-encoded through the response schema.
 */
export function sendJsonText(reply: FastifyReply, body: string | Buffer) {
  void reply.type('application/json; charset=utf-8');
  // Fastify sends a Buffer untouched; text would go through the route's serializer without this.
  if (typeof body === 'string') void reply.serializer((payload: unknown) => payload as string);
  return reply.send(body as never);
}
