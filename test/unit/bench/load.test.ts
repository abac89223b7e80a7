/** The pure parts of the load run (bench/load.ts): environment, summary, checks, report, log parsing. */
import type autocannon from 'autocannon';
import {
  LOAD_OPTIONS,
  lineSplitter,
  loadChecks,
  loadDetails,
  loadFigures,
  non2xxOf,
  parseStatGroup,
  responseStatus,
  runtimeEnv,
  stderrSummary,
  summarizeRun,
  type RouteLoad,
  type RuntimeFigures,
} from '../../../bench/load';

const histogram = (values: Partial<autocannon.Result['latency']>) =>
  ({ min: 0, max: 0, average: 0, mean: 0, stddev: 0, p50: 0, p90: 0, p97_5: 0, p99: 0, ...values }) as autocannon.Result['latency'];

const result = (over: Partial<autocannon.Result> = {}): autocannon.Result => ({
  url: 'http://127.0.0.1:1/v1/carriers',
  connections: 10,
  duration: 10.05,
  start: new Date(0),
  finish: new Date(10_050),
  requests: { ...histogram({}), total: 402, sent: 412 },
  latency: { ...histogram({ mean: 24.6, p50: 22, p99: 61, max: 80 }), totalCount: 402 },
  throughput: histogram({}),
  errors: 0,
  timeouts: 0,
  mismatches: 0,
  non2xx: 0,
  '1xx': 0,
  '2xx': 402,
  '3xx': 0,
  '4xx': 0,
  '5xx': 0,
  statusCodeStats: { '200': { count: 402 } },
  ...over,
});

const route = (over: Partial<RouteLoad> = {}): RouteLoad => ({ ...summarizeRun('GET /v1/carriers', result()), ...over });

const runtime: RuntimeFigures = {
  loadAverage: 1.5,
  startupMs: 9_400,
  stopMs: 1_800,
  exit: 'exit code 0',
  runtimePeakRssBytes: 250 * 1024 * 1024,
  dynamodbPeakRssBytes: 300 * 1024 * 1024,
  responses: { '200': 900, '500': 2 },
  stderrLines: 0,
  firstStderr: [],
};

describe('runtimeEnv', () => {
  it("drops what the bench sets for its in-process parts, sets DATA_DIR and the ports, turns the per-key limits off, keeps the rest, and leaves the caller's object alone", () => {
    const base = {
      PATH: '/bin',
      LOG_LEVEL: 'ERROR',
      POWERTOOLS_TRACE_ENABLED: 'false',
      POWERTOOLS_METRICS_DISABLED: 'true',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:1',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:2',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      TABLE_NAME: 'bench-table-x',
      BUCKET_NAME: 'bench-bucket-x',
      API_KEY_CACHE_SECONDS: '300',
      PORT: '3000',
      HOME: '/root',
    };
    expect(runtimeEnv(base, { dataDir: '/tmp/d', port: 4001, dynamodbPort: 4002, s3Port: 4003 })).toEqual({
      PATH: '/bin',
      HOME: '/root',
      DATA_DIR: '/tmp/d',
      PORT: '4001',
      DYNAMODB_PORT: '4002',
      S3_PORT: '4003',
      LOCAL_RATE_LIMIT_PER_KEY: 'off',
      LOCAL_RATE_LIMIT_PER_IP: 'off',
    });
    expect(base.LOG_LEVEL).toBe('ERROR');
  });
});

describe('summarizeRun', () => {
  it('requests/s over the measured duration, latency percentiles, status codes', () => {
    expect(summarizeRun('GET /v1/carriers', result(), undefined)).toEqual({
      route: 'GET /v1/carriers',
      connections: 10,
      durationS: 10.05,
      requests: 402,
      requestsPerSec: 40,
      meanMs: 24.6,
      p50Ms: 22,
      p99Ms: 61,
      maxMs: 80,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      statusCodes: { '200': 402 },
    });
  });

  it('keeps the first connection error', () => {
    expect(summarizeRun('POST /v1/rate', result({ errors: 1 }), 'socket hang up').firstError).toBe('socket hang up');
  });

  it('no duration: no rate', () => {
    expect(summarizeRun('GET /v1/carriers', result({ duration: 0 })).requestsPerSec).toBeNaN();
  });
});

describe('loadChecks', () => {
  it('zero non-2xx and zero errors per route: met', () => {
    const [c] = loadChecks([route()]);
    expect(c).toEqual({ name: 'load GET /v1/carriers non-2xx + errors', measured: 0, target: 0, unit: 'req', kind: 'max', ok: true });
  });

  it('non-2xx, connection errors and timeouts add up, and the note says which', () => {
    const [c] = loadChecks([route({ non2xx: 3, errors: 3, timeouts: 2, statusCodes: { '200': 390, '500': 2, '503': 1 }, firstError: 'read ECONNRESET' })]);
    expect(c).toMatchObject({ measured: 6, ok: false, note: '2× 500, 1× 503, 1 connection errors (read ECONNRESET), 2 timeouts' });
  });

  it('a route that got no response at all misses', () => {
    const [c] = loadChecks([route({ requests: 0, statusCodes: {} })]);
    expect(c).toMatchObject({ ok: false, note: 'no response at all' });
    expect(c!.measured).toBeNaN();
  });
});

describe('report', () => {
  it('details: the settings, one table row per route, the runtime line', () => {
    const lines = loadDetails([route(), route({ route: 'POST /v1/rate', requests: 120, requestsPerSec: 12, p50Ms: 780, p99Ms: 1404 })], LOAD_OPTIONS, {
      ...runtime,
      stderrLines: 1,
      firstStderr: ['ERROR unhandled error: connect ECONNREFUSED 127.0.0.1:1'],
    });
    expect(lines[0]).toBe('load: npm start with autocannon, 10 connections, 10 s per route after a 2 s warm-up');
    const tableLines = lines[1]!.split('\n');
    expect(tableLines[0]).toMatch(/^route +requests +req\/s +p50 ms +p99 ms +max ms +non-2xx +errors +timeouts$/);
    expect(tableLines[2]).toMatch(/^GET \/v1\/carriers +402 +40 +22 +61 +80 +0 +0 +0$/);
    expect(tableLines[3]).toMatch(/^POST \/v1\/rate +120 +12 +780 +1404 +80 +0 +0 +0$/);
    expect(lines[2]).toBe(
      'runtime: ready in 9.40 s (load average 1.50), stopped in 1.80 s (exit code 0), node peak RSS 250 MiB, DynamoDB Local peak RSS 300 MiB, 2 non-2xx of 902 responses in its log, 1 stderr lines',
    );
    expect(lines[3]).toBe('  stderr: ERROR unhandled error: connect ECONNREFUSED 127.0.0.1:1');
  });

  it('figures: rounded numbers, warm-up counts, runtime', () => {
    const figures = loadFigures([route({ requestsPerSec: 40.01234 })], LOAD_OPTIONS, runtime, [route({ requests: 30 })]);
    expect(figures).toMatchObject({
      connections: 10,
      warmupS: 2,
      durationS: 10,
      routes: [{ route: 'GET /v1/carriers', requests: 402, requestsPerSec: 40.01, p50Ms: 22, p99Ms: 61, non2xx: 0, errors: 0, statusCodes: { '200': 402 } }],
      warmup: [{ route: 'GET /v1/carriers', requests: 30, non2xx: 0, errors: 0 }],
      runtime: {
        loadAverage1m: 1.5,
        startupMs: 9400,
        stopMs: 1800,
        exit: 'exit code 0',
        nodePeakRssMiB: 250,
        dynamodbPeakRssMiB: 300,
        responses: { '200': 900, '500': 2 },
      },
    });
    expect(figures.runtime).not.toHaveProperty('firstStderr');
  });

  it('non2xxOf counts every status outside 200–299', () => {
    expect(non2xxOf({ '200': 5, '201': 1, '404': 2, '500': 3 })).toBe(5);
    expect(non2xxOf({})).toBe(0);
  });
});

describe("the runtime's output", () => {
  it('lineSplitter: whole lines across chunks, CRLF, the unterminated rest at the end', () => {
    const lines: string[] = [];
    const split = lineSplitter((l) => lines.push(l));
    split.push('GET /v1/car');
    split.push('riers -> 200 (3 ms)\r\nsecond\nthi');
    expect(lines).toEqual(['GET /v1/carriers -> 200 (3 ms)', 'second']);
    split.push('rd');
    split.end();
    expect(lines).toEqual(['GET /v1/carriers -> 200 (3 ms)', 'second', 'third']);
  });

  it('responseStatus: the status of a response line only', () => {
    expect(responseStatus('POST /v1/rate -> 500 (1087 ms, request 8363945f)')).toBe('500');
    expect(responseStatus('GET /v1/carriers?limit=2 -> 200 (4 ms, request x)')).toBe('200');
    expect(responseStatus('  Try        curl -s -H ... /v1/carriers')).toBeUndefined();
    expect(responseStatus('{"level":"INFO","message":"request"}')).toBeUndefined();
  });

  it('stderrSummary: level, message and error message of a structured log line; other lines cut', () => {
    const line = JSON.stringify({
      level: 'ERROR',
      message: 'unhandled error',
      service: 'x'.repeat(500),
      error: { message: 'connect ECONNREFUSED 127.0.0.1:43331' },
    });
    expect(stderrSummary(line)).toBe('ERROR unhandled error: connect ECONNREFUSED 127.0.0.1:43331');
    expect(stderrSummary(JSON.stringify({ message: 'plain' }))).toBe('plain');
    expect(stderrSummary('x'.repeat(400))).toHaveLength(300);
    expect(stderrSummary('[1, 2]')).toBe('[1, 2]');
  });

  it('parseStatGroup: state and process group, whatever the command name holds', () => {
    expect(parseStatGroup('4321 (node) S 4300 4300 4300 0 -1 4194560 1 0')).toEqual({ state: 'S', pgid: 4300 });
    expect(parseStatGroup('77 (a (weird) name) Z 1 76 76 0 -1')).toEqual({ state: 'Z', pgid: 76 });
    expect(parseStatGroup('garbage')).toBeUndefined();
  });
});
