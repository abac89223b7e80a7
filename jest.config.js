/** Jest projects by kind (docs/contributing.md): unit, integration, infra, e2e. */
const transform = {
  '^.+\\.(t|j|mj)s$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    },
  ],
};
// middy ships ESM only; swc turns it into CommonJS for Jest.
const transformIgnorePatterns = ['/node_modules/(?!@middy/)'];
// middy 7 is ESM-only with `import`-only exports: see test/support/jest-resolver.js.
const resolver = '<rootDir>/test/support/jest-resolver.js';
const common = { transform, transformIgnorePatterns, resolver, testEnvironment: 'node', moduleFileExtensions: ['ts', 'js', 'mjs', 'json'] };

// A test's timeout catches a hang, not slowness: on a loaded 2-core CI machine an honest integration test takes
// several times its usual seconds (Jest's default 5 s failed sandbox-carriers.test.ts that way). Timing targets
// live in the bench, never in a test's timeout (docs/contributing.md). One value for every project: jest-circus reads
// the run's testTimeout, not a project's.
module.exports = {
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    { ...common, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/e2e-setup.ts',
      globalTeardown: '<rootDir>/test/support/e2e-teardown.ts',
    },
  ],
};
