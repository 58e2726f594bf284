import pino from 'pino';

/**
 * What the logger never writes: credentials in headers, and any classified PII field (lib/pii.ts) under the names the
 * API uses for it, wherever a log call puts an object one or two levels deep. Request bodies are never logged.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'err.params',
  'body',
  'req.body',
  'payload',
  ...['ssn', 'tin', 'ein', 'birthDate', 'number', 'accountNumber', 'idNumber', 'cvc'].flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

interface DatabaseErrorLike {
  code: string;
  severity: string;
  table?: string;
  column?: string;
  constraint?: string;
}

const isDatabaseError = (e: unknown): e is DatabaseErrorLike =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as { code?: unknown }).code === 'string' &&
  typeof (e as { severity?: unknown }).severity === 'string';

function chainOf(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e && chain.length < 10 && !chain.includes(e); e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/**
 * pino's error serializer, minus the values of a failed query: drizzle's DrizzleQueryError puts the statement's
 * parameters in its message, and PostgreSQL's own messages and details quote the offending values ('invalid input
 * syntax for type date: "…"', 'Failing row contains (…)'). Such an error is logged as its statement, its SQLSTATE
 * code and the table, column and constraint it names, with its stack frames.
 */
export function errSerializer(err: Error): SerializedError {
  const out = pino.stdSerializers.err(err);
  if (!out || typeof out !== 'object') return out;
  const chain = chainOf(err);
  const database = chain.find(isDatabaseError);
  const query = chain.map((e) => (e as { query?: unknown }).query).find((q): q is string => typeof q === 'string');
  if (!database && query === undefined) return out;
  const names = database
    ? [
        database.table && `table ${database.table}`,
        database.column && `column ${database.column}`,
        database.constraint && `constraint ${database.constraint}`,
      ].filter(Boolean)
    : [];
  const parts = [
    query !== undefined && `Failed query: ${query}`,
    database && `database error ${database.code}${names.length ? ` (${names.join(', ')})` : ''}`,
  ];
  const record = out as unknown as Record<string, unknown>;
  record.message = parts.filter(Boolean).join('; ');
  record.stack = String(out.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  for (const key of ['params', 'detail', 'where', 'internalQuery', 'hint']) delete record[key];
  return out;
}
