import type { ErrorBody } from '@chrysos/contract';

/**
 * An error a caller can act on: an HTTP status and messages keyed by the field or cause. Domain code
 * throws these; the API error handler turns them into responses in one place.
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
