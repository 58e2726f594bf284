/** Reading the server's OpenAPI 3.1 document into what the docs pages show. */

export interface JsonSchema {
  $ref?: string;
  title?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
}

/** A `{ $ref }` to somewhere in the document's components. */
interface Ref {
  $ref: string;
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
}

interface OpenApiHeader {
  description?: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiResponse {
  description?: string;
  headers?: Record<string, OpenApiHeader | Ref>;
  content?: Record<string, MediaType>;
}

/** Alternatives, each naming the schemes that must all be present: `[]` is public, `[{ bearer: [] }, { apiKey: [] }]` either. */
type SecurityRequirement = Record<string, string[]>;

export interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: (OpenApiParameter | Ref)[];
  requestBody?: { description?: string; required?: boolean; content?: Record<string, MediaType> } | Ref;
  responses?: Record<string, OpenApiResponse | Ref>;
  security?: SecurityRequirement[];
}

export interface SecurityScheme {
  type: string;
  scheme?: string;
  bearerFormat?: string;
  in?: string;
  name?: string;
  description?: string;
}

export interface OpenApiServer {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string; summary?: string; description?: string };
  servers?: OpenApiServer[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, SecurityScheme>;
    parameters?: Record<string, OpenApiParameter>;
    responses?: Record<string, OpenApiResponse>;
    headers?: Record<string, OpenApiHeader>;
    requestBodies?: Record<string, unknown>;
  };
  security?: SecurityRequirement[];
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface Endpoint {
  /** The operationId when the document gives one (stable across path changes), else the method and the path's slug. */
  id: string;
  /** The method and the path's slug (`get-tenant-id-api-keys`): links made before operationIds keep working. */
  pathId: string;
  method: HttpMethod;
  path: string;
  operation: OpenApiOperation;
}

export interface EndpointGroup {
  id: string;
  name: string;
  description: string | null;
  endpoints: Endpoint[];
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export const endpointId = (method: string, path: string) => `${method}-${slugify(path)}`;

/** The endpoints by tag, in the document's tag order; untagged ones last under 'Other'. groupId is the tag's slug. */
export function groupEndpoints(doc: OpenApiDocument): EndpointGroup[] {
  const groups = new Map<string, EndpointGroup>();
  for (const tag of doc.tags ?? [])
    groups.set(tag.name, { id: slugify(tag.name), name: tag.name, description: tag.description ?? null, endpoints: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, { id: slugify(tag), name: tag, description: null, endpoints: [] });
      const pathId = endpointId(method, path);
      groups.get(tag)!.endpoints.push({ id: operation.operationId ?? pathId, pathId, method, path, operation });
    }
  }
  return [...groups.values()].filter((g) => g.endpoints.length > 0);
}

export function findEndpoint(groups: EndpointGroup[], groupId: string, id: string): { group: EndpointGroup; endpoint: Endpoint } | null {
  const group = groups.find((g) => g.id === groupId);
  const endpoint = group?.endpoints.find((e) => e.id === id) ?? group?.endpoints.find((e) => e.pathId === id);
  return group && endpoint ? { group, endpoint } : null;
}

const isRef = (value: unknown): value is Ref => typeof value === 'object' && value !== null && typeof (value as Ref).$ref === 'string';

/** The value a local reference (`#/components/schemas/Offer`) points at, or undefined. */
function pointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** Follows references until a value that is not one (a chain of more than a few, or a loop, ends in undefined). */
export function deref<T extends object>(doc: OpenApiDocument, value: T | Ref | undefined): T | undefined {
  let node: unknown = value;
  for (let hops = 0; isRef(node); hops++) {
    if (hops > 16) return undefined;
    node = pointer(doc, node.$ref);
  }
  return node as T | undefined;
}

/** A schema with its own references followed (its children keep theirs). */
export const resolve = (doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined => deref<JsonSchema>(doc, schema);

/** The component name a schema refers to: `Offer` for `{ $ref: '#/components/schemas/Offer' }`. */
export const refName = (schema: JsonSchema | undefined) => (schema?.$ref ? schema.$ref.split('/').pop() : undefined);

/** Before named components, the server named shared schemas through their description (`ApiKey`): that reads as a type, not a sentence. */
const SCHEMA_NAME = /^[A-Z][A-Za-z0-9]*$/;
export const sentence = (text: string | undefined) => (text && !SCHEMA_NAME.test(text) ? text : null);

/** The name a schema goes by: its component's, its title, or (older documents) a name given as its description. */
export function schemaTitle(doc: OpenApiDocument, raw: JsonSchema | undefined): string | undefined {
  if (!raw) return undefined;
  const named = refName(raw);
  if (named) return resolve(doc, raw)?.title ?? named;
  if (raw.title) return raw.title;
  return raw.description && SCHEMA_NAME.test(raw.description) ? raw.description : undefined;
}

const isNullSchema = (doc: OpenApiDocument, s: JsonSchema) => resolve(doc, s)?.type === 'null';

/** Drops the `null` branch of a nullable schema (`anyOf [x, null]` or `type: [x, 'null']`), telling whether there was one. */
export function unwrapNullable(doc: OpenApiDocument, raw: JsonSchema): { schema: JsonSchema; nullable: boolean; branch: JsonSchema } {
  const schema = resolve(doc, raw) ?? {};
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const rest = branches.filter((b) => !isNullSchema(doc, b));
    if (rest.length === 1 && rest.length < branches.length) {
      const only = rest[0]!;
      const inner = resolve(doc, only) ?? {};
      return { schema: { ...inner, description: schema.description ?? inner.description }, nullable: true, branch: only };
    }
    if (rest.length < branches.length) return { schema: { ...schema, anyOf: rest, oneOf: undefined }, nullable: true, branch: schema };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((t) => t !== 'null');
    const narrowed = { ...schema, type: types.length === 1 ? types[0] : types };
    return { schema: narrowed, nullable: true, branch: narrowed };
  }
  return { schema, nullable: false, branch: raw };
}

const isObjectLike = (s: JsonSchema) => s.type === 'object' || !!s.properties || !!s.allOf;
const isFileSchema = (s: JsonSchema) => s.format === 'binary' || (s.type === 'string' && s.format === 'byte');

/** A short, readable type: `string (date-time)`, `array of Offer`, `file`, `string | number`, with `| null` when nullable. */
export function typeLabel(doc: OpenApiDocument, raw: JsonSchema, depth = 0): string {
  if (depth > 6) return 'any';
  const { schema, nullable, branch } = unwrapNullable(doc, raw);
  const title = schemaTitle(doc, branch) ?? schemaTitle(doc, raw);
  let label: string;
  const branches = schema.anyOf ?? schema.oneOf;
  if (title && (isObjectLike(schema) || !resolve(doc, branch))) label = title;
  else if (branches) label = branches.map((b) => typeLabel(doc, b, depth + 1)).join(' | ');
  else if (schema.const !== undefined) label = JSON.stringify(schema.const);
  else if (isFileSchema(schema)) label = 'file';
  else if (schema.type === 'array') label = `array of ${schema.items ? typeLabel(doc, schema.items, depth + 1) : 'any'}`;
  else if (Array.isArray(schema.type)) label = schema.type.join(' | ');
  else if (schema.allOf) label = schema.allOf.map((s) => schemaTitle(doc, s)).find(Boolean) ?? 'object';
  else if (schema.type === 'object' || schema.properties) {
    const values = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : null;
    label = !schema.properties && values ? `map of ${typeLabel(doc, values, depth + 1)}` : 'object';
  } else label = schema.type ?? 'any';
  if (schema.format && !isFileSchema(schema) && !branches) label += ` (${schema.format})`;
  return nullable ? `${label} | null` : label;
}

/** Length, range, size and pattern limits in words. */
export function limitsOf(schema: JsonSchema): string[] {
  const limits: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0) limits.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) limits.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined && Math.abs(schema.minimum) < Number.MAX_SAFE_INTEGER) limits.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) limits.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && Math.abs(schema.maximum) < Number.MAX_SAFE_INTEGER) limits.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) limits.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined && schema.minItems > 0) limits.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) limits.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) limits.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) limits.push(`default ${JSON.stringify(schema.default)}`);
  return limits;
}

export interface SchemaField {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  enumValues: string[];
  limits: string[];
  /** A file part of a multipart form (binary content). */
  file: boolean;
  /** The field's type is one of the schemas it sits in: its fields are shown there, not again. */
  recursive: boolean;
  children: SchemaField[];
}

/** The component names a schema refers to directly (itself, its items, its branches): what a nested table would open. */
function refsOf(doc: OpenApiDocument, raw: JsonSchema): string[] {
  const names: string[] = [];
  const visit = (s: JsonSchema | undefined, depth: number) => {
    if (!s || depth > 4) return;
    const name = refName(s);
    if (name) names.push(name);
    const r = resolve(doc, s);
    if (!r) return;
    for (const b of [...(r.anyOf ?? []), ...(r.oneOf ?? []), ...(r.allOf ?? [])]) visit(b, depth + 1);
    if (r.type === 'array' || (Array.isArray(r.type) && r.type.includes('array'))) visit(r.items, depth + 1);
  };
  visit(raw, 0);
  return names;
}

/**
 * The object (or array of objects) a schema describes, if any: its fields get a nested table. allOf parts are merged;
 * anyOf/oneOf branches that are objects are merged too, a field required only where all branches require it.
 */
function objectOf(doc: OpenApiDocument, raw: JsonSchema, depth = 0): JsonSchema | null {
  if (depth > 6) return null;
  const { schema } = unwrapNullable(doc, raw);
  if (schema.properties && !schema.allOf) return schema;
  if (schema.allOf) {
    const parts = [schema, ...schema.allOf].map((s) =>
      s === schema ? { properties: s.properties, required: s.required } : objectOf(doc, s, depth + 1),
    );
    return {
      properties: Object.assign({}, ...parts.map((p) => p?.properties ?? {})),
      required: parts.flatMap((p) => p?.required ?? []),
    };
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const objects = branches.map((b) => objectOf(doc, b, depth + 1)).filter((o): o is JsonSchema => o !== null);
    if (objects.length === 0) return null;
    const required = objects.map((o) => new Set(o.required ?? []));
    const properties: Record<string, JsonSchema> = Object.assign({}, ...objects.map((o) => o.properties ?? {}));
    return { properties, required: Object.keys(properties).filter((k) => required.every((r) => r.has(k))) };
  }
  if (schema.type === 'array' && schema.items) return objectOf(doc, schema.items, depth + 1);
  return null;
}

/** The fields of an object schema, nested objects and arrays of objects included; a schema inside itself is not opened again. */
export function schemaFields(
  doc: OpenApiDocument,
  raw: JsonSchema | undefined,
  seen: ReadonlySet<string> = new Set(),
  depth = 0,
): SchemaField[] {
  if (!raw || depth > 8) return [];
  const inside = new Set([...seen, ...refsOf(doc, raw)]);
  const object = objectOf(doc, raw);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([name, prop]) => {
    const { schema } = unwrapNullable(doc, prop);
    const items = schema.type === 'array' && schema.items ? unwrapNullable(doc, schema.items).schema : null;
    const values = schema.enum ?? items?.enum;
    const recursive = refsOf(doc, prop).some((n) => inside.has(n));
    return {
      name,
      type: typeLabel(doc, prop),
      required: required.has(name),
      description: sentence(prop.description) ?? sentence(schema.description) ?? sentence(resolve(doc, prop)?.description),
      enumValues: (values ?? []).map((v) => String(v)),
      limits: limitsOf(schema),
      file: isFileSchema(schema) || (items !== null && isFileSchema(items)),
      recursive,
      children: recursive ? [] : schemaFields(doc, prop, inside, depth + 1),
    };
  });
}

/** An operation's path and query parameters, references followed. */
export function parametersOf(doc: OpenApiDocument, op: OpenApiOperation): OpenApiParameter[] {
  return (op.parameters ?? [])
    .map((p) => deref<OpenApiParameter>(doc, p))
    .filter((p): p is OpenApiParameter => !!p && (p.in === 'path' || p.in === 'query' || p.in === 'header'));
}

export interface RequestBody {
  mediaType: string;
  media: MediaType;
  required: boolean;
  description: string | null;
  /** The body's named schema, e.g. `OfferCreate`. */
  title: string | undefined;
}

/** The request body, once per content type it may be sent as (JSON first). */
export function requestBodiesOf(doc: OpenApiDocument, op: OpenApiOperation): RequestBody[] {
  const body = deref<Exclude<OpenApiOperation['requestBody'], Ref | undefined>>(doc, op.requestBody);
  if (!body?.content) return [];
  return Object.entries(body.content)
    .sort(([a], [b]) => Number(b === 'application/json') - Number(a === 'application/json'))
    .map(([mediaType, media]) => ({
      mediaType,
      media,
      required: body.required ?? false,
      description: sentence(body.description),
      title: schemaTitle(doc, media.schema) ?? (body.description && !sentence(body.description) ? body.description : undefined),
    }));
}

export interface ResponseHeader {
  name: string;
  description: string | null;
  type: string;
}

export interface ResponseInfo {
  status: string;
  description: string | null;
  /** Each media type the body may have (several for an image); none for 204. */
  mediaTypes: string[];
  /** The JSON body's schema when there is one, else the first media type's. */
  media: MediaType | undefined;
  headers: ResponseHeader[];
  error: boolean;
}

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** Every response, in status order, with its media types, headers and schema. */
export function responsesOf(doc: OpenApiDocument, op: OpenApiOperation): ResponseInfo[] {
  return Object.entries(op.responses ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, raw]) => {
      const response = deref<OpenApiResponse>(doc, raw) ?? {};
      const content = response.content ?? {};
      const mediaTypes = Object.keys(content);
      const jsonType = mediaTypes.find(isJson);
      return {
        status,
        description: response.description && response.description !== 'Default Response' ? response.description : null,
        mediaTypes,
        media: content[jsonType ?? mediaTypes[0] ?? ''],
        headers: Object.entries(response.headers ?? {}).map(([name, h]) => {
          const header = deref<OpenApiHeader>(doc, h) ?? {};
          return { name, description: header.description ?? null, type: header.schema ? typeLabel(doc, header.schema) : 'string' };
        }),
        error: /^[45]/.test(status) || status === 'default',
      };
    });
}

export interface SecurityOption {
  /** The scheme's name in the document: `bearer`, `apiKey`. */
  name: string;
  label: string;
  /** How it is sent: `Authorization: Bearer <token>`, `X-API-Key header`. */
  how: string;
  scheme: SecurityScheme | undefined;
}

/** What a scheme is to a reader: a session token, an API key, … */
function schemeLabel(name: string, scheme: SecurityScheme | undefined): { label: string; how: string } {
  if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer')
    return { label: 'Session token', how: `Authorization: Bearer <${scheme.bearerFormat === 'JWT' ? 'token' : 'credential'}>` };
  if (scheme?.type === 'apiKey') return { label: 'API key', how: `${scheme.name ?? 'key'} ${scheme.in ?? 'header'}` };
  if (scheme?.type === 'http') return { label: `HTTP ${scheme.scheme ?? ''}`.trim(), how: 'Authorization header' };
  return { label: name, how: scheme?.type ?? '' };
}

/**
 * The ways an operation may be authenticated, any one of them sufficing (the operation's own `security`, else the
 * document's); an empty list means anyone may call it.
 */
export function securityOf(doc: OpenApiDocument, op: OpenApiOperation): SecurityOption[] {
  const requirements = op.security ?? doc.security ?? [];
  const names = [...new Set(requirements.flatMap((r) => Object.keys(r)))];
  return names.map((name) => {
    const scheme = doc.components?.securitySchemes?.[name];
    return { name, ...schemeLabel(name, scheme), scheme };
  });
}

/** The API's base path from the document's first server (`/api/v1`), under the address the page was loaded from. */
export function apiBase(doc: OpenApiDocument, origin: string): string {
  const url = doc.servers?.[0]?.url ?? '/api/v1';
  if (/^https?:\/\//.test(url)) return url.replace(/\/$/, '');
  return `${origin}${url.startsWith('/') ? url : `/${url}`}`.replace(/\/$/, '');
}
