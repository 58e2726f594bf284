import { errorName, errorStatus, type ErrorBody, type ErrorCode } from '@tessera/domain';

/** The one error type: thrown anywhere, mapped once to the { error } envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = errorStatus[code];
    this.name = errorName[code];
  }

  toBody(): ErrorBody {
    return { type: this.code, name: this.name, message: this.message, status: this.status };
  }
}

export const notFound = (what: string) => new AppError('not-found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('forbidden', message);
export const unauthenticated = (message = 'Sign in to continue') => new AppError('unauthenticated', message);
