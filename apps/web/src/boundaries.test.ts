import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The web feature-boundary rule of eslint.config.js (issue #15, item 3), run through ESLint's Node API on sample files
// that do not exist: a feature reaches another only through its index.ts, shared code never imports features or app.
const repoRoot = `${resolve(fileURLToPath(import.meta.url), '../../../..')}/`;
let eslint: ESLint;

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${filePath}` });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('web feature boundaries lint rule', () => {
  beforeAll(() => {
    // Only the rule under test runs, without type information: the sample files exist in no TypeScript project.
    eslint = new ESLint({
      cwd: repoRoot,
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
      overrideConfig: { languageOptions: { parserOptions: { project: false, projectService: false } } },
    });
  });

  it("fails on a feature importing another feature's internals", async () => {
    const code = "import { useMembers } from '../../members/api/list-members.ts';\nexport const used = useMembers;\n";
    expect(await boundaryErrors('features/groups/components/sample.tsx', code)).toEqual([
      expect.stringContaining("'features/<name>/index.ts'"),
    ]);
  });

  it('fails at any depth, through features/, and on a re-export', async () => {
    const code = [
      "import { useOffers } from '../../../features/offers/api/list-offers.ts';",
      "export { MediaEditor } from '../images/components/media-editor.tsx';",
      'export const used = useOffers;',
    ].join('\n');
    expect(
      await boundaryErrors('features/institutions/index.ts', "export { useOffers } from '../offers/api/list-offers.ts';\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('features/institutions/api/sample.ts', code.replace('../images', '../../images'))).toHaveLength(2);
  });

  it("allows another feature's index.ts, the feature's own files and shared code", async () => {
    const code = [
      "import { useMembers } from '../../members/index.ts';",
      "import { useGroups } from '../api/list-groups.ts';",
      "import { api } from '../../../lib/api-client.ts';",
      "import { ErrorBlock } from '../../../components/error-block.tsx';",
      "import { useNow } from '../../../hooks/use-now.ts';",
      'export const used = [useMembers, useGroups, api, ErrorBlock, useNow];',
    ].join('\n');
    expect(await boundaryErrors('features/groups/components/sample.tsx', code)).toEqual([]);
  });

  it('fails on a feature importing app/, except in its tests', async () => {
    const code = "import { pageRoutes } from '../../../app/router.tsx';\nexport const used = pageRoutes;\n";
    expect(await boundaryErrors('features/docs/components/sample.tsx', code)).toEqual([expect.stringContaining('Only app/ imports app/')]);
    expect(await boundaryErrors('features/docs/components/sample.test.tsx', code)).toEqual([]);
  });

  it('fails on shared code importing features/ or app/', async () => {
    const features = "import { useMembers } from '../../features/members/index.ts';\nexport const used = useMembers;\n";
    expect(await boundaryErrors('lib/session/sample.ts', features)).toEqual([expect.stringContaining('never import features/ or app/')]);
    expect(
      await boundaryErrors('components/sample.tsx', "import { pageRoutes } from '../app/router.tsx';\nexport const used = pageRoutes;\n"),
    ).toHaveLength(1);
  });

  it("lets app/ import a feature's index.ts, not its internals", async () => {
    const code = "import { AUTH_PATHS } from '../../features/auth/index.ts';\nexport const used = AUTH_PATHS;\n";
    expect(await boundaryErrors('app/layouts/sample.tsx', code)).toEqual([]);
    const internal = "import { AUTH_PATHS } from '../../features/auth/auth-paths.ts';\nexport const used = AUTH_PATHS;\n";
    expect(await boundaryErrors('app/layouts/sample.tsx', internal)).toHaveLength(1);
  });

  it('keeps refusing the icons barrel in a feature', async () => {
    const code = "import { Add } from '@mui/icons-material';\nexport const used = Add;\n";
    expect(await boundaryErrors('features/offers/components/sample.tsx', code)).toEqual([
      expect.stringContaining('Import each icon by its path'),
    ]);
  });
});
