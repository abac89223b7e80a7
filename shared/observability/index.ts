/**
 * Observability, the one face the rest of the code imports: the logger and
 * its lines (./logger.ts over ./log-lines.ts, held and written by
 * ./log-output.ts), EMF metrics (./metrics.ts over ./emf.ts), the
 * invocation's trace line (./tracer.ts) and source-mapped stacks
 * (./source-maps.ts). docs/decisions.md says why each is written here
 * rather than taken from Powertools.
 */
export { logMetrics } from './emf';
export { type LogAttributes, type LogPort, SERVICE_NAME, injectLambdaContext, logger, withInvocationLogger } from './logger';
export { MetricUnit, carrierMetrics, metrics, recordCarrierDocumentsRefused, recordOrphanVoided, recordRatesReturned } from './metrics';
export { recordCall, traceInvocation, traced } from './tracer';
