import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.ts';

// The boundary rule of eslint.config.js (issue #15, item 2), run through ESLint's Node API on sample files that do not
// exist: a module reaches another module only through its index.ts.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

async function boundaryErrors(filePath: string, code: string, folder = 'modules/'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/api/src/${folder}${filePath}` });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries lint rule', () => {
  beforeAll(() => {
    // Only the rule under test runs, without type information: the sample files exist in no TypeScript project.
    eslint = new ESLint({
      cwd: repoRoot,
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
      overrideConfig: { languageOptions: { parserOptions: { project: false, projectService: false } } },
    });
  });

  it("fails on a module importing another module's repository", async () => {
    const errors = await boundaryErrors('offers/sample.ts', "import { findMember } from '../tenants/tenant-members.repository.ts';\n");
    expect(errors).toEqual([expect.stringContaining("public face, '../<module>/index.ts'")]);
  });

  it("fails on another module's service, a path through modules/, and a re-export", async () => {
    const code = [
      "import { invite } from '../auth/auth.service.ts';",
      "import { findUserById } from '../../modules/users/users.repository.ts';",
      "export { recordEvent } from '../timeline/timeline.service.ts';",
      'export const used = [invite, findUserById];',
    ].join('\n');
    expect(await boundaryErrors('members/sample.ts', code)).toHaveLength(3);
  });

  it("allows another module's index.ts, the module's own files and shared code", async () => {
    const code = [
      "import { findMember } from '../tenants/index.ts';",
      "import { findOffer } from './offers.repository.ts';",
      "import { notFound } from '../../lib/app-error.ts';",
      'export const used = [findMember, findOffer, notFound];',
    ].join('\n');
    expect(await boundaryErrors('offers/sample.ts', code)).toEqual([]);
  });

  it("lets tests, and only tests, use another module's test helpers", async () => {
    const code = "import { PNG } from '../documents/documents.test-helpers.ts';\nexport const used = PNG;\n";
    expect(await boundaryErrors('offers/sample.test.ts', code)).toEqual([]);
    expect(await boundaryErrors('offers/sample.ts', code)).toHaveLength(1);
    const repository = "import { findMember } from '../tenants/tenant-members.repository.ts';\nexport const used = findMember;\n";
    expect(await boundaryErrors('offers/sample.test.ts', repository)).toHaveLength(1);
  });
});

describe('the rest of the API', () => {
  it('reaches a module only through its index.ts; app.ts also through its routes', async () => {
    const repository = "import { toTenantPublic } from '../modules/tenants/tenants.repository.ts';\nexport const used = toTenantPublic;\n";
    expect(await boundaryErrors('web-shell/sample.ts', repository, '')).toEqual([
      expect.stringContaining("public face, 'modules/<module>/index.ts'"),
    ]);
    const face = "import { toTenantPublic } from '../modules/tenants/index.ts';\nexport const used = toTenantPublic;\n";
    expect(await boundaryErrors('web-shell/sample.ts', face, '')).toEqual([]);
    const routes = "import { offersRoutes } from './modules/offers/offers.routes.ts';\nexport const used = offersRoutes;\n";
    expect(await boundaryErrors('app-sample.ts', routes, '')).toEqual([]);
    const service = "import { verifyApiKey } from './modules/api-keys/api-keys.service.ts';\nexport const used = verifyApiKey;\n";
    expect(await boundaryErrors('app-sample.ts', service, '')).toHaveLength(1);
  });
});

describe('table owners', () => {
  // One module owns each table: the only one whose code inserts, updates or deletes its rows. Others call the owner's
  // public face (its index.ts), in their own transaction when they pass theirs.
  it('has one module writing each table', async () => {
    const tables = new Set(
      Object.entries(schema)
        .filter(([, value]) => is(value, PgTable))
        .map(([name]) => name),
    );
    const modulesDir = fileURLToPath(new URL('../src/modules/', import.meta.url));
    const writers = new Map<string, Set<string>>();
    for (const file of await readdir(modulesDir, { recursive: true })) {
      if (!file.endsWith('.ts') || /\.test(-helpers)?\.ts$/.test(file)) continue;
      const source = await readFile(modulesDir + file, 'utf8');
      for (const [, table] of source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
        if (!tables.has(table!)) continue;
        writers.set(table!, (writers.get(table!) ?? new Set()).add(file.split('/')[0]!));
      }
    }
    const shared = [...writers].filter(([, owners]) => owners.size > 1).map(([table, owners]) => `${table}: ${[...owners].join(', ')}`);
    expect(shared).toEqual([]);
    // The scan finds the writes it looks for (a table written by one module only).
    expect([...(writers.get('tenantMembers') ?? [])]).toEqual(['tenants']);
  });
});
