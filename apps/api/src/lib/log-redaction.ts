import pino from 'pino';

/**
 * What the logger never writes: credentials in headers, and any classified PII field (lib/pii.ts) under the names the
 * API uses for it, wherever a log call puts an object one or two levels deep. Request bodies are never logged.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]',
  'err.params', 'body', 'req.body', 'payload',
  ...['ssn', 'tin', 'ein', 'birthDate', 'number', 'accountNumber', 'idNumber'].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

// A failed query's error (drizzle's DrizzleQueryError) carries the statement's parameters in its message: the
// values being written, PII among them.
const QUERY_PARAMS = /\nparams: [^\n]*/g;

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

/** pino's error serializer, without the parameters of a failed query. */
export function errSerializer(err: Error): SerializedError {
  const out = pino.stdSerializers.err(err);
  if (!out || typeof out !== 'object') return out;
  for (const key of ['message', 'stack'] as const) {
    const value = out[key];
    if (typeof value === 'string') out[key] = value.replace(QUERY_PARAMS, '\nparams: [redacted]');
  }
  delete out.params;
  return out;
}
