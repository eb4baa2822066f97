// Lint: typescript-eslint's recommended rules, plus the type-aware promise rules that matter in a
// harness made of async tests (a promise nobody awaits is a check that never ran). Formatting is
// Prettier's alone: eslint-config-prettier turns the stylistic rules off.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'src/types/schemas.ts', 'conformance-report/', 'test-results/', 'playwright-report/', 'fixtures/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // `_name` marks a member taken out on purpose, as in `({ City: _city, ...rest }) => rest`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Playwright fixtures take their dependencies as a destructured first argument, `{}` when there is none.
      'no-empty-pattern': 'off',
      // The network only through the GET-only client (src/client/): it redacts, paces and never follows a link off the origin.
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: 'Send requests through the GET-only client of src/client/ (DirectoryEndpoints), never the global fetch.',
        },
      ],
    },
  },
  {
    // The survey judges every rule of the subjects it meets through survey/subjects.ts (judgeSurveyed), never a subject of its own choosing.
    files: ['src/survey/**/*.ts'],
    ignores: ['src/survey/subjects.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../rules/rulebook',
              importNames: ['judge', 'judgeAnswer'],
              message: 'The survey judges through judgeSurveyed and judgeSurveyedAnswer (survey/subjects.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // dependency-cruiser's configuration is CommonJS, as the tool loads it.
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    // The command's entry: CommonJS, so that from the sources it can register tsx before loading the TypeScript.
    files: ['bin/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
