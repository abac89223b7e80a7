/**
 * middy 7 publishes its entry points under the `import` export condition only.
 * The local runtime loads the handlers as CommonJS (tsx), and Node's CommonJS
 * resolution never tries `import`, so `require('@middy/core')` fails although
 * Node 24 can require an ES module. This resolve hook adds `import` for the
 * packages that need it, nothing else. The entry points that load handlers
 * (bin/local.ts, the bench) call it first; a deployed function is an esbuild
 * bundle, and Jest, which refuses module hooks, has its own resolver
 * (test/support/jest-resolver.js).
 */
import { registerHooks } from 'node:module';

const ESM_ONLY = /^@middy\//;
let registered = false;

export const allowRequireOfEsmOnlyPackages = (): void => {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve: (specifier, context, nextResolve) =>
      ESM_ONLY.test(specifier) ? nextResolve(specifier, { ...context, conditions: [...context.conditions, 'import'] }) : nextResolve(specifier, context),
  });
};
