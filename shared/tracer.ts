/**
 * X-Ray tracing with Powertools Tracer, on in Lambda (the stack turns X-Ray on
 * for every function) and off elsewhere: in tests, the local runtime, the
 * bench and the admin CLI, and wherever POWERTOOLS_TRACE_ENABLED=false.
 *
 * The Tracer module is loaded only when tracing is on. It imports
 * aws-xray-sdk-core, whose cls-hooked context installs a process-wide
 * async hook at import; measured here, that made promise-heavy code about ten
 * times slower, a price worth paying only where traces are recorded.
 *
 * What it costs a function (bench/bundles.ts, Node 24, carriers): 110 KB of
 * the bundle (aws-xray-sdk-core 70 KB, semver 29 KB, cls-hooked and the
 * Tracer's CommonJS build), about 5 ms of the cold import to compile it
 * although it does not run, and 20–27 ms in the first invocation where
 * tracing is on, as in every deployed function. Kept: its subsegments (each
 * DynamoDB call, the handler with the companyId annotation, errors) are the
 * stage's traces; without it X-Ray shows only Lambda's own segments.
 *
 * The CommonJS build on purpose: the ESM build imports `node:http`
 * statically, esbuild hoists that import to the top of the bundle, and Node
 * 24's ES module view of `node:http` loads undici at once (about 60 ms of CPU).
 * test/infra/bundle.test.ts keeps `node:http` out of the bundles' imports.
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './logger';

type TracerModule = typeof import('@aws-lambda-powertools/tracer');

/** Powertools' own rule (Tracer.setTracingEnabled), read before loading it. */
export const tracingEnabled = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false' &&
  Boolean(env.AWS_EXECUTION_ENV) &&
  env.AWS_EXECUTION_ENV !== 'AWS_Lambda_amplify-mock' &&
  !env.AWS_SAM_LOCAL;

let tracer: Tracer | null | undefined;

/** The container's tracer, created on first use; undefined when tracing is off. */
export const activeTracer = (): Tracer | undefined => {
  if (tracer === undefined) {
    // A synchronous, lazy load: esbuild bundles the module but runs it only here.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    tracer = tracingEnabled() ? new (require('@aws-lambda-powertools/tracer') as TracerModule).Tracer({ serviceName: SERVICE_NAME }) : null;
  }
  return tracer ?? undefined;
};

/** The client with an X-Ray subsegment per call when tracing is on; the client itself otherwise. */
export const traced = <T>(client: T): T =>
  activeTracer()?.captureAWSv3Client(client) ?? client;
