// Lint: typescript-eslint's recommended rules, plus the type-aware promise rules that matter in a
// harness made of async tests (a promise nobody awaits is a check that never ran). Formatting is
// Prettier's alone: eslint-config-prettier turns the stylistic rules off.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** What only a subject's plan uses: the dashed form of a parameter (the sweep's query beside a record's state is not even in the rulebook's index). */
const PLANS_ONLY = [
  {
    name: '../spec/constants',
    importNames: ['OPTIONAL_SUFFIX'],
    message: "Dash a parameter through the subject's plan (rules/rulebook/provider-plans.ts), or dashedName.",
  },
];

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
    // A subject's requests are its plan's (src/rules/rulebook/provider-plans.ts, organization-plans.ts): no driver dashes a parameter of its own.
    files: ['src/{suite,survey,probe-tools,harness,cli}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: PLANS_ONLY }] },
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
            ...PLANS_ONLY,
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
    // A function says one thing: past 80 lines (blank lines and comments aside) it holds parts that want names of their own.
    files: ['src/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Where a §4.3 parameter's value lies in an organization is said once, in the parameter table (ARCHITECTURE.md, "A new organization parameter").
    files: ['src/{rules,survey,probe-tools,suite,harness,cli,verdicts,report}/**/*.ts'],
    ignores: ['src/rules/organization/parameters.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(telecom|postalCode)$/]',
          message:
            "An organization's telecom and postal codes are read by the parameter table (src/rules/organization/parameters.ts) alone.",
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
