import { errorResponseSchema } from '@aduro/shared/errors';

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
