import { describe, expect, it } from 'vitest';
import { stripSchemaDocs } from '../../vite.config.ts';

describe('stripSchemaDocs (the web build cuts what only the OpenAPI document reads)', () => {
  it("empties a schema's examples and description, joined strings included, and keeps its id", () => {
    const code = `const a = z.object({ name: z.string() }).meta({
  id: 'Thing',
  description: 'One thing, ' +
    "with a quote ' inside",
  examples: [{ name: 'x]' }],
});`;
    expect(stripSchemaDocs(code)).toBe(`const a = z.object({ name: z.string() }).meta({
  id: 'Thing',
  description: '',
  examples: [],
});`);
  });

  it('leaves descriptions outside .meta() (data the app shows) and JSON Schema objects inside it alone', () => {
    const code = `export const labels = { description: 'Shown on the page' };
const b = z.string().meta({ id: 'B', if: { properties: { description: { const: 'x' } } }, description: \`T \${x}\` });`;
    expect(stripSchemaDocs(code)).toBe(code);
  });

  it('drops a .describe() of a string, joined strings included, and keeps one of anything else', () => {
    const code = `const c = z.object({ id: objectId.describe('The id'), at: z.string()
  .describe("When, " +
    'in UTC') });
const d = z.string().describe(text);`;
    expect(stripSchemaDocs(code)).toBe(`const c = z.object({ id: objectId, at: z.string()
   });
const d = z.string().describe(text);`);
  });
});
