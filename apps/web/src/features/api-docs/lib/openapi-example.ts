/** Example requests and answers for the docs pages: the document's own examples, else values built from the schema. */
import {
  parametersOf,
  refName,
  requestBodiesOf,
  resolve,
  responsesOf,
  securityOf,
  unwrapNullable,
  type Endpoint,
  type JsonSchema,
  type MediaType,
  type OpenApiDocument,
  type OpenApiParameter,
} from './openapi.ts';

export interface Example {
  value: unknown;
  /** True when the document gave (part of) it; false when every value was made up from the schema's types. */
  documented: boolean;
}

/** Values a schema's format or pattern implies, so a built example still reads as real data. */
const FORMAT_VALUES: Record<string, string> = {
  'date-time': '2026-01-15T09:30:00.000Z',
  date: '2026-01-15',
  time: '09:30:00',
  email: 'ada@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '3f2b8c1e-6a4d-4e8f-9b1a-2c3d4e5f6a7b',
  binary: '<file>',
};
const OBJECT_ID = '6745a1c2e4b0a1b2c3d4e5f6';

/** Values a field's name implies when its schema says nothing more. */
const NAMED_VALUES: [RegExp, string][] = [
  [/email/i, 'ada@example.com'],
  [/password/i, 'correct-horse-battery-staple'],
  [/^first_?name$/i, 'Ada'],
  [/url$/i, 'https://example.com'],
];

function stringExample(schema: JsonSchema, key: string | undefined): string {
  if (schema.format && FORMAT_VALUES[schema.format]) return FORMAT_VALUES[schema.format]!;
  const named = key ? NAMED_VALUES.find(([pattern]) => pattern.test(key)) : undefined;
  if (named) return named[1];
  if (schema.pattern === '^[0-9a-f]{24}$') return OBJECT_ID;
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return FORMAT_VALUES.date!;
  const text = 'string';
  return schema.minLength && schema.minLength > text.length ? text.padEnd(schema.minLength, 'x') : text;
}

interface Building {
  /** Set when a value came from the document. */
  documented: boolean;
  /** A request leaves out the optional fields it has no example for; an answer shows them all. */
  requiredOnly: boolean;
}

/** An example of a schema: the first of its (or its component's) examples, its default, const or first enum value, else built. */
function build(doc: OpenApiDocument, raw: JsonSchema, seen: ReadonlySet<string>, found: Building, depth: number, key?: string): unknown {
  const name = refName(raw);
  if (name && seen.has(name)) return null;
  const inside = name ? new Set([...seen, name]) : seen;
  const schema = resolve(doc, raw) ?? {};
  for (const own of [raw, schema]) {
    if (own.examples?.length) {
      found.documented = true;
      return own.examples[0];
    }
    if (own.example !== undefined) {
      found.documented = true;
      return own.example;
    }
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (depth > 8) return null;
  const { schema: inner, nullable, branch } = unwrapNullable(doc, schema);
  if (nullable) return build(doc, branch === schema ? inner : branch, inside, found, depth + 1, key);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.[0]) return build(doc, branches[0], inside, found, depth + 1, key);
  if (schema.allOf)
    return Object.assign(
      {},
      ...schema.allOf.map((part) => build(doc, part, inside, found, depth + 1) as object),
      objectExample(doc, schema, inside, found, depth),
    );
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) return objectExample(doc, schema, inside, found, depth);
  if (type === 'array') {
    const itemName = refName(schema.items);
    // A list of the schema being built (replies of a comment) is shown empty rather than with a null in it.
    if (!schema.items || (itemName && inside.has(itemName))) return [];
    return [build(doc, schema.items, inside, found, depth + 1)];
  }
  if (type === 'integer' || type === 'number')
    return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (type === 'string') return stringExample(schema, key);
  return null;
}

function objectExample(doc: OpenApiDocument, schema: JsonSchema, seen: ReadonlySet<string>, found: Building, depth: number) {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([key]) => !found.requiredOnly || required.has(key))
      .map(([key, prop]) => [key, build(doc, prop, seen, found, depth + 1, key)]),
  );
}

/** An example of a schema; `requiredOnly` (for a request) leaves out the optional fields. */
export function schemaExample(doc: OpenApiDocument, schema: JsonSchema, { requiredOnly = false } = {}): Example {
  const found = { documented: false, requiredOnly };
  const value = build(doc, schema, new Set(), found, 0);
  return { value, documented: found.documented };
}

/** A request or response body's example: the media type's `example`/`examples`, else its schema's. */
export function mediaExample(doc: OpenApiDocument, media: MediaType | undefined, options: { requiredOnly?: boolean } = {}): Example | null {
  if (!media) return null;
  if (media.example !== undefined) return { value: media.example, documented: true };
  const first = Object.values(media.examples ?? {})[0];
  if (first?.value !== undefined) return { value: first.value, documented: true };
  return media.schema ? schemaExample(doc, media.schema, options) : null;
}

/** A parameter's value for an example URL: its own example, its schema's, else the `{name}` placeholder. */
function parameterValue(doc: OpenApiDocument, p: OpenApiParameter, given: Record<string, string>): string | null {
  if (given[p.name] !== undefined) return given[p.name]!;
  const own = p.example ?? Object.values(p.examples ?? {})[0]?.value;
  if (own !== undefined) return String(own);
  const schema = p.schema ? (resolve(doc, p.schema) ?? {}) : {};
  const fromSchema = schema.examples?.[0] ?? schema.example;
  return fromSchema !== undefined ? String(fromSchema) : null;
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export interface CurlOptions {
  /** The API's base URL, e.g. `https://demo.example.com/api/v1`. */
  base: string;
  /** Values for path parameters, e.g. the tenant of the address for `t`. */
  pathValues?: Record<string, string>;
  /** What to send as the session token (a shell variable reads best: `$TOKEN`). */
  token?: string;
  /** What to send as the API key, when the operation accepts one. */
  apiKey?: string;
}

/** Which credential a curl example sends: an API key where accepted, else the session token, else none. */
export function exampleCredential(doc: OpenApiDocument, endpoint: Endpoint): 'apiKey' | 'token' | null {
  const options = securityOf(doc, endpoint.operation);
  if (options.length === 0) return null;
  return options.some((o) => o.scheme?.type === 'apiKey') ? 'apiKey' : 'token';
}

/** A curl command for an endpoint on this tenant's address, with its example body (JSON, or the multipart form's parts). */
export function curlExample(doc: OpenApiDocument, endpoint: Endpoint, options: CurlOptions): string {
  const op = endpoint.operation;
  const params = parametersOf(doc, op);
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    const value = p ? parameterValue(doc, p, options.pathValues ?? {}) : (options.pathValues?.[name] ?? null);
    return value === null ? whole : encodeURIComponent(value);
  });
  const query = params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(parameterValue(doc, p, {}) ?? `{${p.name}}`)}`);
  const url = `${options.base}${path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [`curl -X ${endpoint.method.toUpperCase()} ${shellQuote(url)}`];

  const credential = exampleCredential(doc, endpoint);
  const keyScheme = securityOf(doc, op).find((o) => o.scheme?.type === 'apiKey')?.scheme;
  if (credential === 'apiKey' && options.apiKey) lines.push(`  -H ${shellQuote(`${keyScheme?.name ?? 'X-API-Key'}: ${options.apiKey}`)}`);
  else if (credential) lines.push(`  -H "Authorization: Bearer ${options.token ?? '$TOKEN'}"`);

  const [body] = requestBodiesOf(doc, op);
  if (body?.mediaType === 'multipart/form-data') {
    const example = mediaExample(doc, body.media, { requiredOnly: true })?.value;
    const object = body.media.schema ? unwrapNullable(doc, body.media.schema).schema : {};
    for (const [name, prop] of Object.entries(object.properties ?? {})) {
      const isFile = resolve(doc, prop)?.format === 'binary';
      const value = (example as Record<string, unknown> | null)?.[name];
      if (isFile) lines.push(`  -F ${shellQuote(`${name}=@path/to/${name}`)}`);
      else if (value !== undefined && value !== null && (object.required ?? []).includes(name))
        lines.push(`  -F ${shellQuote(`${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)}`);
    }
  } else if (body) {
    const example = mediaExample(doc, body.media, { requiredOnly: true });
    lines.push(`  -H ${shellQuote(`Content-Type: ${body.mediaType}`)}`);
    if (example && example.value !== undefined) lines.push(`  -d ${shellQuote(JSON.stringify(example.value, null, 2))}`);
  }
  const success = responsesOf(doc, op).find((r) => /^2/.test(r.status) && r.mediaTypes.length > 0);
  if (success && !success.mediaTypes.some((t) => t.includes('json'))) lines.push(`  -o ./download`);
  return lines.join(' \\\n');
}
