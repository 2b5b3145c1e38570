import { STATUS_CODES } from 'node:http';
import type { ErrorBody } from '@chrysos/contract';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * An error a caller can act on: an HTTP status and messages keyed by the field or cause. Domain code
 * throws these; the app's error handler (plugins/error-handling.ts) turns them into responses in one place.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: ErrorBody['errors'];

  constructor(statusCode: number, errors: ErrorBody['errors']) {
    super(Object.values(errors).flat().join('; '));
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.errors = errors;
  }

  static notFound(cause: string, message: string): AppError {
    return new AppError(404, { [cause]: [message] });
  }
}

export const serverFaultMessage = 'Something went wrong on our side. Please try again.';

/** What the framework's own refusals of a request say to the caller, by error code. */
const frameworkRefusals: Record<string, { status: number; cause: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    cause: 'body',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    cause: 'body',
    message: 'The request body is empty but declared as JSON',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    cause: 'content_type',
    message: 'Send the request body as application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, cause: 'body', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    cause: 'body',
    message: 'The request body does not match its declared length',
  },
  FST_ERR_BAD_URL: { status: 400, cause: 'path', message: 'The address is not a valid URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, cause: 'path', message: 'The address is too long' },
};

/**
 * The status and `{"errors":{…}}` body for any error (spec §7): the caller's mistakes are 4xx with what
 * to correct, keyed by field; anything else is a 500 that names nothing internal (no SQL, no stack).
 */
export function describeError(error: FastifyError | Error): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.statusCode, body: { errors: error.errors } };

  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: ErrorBody['errors'] = {};
    for (const issue of error.validation) {
      // Devise-style bodies wrap fields in `user`; errors name the field itself (spec §7: {"email": [...]}).
      const path = issue.instancePath.replace(/^\/(user\/)?/, '').replaceAll('/', '.');
      const field = path || error.validationContext || 'base';
      errors[field] = [...(errors[field] ?? []), issue.message ?? 'is invalid'];
    }
    return { status: 422, body: { errors } };
  }

  const code = (error as FastifyError).code;
  const refusal = code ? frameworkRefusals[code] : undefined;
  if (refusal) return { status: refusal.status, body: { errors: { [refusal.cause]: [refusal.message] } } };

  // A SyntaxError from the JSON parser (or its prototype-poisoning guard) arrives without a code of its own.
  const status = (error as FastifyError).statusCode ?? 500;
  if (error instanceof SyntaxError && status < 500) {
    return { status: 400, body: { errors: { body: ['The request body is not valid JSON'] } } };
  }
  if (status >= 400 && status < 500) {
    // Fastify's own refusals say what was wrong; another library's message could name internals.
    const message = code?.startsWith('FST_') ? error.message : (STATUS_CODES[status] ?? 'Bad request');
    return { status, body: { errors: { base: [message] } } };
  }
  return { status: 500, body: { errors: { base: [serverFaultMessage] } } };
}
