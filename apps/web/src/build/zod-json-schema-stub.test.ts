import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { exportedNames, zodJsonSchemaStub } from '../../vite.config.ts';

// The package's exports map does not list its internal modules: they are read from its folder.
const zodDir = dirname(createRequire(import.meta.url).resolve('zod'));

describe('zodJsonSchemaStub (the web build leaves out what writes JSON Schema)', () => {
  it.each(['to-json-schema.js', 'json-schema-processors.js'])('stands in for every export of zod/v4/core/%s', async (name) => {
    const file = join(zodDir, 'v4/core', name);
    const names = exportedNames(parseSync(file, readFileSync(file, 'utf8')).program as never);
    const real = Object.keys((await import(/* @vite-ignore */ pathToFileURL(file).href)) as object);
    expect(names.toSorted()).toEqual(real.toSorted());
  });

  it('throws when used, and its method factories hand out functions that throw', () => {
    // The stub's `export const`s, run as a script.
    const script = zodJsonSchemaStub(['toJSONSchema', 'createStandardJSONSchemaMethod']).replace(/^export const (\w+) =/gm, 'stub.$1 =');
    const stub = new Function(`const stub = {};\n${script}\nreturn stub;`)() as Record<string, () => () => void>;
    expect(() => stub.toJSONSchema?.()).toThrow('JSON Schema is left out of the web build');
    const method = stub.createStandardJSONSchemaMethod?.();
    expect(typeof method).toBe('function');
    expect(() => method?.()).toThrow('JSON Schema is left out of the web build');
  });
});
