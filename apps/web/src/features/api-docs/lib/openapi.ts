/** Reading the server's OpenAPI 3.1 document into what the docs pages show. */

interface JsonSchema {
  $ref?: string;
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
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

interface Endpoint {
  id: string;
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

/** groupId is the tag's slug; endpointId the method and the path's slug (`get-tenant-id-api-keys`). */
export const endpointId = (method: string, path: string) => `${method}-${slugify(path)}`;

/** The endpoints by tag, in the document's tag order; untagged ones last under 'Other'. */
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
      groups.get(tag)!.endpoints.push({ id: endpointId(method, path), method, path, operation });
    }
  }
  return [...groups.values()].filter((g) => g.endpoints.length > 0);
}

export function findEndpoint(groups: EndpointGroup[], groupId: string, id: string): { group: EndpointGroup; endpoint: Endpoint } | null {
  const group = groups.find((g) => g.id === groupId);
  const endpoint = group?.endpoints.find((e) => e.id === id);
  return group && endpoint ? { group, endpoint } : null;
}

/** Follows `#/components/schemas/…` references (a few levels: the document has no cycles deeper than that). */
function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
  if (!schema?.$ref || depth > 10) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(doc, doc.components?.schemas?.[name], depth + 1);
}

const refName = (schema: JsonSchema | undefined) => schema?.$ref?.split('/').pop();

/** The server names its shared schemas through their description (`ApiKey`): that reads as a type, not a sentence. */
const SCHEMA_NAME = /^[A-Z][A-Za-z0-9]*$/;
const schemaName = (schema: JsonSchema) => (schema.description && SCHEMA_NAME.test(schema.description) ? schema.description : undefined);
const sentence = (text: string | undefined) => (text && !SCHEMA_NAME.test(text) ? text : null);

/** Drops the `null` branch of a nullable schema, telling whether there was one. */
export function unwrapNullable(doc: OpenApiDocument, raw: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const schema = resolve(doc, raw) ?? {};
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const rest = branches.filter((b) => resolve(doc, b)?.type !== 'null');
    if (rest.length === 1 && rest.length < branches.length)
      return { schema: { ...resolve(doc, rest[0]), description: schema.description ?? rest[0]!.description }, nullable: true };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((t) => t !== 'null');
    return { schema: { ...schema, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema, nullable: false };
}

/** A short, readable type: `string (date-time)`, `array of ApiKey`, `string | number`, with `| null` when nullable. */
export function typeLabel(doc: OpenApiDocument, raw: JsonSchema): string {
  const { schema, nullable } = unwrapNullable(doc, raw);
  let label: string;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) label = branches.map((b) => typeLabel(doc, b)).join(' | ');
  else if (schema.const !== undefined) label = JSON.stringify(schema.const);
  else if (schema.type === 'array') label = `array of ${refName(schema.items) ?? typeLabel(doc, schema.items ?? {})}`;
  else if (Array.isArray(schema.type)) label = schema.type.join(' | ');
  else if (schema.type === 'object' || schema.properties) label = schemaName(schema) ?? 'object';
  else label = schema.type ?? 'any';
  if (schema.format) label += ` (${schema.format})`;
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
  children: SchemaField[];
}

/** The object (or array of objects) a schema describes, if any: its fields get a nested table. */
function objectOf(doc: OpenApiDocument, raw: JsonSchema): JsonSchema | null {
  const { schema } = unwrapNullable(doc, raw);
  if (schema.properties) return schema;
  if (schema.allOf)
    return {
      properties: Object.assign({}, ...schema.allOf.map((s) => resolve(doc, s)?.properties ?? {})),
      required: schema.allOf.flatMap((s) => resolve(doc, s)?.required ?? []),
    };
  if (schema.type === 'array' && schema.items) return objectOf(doc, schema.items);
  return null;
}

/** The fields of an object schema, nested objects and arrays of objects included (depth-limited). */
export function schemaFields(doc: OpenApiDocument, raw: JsonSchema | undefined, depth = 0): SchemaField[] {
  const object = raw && objectOf(doc, raw);
  if (!object?.properties || depth > 6) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).map(([name, prop]) => {
    const { schema } = unwrapNullable(doc, prop);
    const values = schema.enum ?? (schema.type === 'array' ? unwrapNullable(doc, schema.items ?? {}).schema.enum : undefined);
    return {
      name,
      type: typeLabel(doc, prop),
      required: required.has(name),
      description: sentence(schema.description) ?? sentence(resolve(doc, prop)?.description),
      enumValues: (values ?? []).map((v) => String(v)),
      limits: limitsOf(schema),
      children: schemaFields(doc, prop, depth + 1),
    };
  });
}

/** The JSON schema of a request body or response, if it has one. */
export const jsonSchemaOf = (content: Record<string, { schema?: JsonSchema }> | undefined) =>
  content?.['application/json']?.schema ?? Object.values(content ?? {})[0]?.schema;

/** A curl command for an endpoint, with path parameters left as {placeholders}. */
export function curlExample(origin: string, endpoint: Endpoint, apiKey: string, doc: OpenApiDocument): string {
  const lines = [`curl -X ${endpoint.method.toUpperCase()} '${origin}/api/v1${endpoint.path}'`, `  -H 'Authorization: Bearer ${apiKey}'`];
  const body = jsonSchemaOf(endpoint.operation.requestBody?.content);
  if (body) {
    const example = Object.fromEntries(
      schemaFields(doc, body)
        .filter((f) => f.required)
        .map((f) => [f.name, exampleValue(f)]),
    );
    lines.push(`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(example)}'`);
  }
  return lines.join(' \\\n');
}

function exampleValue(field: SchemaField): unknown {
  if (field.enumValues[0]) return field.enumValues[0];
  if (field.type.startsWith('number') || field.type.startsWith('integer')) return 0;
  if (field.type.startsWith('boolean')) return true;
  if (field.type.startsWith('array')) return [];
  if (field.type.startsWith('object')) return {};
  return '…';
}

interface ResponseGroup {
  statuses: string[];
  description: string | null;
  schema: JsonSchema | undefined;
}

/** Responses sharing one schema (the error envelope of 400, 401, 403, 404…) are shown once. */
export function groupResponses(operation: OpenApiOperation): ResponseGroup[] {
  const groups = new Map<string, ResponseGroup>();
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const schema = jsonSchemaOf(response.content);
    const description = response.description && response.description !== 'Default Response' ? response.description : null;
    const key = `${description}|${JSON.stringify(schema ?? null)}`;
    const group = groups.get(key);
    if (group) group.statuses.push(status);
    else groups.set(key, { statuses: [status], description, schema });
  }
  return [...groups.values()];
}
