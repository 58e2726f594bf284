// Flat ESLint config for the whole monorepo. Syntax-only typescript-eslint rules (no type information),
// so `npm run lint` stays fast enough to run on every save.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
      'no-restricted-imports': ['error', {
        paths: [{ name: '@mui/icons-material', message: "Import each icon by its path: import Add from '@mui/icons-material/Add'." }],
      }],
    },
  },

  // Modules with a public face (issue #15, item 2). A file in apps/api/src/modules/<x>/ may import another module only
  // through that module's index.ts; repositories and every other file of a module stay private to it, so one module
  // owns each table. Test files may also use another module's *.test-helpers.ts. Proven by apps/api/test/boundaries.test.ts.
  // Both blocks set the whole no-restricted-imports rule for their files: another restriction there must be added to both.
  ...(() => {
    const publicFace = (allowed) => ({
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: `^(?:\\.\\./|(?:\\.\\./)+modules/)(?!\\.\\.?/)[^/]+/(?!(?:${allowed})$)`,
          message: "Import another module only through its public face, '../<module>/index.ts'.",
        }],
      }],
    });
    return [
      { files: ['apps/api/src/modules/**'], rules: publicFace('index\\.ts') },
      {
        files: ['apps/api/src/modules/**/*.test.ts', 'apps/api/src/modules/**/*.test-helpers.ts'],
        rules: publicFace('index\\.ts|[^/]+\\.test-helpers\\.ts'),
      },
    ];
  })(),
]);
