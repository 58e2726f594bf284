/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server going away or not taking connections: admin/crash shutdown, cannot connect now, too many connections. */
const SERVER_GONE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and pg-pool say these in plain text, without a code. */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Connection closed',
];

/**
 * Whether a failure means the database cannot be reached (refused, dropped, timed out), as opposed to a bug or a
 * refused statement. Follows `cause`, since drizzle wraps the driver's error in its own.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_CODES.has(code) || code.startsWith('08'))) return true;
    if (CLIENT_MESSAGES.some((m) => current instanceof Error && current.message.includes(m))) return true;
  }
  return false;
}
