import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // shared/carriers/ups/generated/: openapi-typescript's output (`npm run ups:types`), checked against a fresh generation by a unit test.
  { ignores: ['node_modules/', 'cdk.out/', '.data/', '.test-data/', 'coverage/', 'shared/carriers/ups/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
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
        { paths: [{ name: 'zod', message: 'Import zod from shared/zod.ts (zod/mini, docs/architecture.md).' }, { name: 'zod/mini', message: 'Import zod from shared/zod.ts: it installs the English messages.' }], patterns: [{ group: ['zod/*', '!zod/mini'], message: 'Import zod from shared/zod.ts.' }] },
      ],
    },
  },
);
