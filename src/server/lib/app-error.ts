import { ERROR_CODES, type ErrorCode } from '@shared/errors';

/**
 * The one error type services throw. The error plugin turns it into
 * `{ error: { code, message } }` with its status.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly statusCode = 400,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  static notFound(message: string) {
    return new AppError(ERROR_CODES.notFound, message, 404);
  }
  static unauthorized(message: string) {
    return new AppError(ERROR_CODES.unauthorized, message, 401);
  }
  static forbidden(message: string) {
    return new AppError(ERROR_CODES.forbidden, message, 403);
  }
  static conflict(message: string) {
    return new AppError(ERROR_CODES.conflict, message, 409);
  }
  static validation(message: string, fields?: Record<string, string>) {
    return new AppError(ERROR_CODES.validation, message, 400, fields);
  }
}
