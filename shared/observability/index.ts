/**
 * Observability, the one face the rest of the code imports: the logger and
 * its lines (./logger.ts over ./log-lines.ts, held and written by
 * ./log-output.ts), EMF metrics (./metrics.ts over ./emf.ts), the
 * invocation's trace line (./tracer.ts), source-mapped stacks
 * (./source-maps.ts), and each invocation's own state of them
 * (./invocation.ts, `inInvocation`). docs/decisions.md says why each is
 * written here rather than taken from Powertools.
 */
export { logMetrics } from './emf';
export { inInvocation } from './invocation';
export { type LogAttributes, type LogPort, SERVICE_NAME, injectLambdaContext, logger } from './logger';
export { MetricUnit, carrierMetrics, metrics, recordCarrierDocumentsRefused, recordOrphanVoided, recordRatesReturned } from './metrics';
export { recordCall, traceInvocation, traced } from './tracer';
