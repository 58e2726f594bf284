import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The boundary rule of eslint.config.js (issue #15, item 2), run through ESLint's Node API on sample files that do not
// exist: a module reaches another module only through its index.ts.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/api/src/modules/${filePath}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries lint rule', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: repoRoot });
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
