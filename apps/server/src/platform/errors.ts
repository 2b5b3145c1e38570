import type { ErrorBody, ErrorCode, ErrorParams } from '@chrysos/contract';
import type { RuleResult } from '@chrysos/rules';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalogue, type Language, messageOf } from './error-catalogue.ts';

export type { ErrorParams } from '@chrysos/contract';
export { type Language, languageOf } from './error-catalogue.ts';

/** One thing wrong with a request: the field or cause it concerns, its code and the code's parameters. */
export interface Problem {
  field: string;
  code: ErrorCode;
  params?: ErrorParams | undefined;
}

/**
 * An error a caller can act on, by code (@chrysos/contract `errorCodes`): domain code throws
 * `new AppError('auth.email_taken', { field: 'email' })`, or `AppError.all([...])` for a form checked as a
 * whole. The status and the message in the caller's language come from one table
 * (platform/error-catalogue.ts); the app's error handler answers with them (platform/error-handling.ts).
 */
export class AppError extends Error {
  readonly problems: readonly Problem[];
  /** The status of the first problem's code: one answer, one status. */
  readonly statusCode: number;

  constructor(
    code: ErrorCode,
    options: { field?: string; params?: ErrorParams; cause?: unknown } = {},
    more: readonly Problem[] = [],
  ) {
    const first: Problem = { field: options.field ?? 'base', code, params: options.params };
    const problems = [first, ...more];
    super(problems.map((problem) => `${problem.field}: ${problem.code}`).join('; '), {
      cause: options.cause,
    });
    this.name = 'AppError';
    this.problems = problems;
    this.statusCode = errorCatalogue[code].status;
  }

  /** Every problem a form has at once; the first one's code decides the status. */
  static all([first, ...more]: readonly [Problem, ...Problem[]]): AppError {
    return new AppError(
      first.code,
      { field: first.field, ...(first.params ? { params: first.params } : {}) },
      more,
    );
  }
}

/** A broken field rule of @chrysos/rules as a problem of the field: `validation.<rule>`. */
export const ruleProblem = (field: string, result: NonNullable<RuleResult>): Problem => ({
  field,
  code: `validation.${result.key}`,
  params: result.params,
});

/** The `{"errors":…,"codes":…,"params":…}` body of some problems, its messages in the language. */
export function errorBodyOf(problems: readonly Problem[], language: Language): ErrorBody {
  const errors: ErrorBody['errors'] = {};
  const codes: ErrorBody['codes'] = {};
  const params: NonNullable<ErrorBody['params']> = {};
  for (const problem of problems) {
    const { field } = problem;
    const known = codes[field] ?? [];
    errors[field] = [...(errors[field] ?? []), messageOf(problem.code, problem.params, language)];
    codes[field] = [...known, problem.code];
    const given = problem.params && Object.keys(problem.params).length > 0 ? problem.params : undefined;
    // Aligned with the field's codes: a code without parameters holds {} in its place.
    if (given || params[field]) {
      params[field] = [...(params[field] ?? known.map(() => ({}))), given ?? {}];
    }
  }
  return Object.keys(params).length > 0 ? { errors, codes, params } : { errors, codes };
}

/** What the framework's own refusals of a request are, by Fastify error code. */
const frameworkRefusals: Record<string, { cause: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { cause: 'body', code: 'request.invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { cause: 'body', code: 'request.empty_json' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { cause: 'content_type', code: 'request.unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { cause: 'body', code: 'request.body_too_large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { cause: 'body', code: 'request.length_mismatch' },
  FST_ERR_BAD_URL: { cause: 'path', code: 'request.bad_url' },
  FST_ERR_MAX_PARAM_LENGTH: { cause: 'path', code: 'request.url_too_long' },
};

/**
 * The problems of a failed validation, for a validator other than the app's own (platform/validator.ts
 * throws AppErrors): the zod type provider's default one or Fastify's JSON-schema one. Each is a field
 * refused as invalid, since such an error says nothing more that a code could name.
 */
function validationProblems(error: FastifyError): Problem[] | undefined {
  if (
    !hasZodFastifySchemaValidationErrors(error) &&
    !(error.code === 'FST_ERR_VALIDATION' && error.validation)
  ) {
    return undefined;
  }
  return (error.validation ?? []).map((issue) => {
    // Devise-style bodies wrap fields in `user`; errors name the field itself (spec §7: {"email": [...]}).
    const path = issue.instancePath.replace(/^\/(user\/)?/, '').replaceAll('/', '.');
    return { field: path || error.validationContext || 'base', code: 'validation.invalid' };
  });
}

/**
 * The status and body for any error (spec §7): the caller's mistakes are 4xx with what to correct, keyed
 * by field, with their codes; anything else is a 500 `internal` that names nothing internal (no SQL, no
 * stack).
 */
export function describeError(
  error: FastifyError | Error,
  language: Language = 'en',
): { status: number; body: ErrorBody } {
  const answer = (status: number, problems: readonly Problem[]) => ({
    status,
    body: errorBodyOf(problems, language),
  });
  if (error instanceof AppError) return answer(error.statusCode, error.problems);

  const fastifyError = error as FastifyError;
  const validation = validationProblems(fastifyError);
  if (validation) return answer(422, validation);

  const refusal = fastifyError.code ? frameworkRefusals[fastifyError.code] : undefined;
  if (refusal) {
    return answer(errorCatalogue[refusal.code].status, [{ field: refusal.cause, code: refusal.code }]);
  }

  // A SyntaxError from the JSON parser (or its prototype-poisoning guard) arrives without a code of its own.
  const status = fastifyError.statusCode ?? 500;
  if (error instanceof SyntaxError && status < 500) {
    return answer(400, [{ field: 'body', code: 'request.invalid_json' }]);
  }
  if (status >= 400 && status < 500) {
    // Another refusal of the framework or a library: its own message could name internals.
    return answer(status, [{ field: 'base', code: 'request.refused', params: { status } }]);
  }
  return answer(500, [{ field: 'base', code: 'internal' }]);
}
