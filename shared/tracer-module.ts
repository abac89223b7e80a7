/**
 * Powertools Tracer, loaded by shared/tracer.ts's `loadTracer` alone (a
 * dynamic import: a chunk of its own in a function bundle). Its CommonJS
 * build: the ESM build imports `node:http` statically, and Node 24's ES
 * module view of `node:http` loads undici (about 60 ms of CPU); see
 * shared/tracer.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { Tracer } = require('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer');
