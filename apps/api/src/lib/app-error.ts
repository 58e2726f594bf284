import { errorName, errorStatus, type ErrorBody, type ErrorCode } from '@tessera/domain';

/** The one error type: thrown anywhere, mapped once to the { error } envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Seconds the caller should wait, sent as Retry-After (429 only). */
  retryAfterSeconds?: number;

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

/** "in 40 seconds", "in 15 minutes": how long until the caller may try again. */
function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** 429 with the wait in words and in a Retry-After header (the error handler sends it). */
export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  const error = new AppError('rate-limited', `Too many attempts. Please try again in ${waitText(seconds)}.`);
  error.retryAfterSeconds = seconds;
  return error;
}
