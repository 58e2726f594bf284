import { readFileSync } from 'node:fs';
import { fontFamily } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { loaders } from './font-loaders.ts';

const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const dependencies = Object.keys((JSON.parse(source('../../../package.json')) as { dependencies: Record<string, string> }).dependencies);
/** Fontsource's package of a family: 'IBM Plex Sans' → @fontsource/ibm-plex-sans. */
const packageOf = (family: string) => `@fontsource/${family.toLowerCase().replace(/ /g, '-')}`;

describe('the fonts branding offers (issue #17)', () => {
  it('each ship with the app: Roboto in the first chunk, every other through its own @fontsource import', async () => {
    const main = source('../../main.tsx');
    const table = source('./font-loaders.ts');
    for (const family of fontFamily.options) {
      expect(dependencies, family).toContain(packageOf(family));
      if (family === 'Roboto') {
        expect(main).toContain(`import '${packageOf(family)}/`);
        continue;
      }
      const loader = loaders[family];
      expect(loader, family).toBeTypeOf('function');
      expect(table, family).toContain(`import('${packageOf(family)}/`);
      // The imports resolve: the faces are installed, not only named.
      await expect(loader()).resolves.not.toHaveLength(0);
    }
  });
});
