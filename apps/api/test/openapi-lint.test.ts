import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type LintProblem, lintOpenApi, unaccepted } from './openapi-lint.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The problems as a report a person can work from, grouped by rule (OPENAPI_LINT_FILTER=word keeps those whose place has it). */
function report(problems: LintProblem[]): string {
  const byRule = new Map<string, LintProblem[]>();
  for (const p of problems) byRule.set(p.rule, [...(byRule.get(p.rule) ?? []), p]);
  return [...byRule]
    .map(
      ([rule, list]) =>
        `${rule} (${list.length})\n${list.map((p) => `  ${p.severity} ${p.pointer.replace(/~1/g, '/')}: ${p.message}`).join('\n')}`,
    )
    .join('\n');
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended ruleset, but for the problems accepted with a reason", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode, res.body.slice(0, 2000)).toBe(200);
    const doc = res.json();
    const filter = process.env.OPENAPI_LINT_FILTER?.toLowerCase();
    const problems = unaccepted(await lintOpenApi(doc)).filter((p) => !filter || p.pointer.toLowerCase().includes(filter));
    expect(problems, report(problems)).toEqual([]);
  });
});

type Schema = {
  $ref?: string;
  examples?: unknown[];
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  maximum?: number;
};
type Media = { schema?: Schema; example?: unknown; examples?: unknown };
type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; description?: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
};

describe('the conventions of every operation', () => {
  let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
  let operations: [string, Operation][];
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([m, op]): [string, Operation] => [`${m.toUpperCase()} ${path}`, op]),
    );
    // OPENAPI_LINT_FILTER=word keeps the operations whose method and path contain it, as for the ruleset above.
    const filter = process.env.OPENAPI_LINT_FILTER?.toLowerCase();
    if (filter) operations = operations.filter(([where]) => where.toLowerCase().includes(filter));
  });

  const resolve = (s: Schema | undefined): Schema | undefined =>
    s?.$ref ? resolve(doc.components.schemas[s.$ref.replace('#/components/schemas/', '')]) : s;
  /** Whether a body of this schema has an example an integrator sees: its own, or its `data` item's named schema's. */
  const exemplified = (s: Schema | undefined, depth = 0): boolean => {
    const r = resolve(s);
    if (!r || depth > 4) return false;
    if (r.examples?.length) return true;
    if (r.items) return exemplified(r.items, depth + 1);
    if (r.properties?.data) return exemplified(r.properties.data, depth + 1);
    const branches = r.anyOf ?? r.oneOf ?? r.allOf;
    return branches ? branches.some((b) => exemplified(b, depth + 1)) : false;
  };

  it('describes every parameter and every response', () => {
    const missing = operations.flatMap(([where, op]) => [
      ...(op.parameters ?? []).filter((p) => !p.description?.trim()).map((p) => `${where}: parameter ${p.in} ${p.name}`),
      ...Object.entries(op.responses ?? {})
        .filter(([, r]) => !r.description?.trim() || r.description === 'Default Response')
        .map(([status]) => `${where}: response ${status}`),
    ]);
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('gives every JSON request and success response an example', () => {
    const missing = operations.flatMap(([where, op]) => {
      const out: string[] = [];
      const body = op.requestBody?.content?.['application/json'];
      if (body && !body.example && !body.examples && !exemplified(body.schema)) out.push(`${where}: request body`);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const json = response.content?.['application/json'];
        if (/^2/.test(status) && json && !json.example && !json.examples && !exemplified(json.schema))
          out.push(`${where}: response ${status}`);
      }
      return out;
    });
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('pages every list, creates with 201 and deletes with 204', () => {
    const broken = operations.flatMap(([where, op]) => {
      const out: string[] = [];
      const success = Object.keys(op.responses ?? {}).filter((s) => /^2/.test(s));
      const json = resolve(op.responses?.['200']?.content?.['application/json']?.schema);
      if (resolve(json?.properties?.data)?.type === 'array') {
        if (!json?.properties?.meta) out.push(`${where}: a list without meta`);
        const names = new Set((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
        if (!names.has('page') || !names.has('limit')) out.push(`${where}: a list without page and limit`);
        const limit = (op.parameters ?? []).find((p) => p.name === 'limit');
        if ((limit?.schema?.maximum ?? Infinity) > 100) out.push(`${where}: limit above 100`);
      }
      if (where.startsWith('DELETE') && success.join() !== '204') out.push(`${where}: a delete answering ${success.join(', ')}`);
      if (success.includes('201') && !where.startsWith('POST') && !where.startsWith('PUT')) out.push(`${where}: 201 on a non-create`);
      return out;
    });
    expect(broken, broken.join('\n')).toEqual([]);
  });
});
