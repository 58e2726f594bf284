import { ApiError } from '../../../lib/api-client.ts';

/** Failures the client makes up itself (network, unexpected answer): they carry no server error to show. */
const CLIENT_ERRORS = ['HttpError', 'ResponseError', 'NetworkError'];

function serverError(error: unknown): ApiError | null {
  return error instanceof ApiError && error.status > 0 && !CLIENT_ERRORS.includes(error.name) && error.message ? error : null;
}

/**
 * §8 offer failure toast: an error the server answered with shows its name as the title with its message
 * ('ConflictError: An offer with the slug … already exists'); a thrown failure (network, unexpected answer)
 * shows the fixed text.
 */
export function offerErrorText(error: unknown, fallback: string): string {
  const fromServer = serverError(error);
  return fromServer ? `${fromServer.name}: ${fromServer.message}` : fallback;
}

/** The server's message alone, for text shown inside the page (a field's help, a panel) rather than as a toast. */
export function offerErrorMessage(error: unknown, fallback: string): string {
  return serverError(error)?.message ?? fallback;
}
