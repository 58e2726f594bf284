import { ApiError } from '../../../lib/api-client.ts';

/** Failures the client makes up itself (network, unexpected answer): they carry no server reason to show. */
const CLIENT_ERRORS = ['HttpError', 'ResponseError', 'NetworkError'];

/**
 * 002 §8 lead failure toast: the fixed text ('Error updating lead'), followed by the server's reason when it answered
 * with one ('Error updating lead: This institution already has a lead with this email').
 */
export function leadErrorText(error: unknown, fallback: string): string {
  const fromServer = error instanceof ApiError && error.status > 0 && !CLIENT_ERRORS.includes(error.name) && error.message;
  return fromServer ? `${fallback}: ${error.message}` : fallback;
}
