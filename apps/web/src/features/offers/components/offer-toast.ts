import { ApiError } from '../../../lib/api-client.ts';

/**
 * §8 offer failures: an error the server answered with shows its message; a thrown failure
 * (network, unexpected answer) shows the fixed text.
 */
export function offerErrorText(error: unknown, fallback: string): string {
  const fromServer = error instanceof ApiError && error.status > 0 && !['HttpError', 'ResponseError', 'NetworkError'].includes(error.name);
  if (fromServer && error.message) return error.message;
  return fallback;
}
