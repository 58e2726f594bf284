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
