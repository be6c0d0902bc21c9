import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { GENERIC_ERROR_MESSAGE, type ErrorResponse } from '@aduro/shared/errors';
import {
  AppError,
  isDatabaseUnavailable,
  isRetryableTransactionError,
  toFieldErrors,
  unavailable,
} from '../lib/errors.ts';

// Fastify's own client errors, rewritten in words a person understands.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_REQ_FILE_TOO_LARGE: 'Licensure document must be 20MB or smaller',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FILES_LIMIT: 'Upload one licensure document only.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send this form as multipart/form-data.',
  FST_ERR_VALIDATION: 'Please review the highlighted details.',
};

/** One error handler: messages for status < 500, a generic text above it, full context in the log. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((raised: FastifyError, request, reply) => {
      let status = 500;
      let body: ErrorResponse;

      // The database away (restart, failover, dropped connection), too slow (connect or statement
      // timeout), a deadlock still there after its retries, or the request past REQUEST_TIMEOUT_MS:
      // passing trouble the caller can wait out, answered 503 with Retry-After, never 500.
      const passing =
        isDatabaseUnavailable(raised) ||
        isRetryableTransactionError(raised) ||
        raised.code === 'FST_ERR_HANDLER_TIMEOUT';
      if (passing) request.log.warn({ err: raised }, 'service briefly unavailable; answered 503');
      const error = passing ? unavailable() : raised;

      if (error instanceof AppError) {
        status = error.statusCode;
        body = { message: error.message, code: error.kind };
        if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
        if (error.retryAfterSeconds !== undefined) {
          body.retryAfterSeconds = error.retryAfterSeconds;
          void reply.header('retry-after', String(error.retryAfterSeconds));
        }
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        status = 400;
        const issues = error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
        }));
        const fieldErrors = toFieldErrors(issues);
        body = {
          message: issues[0]?.message ?? FASTIFY_MESSAGES.FST_ERR_VALIDATION!,
          code: 'validation',
          fieldErrors,
        };
      } else if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        body = { message: GENERIC_ERROR_MESSAGE };
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        body = { message: (error.code && FASTIFY_MESSAGES[error.code]) || error.message, code: error.code };
        if (status === 429) body.code = 'rate_limited';
      } else {
        body = { message: GENERIC_ERROR_MESSAGE };
      }

      if (status >= 500 && status !== 503) {
        request.log.error({ err: error }, 'request failed');
        body = { message: GENERIC_ERROR_MESSAGE, requestId: String(request.id) };
      } else {
        request.log.info({ status, message: body.message, code: body.code }, 'request rejected');
      }
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
