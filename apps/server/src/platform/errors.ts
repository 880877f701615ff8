import { ErrorCode, type ErrorCodeValue } from '@starlit/contract';

/**
 * A failure with a code from the contract. `status` is 200 for business failures and the
 * real HTTP status for transport failures (401, 403, 404, 413, 429).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly status: number = 200,
    // an already localized message, used instead of the code's catalogue text
    readonly detail?: string,
  ) {
    super(detail ?? `error ${code}`);
  }
}

export const unauthorized = () => new AppError(ErrorCode.UNAUTHORIZED, 401);
export const forbidden = () => new AppError(ErrorCode.FORBIDDEN, 403);
export const notFound = (code: ErrorCodeValue = ErrorCode.NOT_FOUND) => new AppError(code, 200);
export const rateLimited = () => new AppError(ErrorCode.RATE_LIMITED, 429);
