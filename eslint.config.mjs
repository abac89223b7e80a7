import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // shared/carriers/ups/generated/: openapi-typescript's output (`npm run ups:types`), checked against a fresh generation by a unit test.
  { ignores: ['node_modules/', 'cdk.out/', '.data/', '.test-data/', 'coverage/', 'shared/carriers/ups/generated/'] },
  js.configs.recommended,
  // Type-aware: every TypeScript file is linted with the types tsc sees (tsconfig.json, through the project service);
  // a full `npm run lint` costs about a minute of CPU (docs/contributing.md, "Lint and format").
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly' },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An `async` function without `await` is how a port or a handler turns a synchronous throw into a rejection,
      // which its callers (the fan-out, middy) rely on; dropping `async` there would change behaviour, not style.
      '@typescript-eslint/require-await': 'off',
      // A rejection passed on as it came (`(error: unknown) => reject(error)`) keeps its identity; a new one is an Error.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      'no-console': 'off',
    },
  },
  {
    // What is not deployed reads untyped JSON on purpose: the tests assert on answers as the wire gives them, the local
    // stand-ins and the bench read carriers' and our own documents. The type-checked rules that find bugs hold there too.
    files: ['test/**/*.ts', 'local/**/*.ts', 'bench/**/*.ts', 'tooling/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Jest's `expect(port.method)` and spies name a method without calling it.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The functions' zod is shared/zod.ts (zod/mini with English messages); classic zod in a bundle costs its cold start.
    files: ['shared/**/*.ts', 'functions/**/*.ts', 'lib/**/*.ts', 'local/**/*.ts', 'admin/**/*.ts', 'bin/**/*.ts'],
    ignores: ['shared/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'Import zod from shared/zod.ts (zod/mini, docs/architecture.md).' },
            { name: 'zod/mini', message: 'Import zod from shared/zod.ts: it installs the English messages.' },
          ],
          patterns: [{ group: ['zod/*', '!zod/mini'], message: 'Import zod from shared/zod.ts.' }],
        },
      ],
    },
  },
);
