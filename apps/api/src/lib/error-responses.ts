import { errorResponseSchema } from '@aduro/shared/errors';
import { z } from 'zod';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/**
 * The error answers a route declares, every one the ErrorResponse contract, for the OpenAPI document
 * and the response serializer: `response: { 200: thing, ...errorResponses(400, 401, 404) }`. The keys
 * stay literal statuses in the type, which fastify-type-provider-zod reads to type reply.code().
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as {
    [K in S[number]]: typeof errorResponseSchema;
  };
}

/**
 * A route's 200 answer when it is not JSON (a file, a CSV, the event stream): documented with its real
 * media types, and sent as bytes or a stream, which Fastify passes by the response serializer.
 */
export function mediaResponse(description: string, mediaTypes: readonly string[]) {
  const schema = mediaTypes.some((type) => type.startsWith('text/'))
    ? { type: 'string' }
    : { type: 'string', format: 'binary' };
  return z.unknown().meta({
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])),
  });
}
