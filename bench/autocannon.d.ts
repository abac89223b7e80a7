/** The part of autocannon 9.x (no published types; @types/autocannon describes 7.x) that bench/load.ts uses. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type AutocannonOptions = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Concurrent connections (default 10). */
    connections?: number;
    /** Seconds (default 10). */
    duration?: number;
    /** Seconds to wait for a response before counting a timeout (default 10). */
    timeout?: number;
    pipelining?: number;
    title?: string;
  };

  /** hdr-histogram-percentiles-obj: min, max, average (= mean), stddev and p0_001 … p99_999. */
  type Histogram = {
    min: number;
    max: number;
    average: number;
    mean: number;
    stddev: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  } & Record<string, number>;

  type AutocannonResult = {
    title?: string;
    url: string;
    connections: number;
    /** Seconds, measured. */
    duration: number;
    start: Date;
    finish: Date;
    /** Completed requests per one-second sample; `total` is the number of completed requests. */
    requests: Histogram & { total: number; sent: number };
    /** Response time in ms (whole milliseconds), of every response (non-2xx included unless excludeErrorStats). */
    latency: Histogram & { totalCount: number };
    throughput: Histogram;
    /** Connection errors, timeouts included. */
    errors: number;
    timeouts: number;
    mismatches: number;
    /** Responses with a status outside 200–299. */
    non2xx: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };

  /** A running instance: an EventEmitter ('reqError', 'response', 'done') that is also a promise of the result. */
  type Instance = EventEmitter & PromiseLike<AutocannonResult> & { stop(): void };

  function autocannon(options: AutocannonOptions): Instance;

  namespace autocannon {
    export type { AutocannonOptions as Options, AutocannonResult as Result, Instance };
  }

  export = autocannon;
}
