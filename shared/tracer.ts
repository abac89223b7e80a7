/**
 * X-Ray tracing with Powertools Tracer, on in Lambda (the stack turns X-Ray on
 * for every function) and off elsewhere: in tests, the local runtime, the
 * bench and the admin CLI, and wherever POWERTOOLS_TRACE_ENABLED=false.
 *
 * The Tracer module is loaded only when tracing is on (`loadTracer`). It imports
 * aws-xray-sdk-core, whose cls-hooked context installs a process-wide
 * async hook at import; measured here, that made promise-heavy code about ten
 * times slower, a price worth paying only where traces are recorded.
 *
 * What it costs a function (bench/bundles.ts, Node 24, carriers): 115 KB
 * (aws-xray-sdk-core 70 KB, semver 29 KB, cls-hooked and the Tracer's
 * CommonJS build) in a chunk of its own, loaded and run in the first
 * invocation where tracing is on, as in every deployed function (it used to
 * be compiled at import too, about 5 ms, although it did not run then). Kept: its subsegments (each
 * DynamoDB call, the handler with the companyId annotation, errors) are the
 * stage's traces; without it X-Ray shows only Lambda's own segments.
 *
 * The CommonJS build on purpose (./tracer-module.ts): the ESM build imports `node:http`
 * statically, esbuild hoists that import to the top of the bundle, and Node
 * 24's ES module view of `node:http` loads undici at once (about 60 ms of CPU).
 * test/infra/bundle.test.ts keeps `node:http` out of the bundles' imports.
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './logger';

/** Powertools' own rule (Tracer.setTracingEnabled), read before loading it. */
export const tracingEnabled = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false' &&
  Boolean(env.AWS_EXECUTION_ENV) &&
  env.AWS_EXECUTION_ENV !== 'AWS_Lambda_amplify-mock' &&
  !env.AWS_SAM_LOCAL;

let tracer: Tracer | null | undefined;

/**
 * Loads the Tracer when tracing is on, once per container, and gives the
 * container's tracer (undefined when tracing is off). Every handler wrapper
 * awaits it before the handler runs, so before any AWS client is created
 * (shared/http/handler.ts; `tracerLoader` in shared/batch-handler.ts and the
 * tracking dispatcher):
 * clients are created on first use, within an invocation.
 *
 * A dynamic import: in a function bundle the Tracer (with the X-Ray SDK,
 * about 115 KB) is a chunk of its own (lib/bundling.ts), read and compiled in
 * the first invocation instead of with the rest at import, where it used to
 * be compiled although it did not run.
 */
export const loadTracer = async (): Promise<Tracer | undefined> => {
  if (tracer === undefined) {
    if (!tracingEnabled()) tracer = null;
    else {
      const { Tracer: TracerClass } = await import('./tracer-module');
      tracer ??= new TracerClass({ serviceName: SERVICE_NAME });
    }
  }
  return tracer ?? undefined;
};

/** A middy middleware that loads the Tracer (when tracing is on) before the handler runs. */
export const tracerLoader = () => ({
  before: async (): Promise<void> => {
    await loadTracer();
  },
});

/**
 * The container's tracer once `loadTracer` has loaded it; undefined when
 * tracing is off, and before that (which no handler does: see above; a
 * client created then would stay untraced).
 */
export const activeTracer = (): Tracer | undefined => tracer ?? undefined;

/** The client with an X-Ray subsegment per call when tracing is on; the client itself otherwise. */
export const traced = <T>(client: T): T =>
  activeTracer()?.captureAWSv3Client(client) ?? client;
