import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  ERROR_STATUS,
  GENERIC_ERROR_MESSAGE,
  errorKindOf,
  type ErrorCode,
  type ErrorResponse,
} from '@aduro/shared/errors';
import {
  AppError,
  errorCode,
  isDatabaseUnavailable,
  isRetryableTransactionError,
  toFieldErrors,
  unavailable,
} from '../lib/errors.ts';

// Fastify's own client errors, rewritten in words a person understands, with the code they answer.
const FASTIFY_ERRORS: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    message: 'The request body is not valid JSON.',
    code: 'MALFORMED_REQUEST',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    message: 'The request body is empty; send a JSON object.',
    code: 'MALFORMED_REQUEST',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'This content type is not supported here.',
    code: 'UNSUPPORTED_MEDIA',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' },
  FST_REQ_FILE_TOO_LARGE: {
    message: 'Licensure document must be 20MB or smaller',
    code: 'PAYLOAD_TOO_LARGE',
  },
  FST_PARTS_LIMIT: { message: 'The form has too many parts.', code: 'PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { message: 'Upload one licensure document only.', code: 'PAYLOAD_TOO_LARGE' },
  FST_FIELDS_LIMIT: { message: 'The form has too many fields.', code: 'PAYLOAD_TOO_LARGE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    message: 'Send this form as multipart/form-data.',
    code: 'UNSUPPORTED_MEDIA',
  },
  FST_ERR_VALIDATION: { message: 'Please review the highlighted details.', code: 'VALIDATION_FAILED' },
};

/** The code of a client error Fastify raised without one of ours, by its status. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404 || status === 405) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA';
  if (status === 429) return 'RATE_LIMITED';
  return 'MALFORMED_REQUEST';
}

const answer = (code: ErrorCode, message: string): ErrorResponse => ({
  message,
  code,
  kind: errorKindOf(code),
});

/** One error handler: messages for status < 500, a generic text above it, full context in the log. */
export default fp(
  async function errors(app: FastifyInstance) {
    // Every body the API reads is JSON (or, where a licence is uploaded, multipart). Fastify also parses
    // text/plain, which sent to a JSON operation reached validation as a string and answered 400; without
    // the parser it answers 415 (FST_ERR_CTP_INVALID_MEDIA_TYPE below), as the OpenAPI document says.
    app.removeContentTypeParser('text/plain');
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
      if (passing && errorCode(raised) === '57014') app.metrics?.statementTimedOut();
      const error = passing ? unavailable() : raised;

      if (error instanceof AppError) {
        status = error.statusCode;
        body = answer(error.code, error.message);
        if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
        if (error.details) body.details = error.details;
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
          ...answer('VALIDATION_FAILED', issues[0]?.message ?? FASTIFY_ERRORS.FST_ERR_VALIDATION!.message),
          fieldErrors,
        };
      } else if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        body = answer('INTERNAL_ERROR', GENERIC_ERROR_MESSAGE);
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
        // A known error answers its code's status (a non-multipart registration: 415, not multipart's 406).
        status = known ? ERROR_STATUS[errorKindOf(known.code)] : error.statusCode;
        body = known ? answer(known.code, known.message) : answer(codeForStatus(status), error.message);
      } else {
        body = answer('INTERNAL_ERROR', GENERIC_ERROR_MESSAGE);
      }

      if (status >= 500 && status !== 503) {
        request.log.error({ err: error }, 'request failed');
        body = { ...answer('INTERNAL_ERROR', GENERIC_ERROR_MESSAGE), requestId: String(request.id) };
      } else {
        request.log.info({ status, message: body.message, code: body.code }, 'request rejected');
      }
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
