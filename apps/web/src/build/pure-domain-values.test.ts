import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { pureDomainValues } from '../../vite.config.ts';

const pure = (code: string) => pureDomainValues(code, parseSync('domain.js', code).program as never);

describe('pureDomainValues (the web build drops the domain values no page uses)', () => {
  it('marks each top-level const initialiser, exported or not, as a pure call', () => {
    const code = `// § 7 — the offsets count characters, not bytes
const base = z.object({ a: z.string() }).meta({ id: 'Base' });
export const wide = base.extend({ b: z.number() }), labels = { x: 'X' };`;
    expect(pure(code)).toBe(`// § 7 — the offsets count characters, not bytes
const base = /* @__PURE__ */ (() => (z.object({ a: z.string() }).meta({ id: 'Base' })))();
export const wide = /* @__PURE__ */ (() => (base.extend({ b: z.number() })))(), labels = /* @__PURE__ */ (() => ({ x: 'X' }))();`);
  });

  it('leaves literals, aliases, functions, lets and statements alone', () => {
    const code = `export const LIMIT = 20;
export const alias = LIMIT;
export const f = () => 1;
export function g() { return z.string(); }
let counter = next();
labels.extra = 'Extra';`;
    expect(pure(code)).toBe(code);
  });
});
