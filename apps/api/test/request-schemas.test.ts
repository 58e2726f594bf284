import { errorEnvelope, newObjectId } from '@tessera/domain';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/plugins/route-table.ts';
import {
  admittedCaller,
  callerHeaders,
  entityValues,
  isolationContext,
  keepSignedIn,
  type IsolationContext,
} from '../src/security/isolation.registry.ts';
import { apiRoutes, routeName, sampleRequest, WALK_TIMEOUT_MS } from '../src/security/security.test-helpers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/**
 * The contract's request side: a body the published document says is valid must not be refused for validation. Each
 * operation with a JSON body is sent the examples of its body's schema and bodies generated from that schema (all
 * fields, then the required ones only), each checked with ajv first, by a caller its access admits, on real entities
 * of the caller's tenant. A refusal for what the body names (an id of nothing, a parent that would make a cycle) is
 * about the data, not the shape: those rules are listed below, each with why no schema can state it.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  examples?: unknown[];
  additionalProperties?: Schema | boolean;
  propertyNames?: Schema;
  if?: Schema;
  then?: Schema;
  else?: Schema;
};
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema; examples?: Record<string, { value: unknown }> }> } };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** Refusals that depend on the entities a body names, on what is stored or on the clock: no request schema can state them. */
const DATA_RULES: RegExp[] = [
  // An id must name one of the caller's own entities, and a parent must not make a cycle.
  /not one of your|Choose one of your|one of your own|its own (parent|ancestor)|own ancestor/i,
  /must be an active member/i,
  // A share of 100% across all owners, the stored ones included.
  /together cannot exceed 100%/i,
  // The stored country decides what the state may be.
  /Choose the country of organization before the state/i,
  /must be in the future/i,
  // Issue #20: a workflow's offer must be one the caller may see, and a step's data is checked with the schema of the
  // step the path names (investmentStepData), against the offer's documents and classes and the caller's passport.
  /^body\.config\.offer: No such offer$/,
  /^body\.data\./,
];

/** Whether each part of a validation message ("body.x: text; …") is a rule the published schema states in words. */
function statedIn(schemaText: string, message: string): boolean {
  return message.split('; ').every((part) => schemaText.includes(part.replace(/^[\w.]+: /, '')));
}

const DOC_ID = 'https://tessera.invalid/openapi.json';
const pointer = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
/** The document's path of a route: /api/v1/document/:id → /document/{id}. */
const docPath = (url: string) => url.replace(/^\/api\/v1/, '').replace(/:(\w+)/g, '{$1}');

let t: TestApp;
let ctx: IsolationContext;
let doc: Document;
let ajv: Ajv2020;

beforeAll(async () => {
  t = await buildTestApp();
  ctx = await isolationContext(t);
  doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as Document;
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
});
afterAll(async () => {
  await t?.close();
});

const validators = new Map<string, ValidateFunction>();
function validatorAt(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOC_ID}${ref}` });
    validators.set(ref, validate);
  }
  return validate;
}
const problems = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`.trim()).join('; ');

/** The schema as text, its references followed: where a rule stated in words is looked for. */
function textOf(schema: unknown, seen = new Set<string>()): string {
  return JSON.stringify(schema, (key, value: unknown) => {
    if (key !== '$ref' || typeof value !== 'string' || seen.has(value)) return value;
    seen.add(value);
    return textOf(resolve({ $ref: value }), seen);
  });
}

function resolve(schema: Schema | undefined): Schema {
  let at = schema ?? {};
  while (at.$ref) at = doc.components?.schemas?.[at.$ref.replace('#/components/schemas/', '')] ?? {};
  return at;
}

let emails = 0;
function sampleString(s: Schema, key: string): string {
  if (s.format === 'email' || /email/i.test(key)) return `schema-${Date.now().toString(36)}-${++emails}@example.com`;
  if (s.format === 'date-time') return '2030-05-01T09:30:00.000Z';
  if (s.format === 'date') return '2030-05-01';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/x';
  if (s.format === 'uuid') return crypto.randomUUID();
  const id = newObjectId();
  if (s.pattern && new RegExp(s.pattern, 'u').test(id)) return id;
  const length = Math.max(s.minLength ?? 1, 1);
  const candidates = [
    ...['Sample text', 'x'.repeat(length), 'x-1', '1'.repeat(length), '+14155550123', '#1a3a65', 'https://example.com/x'],
    ...['12-3456789', '123-45-6789', '1234567890'],
  ];
  return (
    candidates.find(
      (c) => c.length >= (s.minLength ?? 0) && c.length <= (s.maxLength ?? Infinity) && (!s.pattern || new RegExp(s.pattern, 'u').test(c)),
    ) ?? 'x'.repeat(length)
  );
}

/** A value the schema accepts: every property (`all`) or the required ones, the first enum value, a non-null option. */
function sample(schema: Schema | undefined, all: boolean, key = ''): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.examples?.length) return s.examples[0];
  const options = s.anyOf ?? s.oneOf;
  if (options && !s.properties) return sample(options.find((o) => resolve(o).type !== 'null') ?? options[0], all, key);
  if (s.default !== undefined) return s.default;
  const type = [s.type].flat().find((x) => x !== 'null') ?? (s.properties || s.allOf ? 'object' : undefined);
  switch (type) {
    case 'object':
      return sampleObject(s, all);
    case 'array':
      return s.prefixItems
        ? s.prefixItems.map((item) => sample(item, all, key))
        : Array.from({ length: Math.max(s.minItems ?? 0, all ? 1 : 0) }, () => sample(s.items, all, key));
    case 'string':
      return sampleString(s, key);
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case undefined:
      return 'x';
  }
}

/** An object's fields, with those its `allOf` parts add (an `if`/`then`/`else` part adds the branch the sample takes). */
function sampleObject(s: Schema, all: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const add = (part: Schema) => {
    for (const k of all ? Object.keys(part.properties ?? {}) : []) out[k] ??= sample(part.properties?.[k], all, k);
    for (const k of part.required ?? []) if (out[k] === undefined) out[k] = sample(part.properties?.[k] ?? s.properties?.[k], all, k);
  };
  add(s);
  // Of alternatives (one of subject or subjectEmail), the first, without what only the others need.
  const [first, ...others] = s.oneOf ?? s.anyOf ?? [];
  if (first) {
    add(first);
    for (const k of others.flatMap((o) => o.required ?? [])) if (!first.required?.includes(k) && s.oneOf) delete out[k];
  }
  for (const part of s.allOf ?? []) {
    if (!part.if) add(part);
    else {
      const matches = Object.entries(part.if.properties ?? {}).every(([k, rule]) => rule.const === undefined || out[k] === rule.const);
      const branch = matches ? part.then : part.else;
      if (branch) add(branch);
    }
  }
  return out;
}

/** Drops the optional top-level fields ajv names until the body is valid (a generated value the generator cannot meet). */
function validBody(body: unknown, schema: Schema, validate: ValidateFunction): unknown {
  let candidate = structuredClone(body) as Record<string, unknown>;
  const required = new Set(resolve(schema).required ?? []);
  for (let round = 0; round < 20 && !validate(candidate); round++) {
    const fields = new Set((validate.errors ?? []).map((e) => e.instancePath.split('/')[1]).filter((f): f is string => Boolean(f)));
    const droppable = [...fields].filter((f) => !required.has(f) && f in candidate);
    if (droppable.length === 0) return null;
    candidate = Object.fromEntries(Object.entries(candidate).filter(([k]) => !droppable.includes(k)));
  }
  return validate(candidate) ? candidate : null;
}

interface BodyCase {
  route: RouteEntry;
  what: string;
  body: unknown;
  schemaText: string;
}

/** The JSON body operations: their examples, and generated bodies that the published schema accepts. */
function bodyCases(routes: readonly RouteEntry[]): { cases: BodyCase[]; invalid: string[] } {
  const cases: BodyCase[] = [];
  const invalid: string[] = [];
  for (const route of routes) {
    const path = docPath(route.url);
    const method = route.method.toLowerCase();
    const content = doc.paths[path]?.[method]?.requestBody?.content?.['application/json'];
    if (!content?.schema) continue;
    const validate = validatorAt(pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema'));
    const schemaText = textOf(content.schema);
    const examples = [...(resolve(content.schema).examples ?? []), ...Object.values(content.examples ?? {}).map((e) => e.value)];
    examples.forEach((example, i) => {
      if (validate(example)) cases.push({ route, what: `example ${i + 1}`, body: example, schemaText });
      else invalid.push(`${routeName(route)} example ${i + 1}: ${problems(validate)}`);
    });
    for (const all of [true, false]) {
      const body = validBody(sample(content.schema, all), content.schema, validate);
      if (body !== null) cases.push({ route, what: all ? 'generated, every field' : 'generated, required fields', body, schemaText });
    }
  }
  return { cases, invalid };
}

describe('the published request schemas', () => {
  it('hold valid examples: every example of a named schema validates against it', () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      const validate = validatorAt(pointer('components', 'schemas', name));
      for (const [i, example] of (schema.examples ?? []).entries()) {
        checked++;
        if (!validate(example)) failures.push(`${name} example ${i + 1}: ${problems(validate)}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it(
    'accept no body the server then refuses for validation',
    async () => {
      // Writes that end the caller's session or remove what later calls need run last.
      const routes = apiRoutes(t.app)
        .filter((r) => r.consumes.length === 0 && ['POST', 'PUT', 'PATCH'].includes(r.method))
        .sort((a, b) => Number(/password|signout|archive|suspend/.test(a.url)) - Number(/password|signout|archive|suspend/.test(b.url)));
      const givens = await entityValues(ctx, routes);
      const { cases, invalid } = bodyCases(routes);
      const refused: string[] = [];
      for (const { route, what, body, schemaText } of cases) {
        const caller = admittedCaller(route);
        // The path and any query the route requires (an evaluator's token) as the other suites sample them: only the body is on trial.
        const { url } = sampleRequest(route, givens.get(route));
        const send = () => t.app.inject({ method: route.method, url, payload: body as object, headers: callerHeaders(ctx, caller) });
        let res = await send();
        if (res.statusCode === 401 && caller !== 'anonymous') {
          // An earlier call ended the session (a password change, a sign-out): sign in again and retry.
          await keepSignedIn(ctx, caller, res);
          res = await send();
        }
        if (res.statusCode !== 400) continue;
        const { error } = errorEnvelope.parse(res.json());
        if (error.type !== 'validation' || DATA_RULES.some((rule) => rule.test(error.message)) || statedIn(schemaText, error.message))
          continue;
        refused.push(`${routeName(route)} [${what}] ${JSON.stringify(body).slice(0, 300)}\n    → ${error.message}`);
      }
      const uncovered = routes.filter(
        (r) => cases.every((c) => c.route !== r) && doc.paths[docPath(r.url)]?.[r.method.toLowerCase()]?.requestBody,
      );
      const report = [
        refused.length ? `Bodies valid per the published schema but refused for validation:\n${refused.join('\n')}` : '',
        invalid.length ? `Examples the published schema itself refuses:\n${invalid.join('\n')}` : '',
        uncovered.length ? `(No valid body could be made for: ${uncovered.map(routeName).join(', ')})` : '',
      ]
        .filter(Boolean)
        .join('\n\n');
      expect([...refused, ...invalid], report).toEqual([]);
      expect(cases.length).toBeGreaterThan(50);
      expect(uncovered.map(routeName), report).toEqual([]);
      expect(new Set(cases.map((c) => c.route)).size).toBeGreaterThan(40);
    },
    WALK_TIMEOUT_MS,
  );
});
