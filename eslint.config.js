// Flat ESLint config for the whole monorepo. Syntax-only typescript-eslint rules (no type information),
// so `npm run lint` stays fast enough to run on every save.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The icons barrel, refused in the web app (below); the feature-boundary block repeats it, since it sets the whole rule. */
const ICONS_BARREL = { name: '@mui/icons-material', message: "Import each icon by its path: import Add from '@mui/icons-material/Add'." };

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/data/',
    '**/coverage/',
    '**/test-results/',
    '.tmp/',
    'apps/api/drizzle/',
    '**/*.d.ts',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The typescript-eslint rule replaces the core one in every file, .js included, so the options live in one place.
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },

  // Where the code runs decides its globals.
  {
    files: ['apps/api/**', 'bench/**', 'e2e/**', 'scripts/**', 'apps/web/scripts/**', '**/*.config.{js,mjs,cjs,ts,mts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/**'],
    ignores: ['apps/web/scripts/**', 'apps/web/*.config.{js,mjs,cjs,ts,mts}'],
    languageOptions: { globals: globals.browser },
  },
  // The domain package runs on both sides; its tests run under Node.
  { files: ['packages/**'], languageOptions: { globals: globals['shared-node-browser'] } },
  { files: ['packages/**/*.test.ts'], languageOptions: { globals: globals.node } },

  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },

  // Servers log through the request logger; the browser may only warn and report errors.
  { files: ['apps/api/src/**'], rules: { 'no-console': 'error' } },
  { files: ['apps/web/src/**'], rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] } },
  // The icons barrel re-exports ~10,750 modules: the build shakes them off, but every component test that imported one
  // icon through it loaded them all (~4 s a file). One icon, one path.
  {
    files: ['apps/web/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ICONS_BARREL],
        },
      ],
    },
  },

  // Modules with a public face (issue #15, item 2). A file in apps/api/src/modules/<x>/ may import another module only
  // through that module's index.ts; repositories and every other file of a module stay private to it, so one module
  // owns each table. Test files may also use another module's *.test-helpers.ts. Proven by apps/api/test/boundaries.test.ts.
  // Both blocks set the whole no-restricted-imports rule for their files: another restriction there must be added to both.
  ...(() => {
    const publicFace = (allowed) => ({
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./|(?:\\.\\./)+modules/)(?!\\.\\.?/)[^/]+/(?!(?:${allowed})$)`,
              message: "Import another module only through its public face, '../<module>/index.ts'.",
            },
          ],
        },
      ],
    });
    return [
      { files: ['apps/api/src/modules/**'], rules: publicFace('index\\.ts') },
      {
        files: ['apps/api/src/modules/**/*.test.ts', 'apps/api/src/modules/**/*.test-helpers.ts'],
        rules: publicFace('index\\.ts|[^/]+\\.test-helpers\\.ts'),
      },
      // The rest of the API (app.ts composing the routes, plugins, the page shell, the seed, lib) also reaches a module only
      // through its index.ts, or its routes for app.ts. The security suites and test set-up may use internals to build data.
      {
        files: ['apps/api/src/**/*.ts'],
        ignores: ['apps/api/src/modules/**', 'apps/api/src/security/**', 'apps/api/src/**/*.test.ts', 'apps/api/src/**/*.test-helpers.ts'],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  regex: '^\\.\\.?/(?:\\.\\./)*modules/[^/]+/(?!(?:index\\.ts|[^/]+\\.routes\\.ts)$)',
                  message: "Import a module only through its public face, 'modules/<module>/index.ts' (app.ts: also its routes).",
                },
              ],
            },
          ],
        },
      },
    ];
  })(),

  // Web feature boundaries (issue #15, item 3), as in bulletproof-react: imports flow components/, lib/, hooks/ →
  // features/ → app/. A feature imports shared code and reaches another feature only through its public file,
  // features/<name>/index.ts; components/, lib/ and hooks/ never import features/ or app/; app/ imports a feature through
  // its index.ts. The router's lazy `import()` of a page module is not an import this rule sees, on purpose: each page
  // stays its own chunk. A feature's test may render app/'s routes. Imports are relative, so what a path may name depends
  // on how deep the importing file sits: one config per depth. Proven by apps/web/src/boundaries.test.ts.
  // These blocks set the whole no-restricted-imports rule for their files: another web restriction must be added here too.
  ...(() => {
    const up = (n) => `(?:\\.\\./){${n}}`;
    const otherFeature = (depth) => ({
      regex: `^(?:${up(depth - 1)}(?!\\.\\.?/)|${up(depth)}features/)[^/]+/(?!index\\.ts$)`,
      message: "Import another feature only through its public file, 'features/<name>/index.ts'; shared code goes to lib/ or components/.",
    });
    const app = (depth) => ({
      regex: `^${up(depth)}app/`,
      message: 'Only app/ imports app/: it composes the features, not the other way.',
    });
    const featuresOrApp = (depth) => ({
      regex: `^${up(depth)}(?:features|app)/`,
      message: 'components/, lib/ and hooks/ are shared: they never import features/ or app/.',
    });
    const rule = (patterns) => ({ 'no-restricted-imports': ['error', { paths: [ICONS_BARREL], patterns }] });
    const files = (folder, depth, tests = '') => [`apps/web/src/${folder}/${'*/'.repeat(depth - 1)}*${tests}.{ts,tsx}`];
    const configs = [];
    // Depth: folders between src/ and the file (features/offers/api/list-offers.ts is 3).
    for (let depth = 1; depth <= 5; depth++) {
      for (const shared of ['components', 'lib', 'hooks'])
        configs.push({ files: files(shared, depth), rules: rule([featuresOrApp(depth)]) });
      configs.push({
        files: files('app', depth),
        rules: rule([{ ...otherFeature(depth + 1), regex: `^${up(depth)}features/[^/]+/(?!index\\.ts$)` }]),
      });
      if (depth < 2) continue;
      configs.push({ files: files('features', depth), rules: rule([otherFeature(depth), app(depth)]) });
      configs.push({ files: files('features', depth, '.test'), rules: rule([otherFeature(depth)]) });
    }
    return configs;
  })(),
]);
