import { BaseResolver, createConfig, lintDocument, makeDocumentFromString } from '@redocly/openapi-core';

/** A problem Redocly's recommended ruleset found, with where it is. */
export interface LintProblem {
  rule: string;
  severity: 'error' | 'warn';
  message: string;
  pointer: string;
}

/**
 * Problems the project accepts, each with its reason: `rule` and, when it applies to one place, a pointer prefix.
 * Anything else Redocly reports fails `npm test`.
 */
export const ACCEPTED: { rule: string; pointer?: string; why: string }[] = [];

/** Lints an OpenAPI document with Redocly's recommended ruleset (what `redocly lint` runs by default). */
export async function lintOpenApi(doc: unknown): Promise<LintProblem[]> {
  const config = await createConfig({
    extends: ['recommended'],
    rules: {
      // Redocly checks examples as if every object were closed, including the `then` of a conditional (which lists only
      // the fields it adds), so a complete, valid example fails there. test/request-schemas.test.ts validates every
      // example against its real schema with ajv instead, extra properties included.
      'no-invalid-schema-examples': { severity: 'warn', allowAdditionalProperties: true },
    },
  });
  const document = makeDocumentFromString(JSON.stringify(doc), '/openapi.json');
  const problems = await lintDocument({ document, config, externalRefResolver: new BaseResolver() });
  return problems.map((p) => ({
    rule: p.ruleId,
    severity: p.severity === 'error' ? 'error' : 'warn',
    message: p.message,
    pointer: p.location[0]?.pointer ?? '',
  }));
}

/** The problems not accepted in ACCEPTED. */
export function unaccepted(problems: LintProblem[]): LintProblem[] {
  return problems.filter((p) => !ACCEPTED.some((a) => a.rule === p.rule && (!a.pointer || p.pointer.startsWith(a.pointer))));
}
