/** The pure rating domain of POST /v1/rate. Handler order: prepareRateRequest → fan-out → buildRateResults. */
export * from './schema';
export * from './validate';
export * from './packaging';
export * from './billing';
export * from './carriers';
export * from './facts';
export * from './pricing';
export * from './sort';
export * from './select';
export * from './badges';
export * from './sanitize';
export * from './results';
export * from './prepare';
export * from './quoted';
export * from './stored';
export * from './unavailable';
