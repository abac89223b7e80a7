/**
 * The service's logger (shared/observability/log-lines.ts) writes what Powertools Logger
 * writes for the same calls: the same text on the same stream, line for
 * line, but for the time. Both are given the service's redaction, as the
 * service gave Powertools.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import fc from 'fast-check';
import type { Context } from 'aws-lambda';
import { LineLogger } from '../../shared/observability/log-lines';
import { keepsString, redact } from '../../shared/observability/logger';

type Written = Array<[stream: 'stdout' | 'stderr', text: string]>;

/** Each line written while `run` runs, with its stream, its timestamp blanked. */
const lines = (run: () => void): Written => {
  const written: Written = [];
  const spies = (['stdout', 'stderr'] as const).map((stream) =>
    jest.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) written.push([stream, line.replace(/"timestamp":"[^"]*"/, '"timestamp":"T"')]);
      return true;
    }),
  );
  try {
    run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return written;
};

type Calls = (logger: Pick<LineLogger, 'info' | 'warn' | 'error' | 'debug' | 'appendKeys' | 'resetKeys' | 'addContext'>) => void;

const context = {
  functionName: 'shipping-prod-rate',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:shipping-prod-rate',
  memoryLimitInMB: '1024',
  awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e812345678',
} as unknown as Context;

class CarrierFault extends Error {
  constructor(
    message: string,
    readonly carrierCode: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'CarrierFault';
  }
}

/** Made once: both loggers see the same stacks. */
const carrierFault = new CarrierFault('UPS did not answer', 'UPS', { cause: new TypeError('socket hang up') });
const keyError = new Error('bad key ship_api_0123456789abcdef');
const selfCaused = new Error('outer', { cause: new Error('inner') });
(selfCaused.cause as Error).cause = selfCaused;

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

/** Both loggers, made in the same environment, given the same calls. */
const both = (calls: Calls, env: Record<string, string | undefined> = {}, logLevel = 'DEBUG') => {
  for (const [name, value] of Object.entries({
    TZ: undefined,
    POWERTOOLS_DEV: undefined,
    AWS_LAMBDA_LOG_LEVEL: undefined,
    POWERTOOLS_LOG_LEVEL: undefined,
    ...env,
  })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const theirs = lines(() => calls(new Logger({ serviceName: 'shipping-api', logLevel: logLevel as 'DEBUG', jsonReplacerFn: redact }) as never));
  // Ours as the service makes it (a line of plain values written without the replacer), and with every line through the replacer.
  const ours = lines(() => calls(new LineLogger({ serviceName: 'shipping-api', logLevel, jsonReplacerFn: redact, keepsString })));
  const throughReplacer = lines(() => calls(new LineLogger({ serviceName: 'shipping-api', logLevel, jsonReplacerFn: redact })));
  expect(throughReplacer).toEqual(ours);
  return { ours, theirs };
};

describe('the service’s logger writes Powertools Logger’s lines', () => {
  it.each<[string, Calls, Record<string, string>]>([
    ['a message alone', (l) => l.info('started'), {}],
    [
      'the Lambda context, a cold start then a warm one, the trace id and appended keys',
      (l) => {
        l.addContext(context);
        l.appendKeys({ requestId: 'r-1', function: 'rate' });
        l.info('request', { method: 'POST', resource: '/v1/rate' });
        l.appendKeys({ companyId: 'c-1', keyId: 'k-1' });
        l.info('trace', { status: 200, calls: [{ service: 'DynamoDB', operation: 'Query', ms: 1.2 }] });
        l.resetKeys();
        l.addContext(context);
        l.info('next');
      },
      { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand', _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=557abcec3ee5a047;Sampled=1' },
    ],
    ['provisioned concurrency: never a cold start', (l) => (l.addContext(context), l.info('x')), { AWS_LAMBDA_INITIALIZATION_TYPE: 'provisioned-concurrency' }],
    ['a trace header that is only an id', (l) => l.info('x'), { _X_AMZN_TRACE_ID: '1-5759e988-bd862e3fe1be46a994272793' }],
    [
      'each level on its stream',
      (l) => {
        l.debug('d', { a: 1 });
        l.info('i');
        l.warn('w', { b: 'x' });
        l.error('e');
      },
      {},
    ],
    [
      'values of every kind: nested, empty at the top and below, a bigint, a date, a circular reference',
      (l) => {
        const loop: Record<string, unknown> = { name: 'loop' };
        loop.self = loop;
        l.info('values', {
          none: null,
          empty: '',
          missing: undefined,
          zero: 0,
          no: false,
          list: [1, null, '', { a: undefined }],
          big: 12n,
          when: new Date(0),
          loop,
          nested: { deeper: { deepest: [{ x: 'y' }] } },
        });
      },
      {},
    ],
    [
      'an error with a cause and fields of its own, at the top and nested',
      (l) => l.error('carrier call failed', { error: carrierFault, failures: [{ carrierCode: 'UPS', error: carrierFault }] }),
      {},
    ],
    [
      'secrets redacted: by name and by shape, in a message and an error',
      (l) => {
        l.appendKeys({ apiKey: 'whatever' });
        l.warn('key ship_api_0123456789abcdef seen for ann@example.com', { clientSecret: 's3cr3t', note: 'hash ' + 'a'.repeat(64), error: keyError });
      },
      {},
    ],
    [
      'an attribute left undefined keeps an appended key; null or empty removes it; an empty key given a value later keeps its place',
      (l) => {
        l.appendKeys({ companyId: 'c-1', keyId: 'k-1', early: '' });
        l.info('line', { companyId: undefined, keyId: null, early: 'now' });
      },
      {},
    ],
    [
      'keys named __proto__ or constructor, appended or given: left out, nothing else changed',
      (l) => {
        l.appendKeys(JSON.parse('{"__proto__": {"polluted": "key"}, "constructor": "k", "kept": "yes"}') as Record<string, unknown>);
        l.info('line', JSON.parse('{"__proto__": {"polluted": "attribute"}, "constructor": "a", "other": 1}') as Record<string, unknown>);
      },
      {},
    ],
    [
      'an attribute or key of a reserved name: dropped, with a warning',
      (l) => {
        l.appendKeys({ service: 'mine', kept: 'yes' });
        l.info('line', { timestamp: 'mine', level: 'mine', other: 1 });
      },
      {},
    ],
  ])('%s', (_name, calls, env) => {
    const { ours, theirs } = both(calls, env);
    expect(theirs.length).toBeGreaterThan(0);
    expect(ours).toEqual(theirs);
  });

  it('an error that is its own cause, through another: each written once, where Powertools overflowed its stack', () => {
    expect(() => lines(() => new Logger({ serviceName: 'shipping-api', jsonReplacerFn: redact }).error('loop', { error: selfCaused }))).toThrow(RangeError);
    const [[stream, text]] = lines(() => new LineLogger({ serviceName: 'shipping-api', logLevel: 'INFO' }).error('loop', { error: selfCaused })) as [
      Written[number],
    ];
    expect(stream).toBe('stderr');
    const written = JSON.parse(text) as { error: { message: string; cause: { message: string; cause?: unknown } } };
    expect(written.error.message).toBe('outer');
    expect(written.error.cause.message).toBe('inner');
    expect(written.error.cause).not.toHaveProperty('cause');
  });

  it('below the level: nothing written, by either', () => {
    const { ours, theirs } = both((l) => (l.debug('quiet'), l.info('quiet too')), {}, 'WARN');
    expect(theirs).toEqual([]);
    expect(ours).toEqual([]);
  });
});

describe('any keys and attributes, in any order of calls: the lines Powertools Logger writes', () => {
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('', null, undefined, 0, true, 'someone@example.com', 'ship_api_0123456789abcdef', 'a'.repeat(64)),
    fc.integer(),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
    fc.record({ email: fc.string({ maxLength: 6 }), n: fc.integer() }),
  );
  const names = [
    'requestId',
    'function',
    'companyId',
    'status',
    'calls',
    'email',
    'function_name',
    'xray_trace_id',
    'tenant_id',
    'toJSON',
    'message',
    'service',
    '__proto__',
    'a',
  ];
  const fields = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 5 });
  // Keys the service appends are ids and names: Powertools merges an object or a list appended over another deeply, which the logger does not do.
  const primitive = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('', null, undefined, 0, true, 'someone@example.com', 'ship_api_0123456789abcdef'),
    fc.integer(),
  );
  const keyFields = fc.dictionary(fc.constantFrom(...names), primitive, { maxKeys: 5 });
  const call = fc.record({
    keys: keyFields,
    message: fc.constantFrom('', 'trace', 'line with ship_api_0123456789abcdef'),
    attributes: fc.option(fields, { nil: undefined }),
    reset: fc.boolean(),
  });

  it('keys appended, replaced, left undefined or reserved; attributes of any name and value; with or without a context and a trace', () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean(), (calls, withContext, traced) => {
        const { ours, theirs } = both(
          (l) => {
            if (withContext) l.addContext(context);
            for (const { keys, message, attributes, reset } of calls) {
              l.appendKeys(keys);
              l.info(message, attributes);
              l.warn(message, attributes);
              if (reset) l.resetKeys();
            }
          },
          traced ? { _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1' } : {},
        );
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a line of plain values, written without the replacer: the text the replacer gives', () => {
  class Money {
    constructor(readonly amount: string) {}
  }
  const secretish = fc.constantFrom(
    'someone@example.com',
    'ship_api_0123456789abcdef',
    'A'.repeat(64),
    'x_api_short',
    'at@home',
    'mail@host.c',
    'plain text',
    '',
  );
  const leaf = fc.oneof(
    fc.string({ maxLength: 8 }),
    secretish,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constantFrom(null, undefined, Symbol('s'), () => 1),
    fc.constant(new Date(0)),
    fc.constant(new Money('1.00')),
    fc.constant({ toJSON: () => 'ship_api_0123456789abcdef' }),
    fc.constant(Object.create(null) as object),
    fc.constant(new Error('failed for someone@example.com')),
    fc.bigInt({ min: -10n, max: 10n }),
  );
  const names = fc.constantFrom('service', 'password', 'email', 'apiKey', 'secretValue', 'outcome', 'to', 'constructor', '0', 'at');
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('tree'), { maxLength: 3 }),
      fc.dictionary(names, tie('tree'), { maxKeys: 3 }),
    ),
  }));

  it('any values, names, classes, secrets and nesting: the same line both ways', () => {
    fc.assert(
      fc.property(fc.dictionary(names, tree, { maxKeys: 4 }), (attributes) => {
        const write = (fast: boolean) =>
          lines(() =>
            new LineLogger({ serviceName: 'shipping-api', logLevel: 'INFO', jsonReplacerFn: redact, ...(fast ? { keepsString } : {}) }).info(
              'trace',
              attributes,
            ),
          );
        expect(write(true)).toEqual(write(false));
      }),
      { numRuns: 500 },
    );
  });

  it('nesting deeper than it looks, and a cycle: through the replacer, which drops the circular reference', () => {
    let deep: Record<string, unknown> = { leaf: 'someone@example.com' };
    for (let i = 0; i < 40; i++) deep = { next: deep };
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const [[, text]] = lines(() =>
      new LineLogger({ serviceName: 'shipping-api', logLevel: 'INFO', jsonReplacerFn: redact, keepsString }).info('deep', { deep, cyclic }),
    ) as [Written[number]];
    expect(text).toContain('"leaf":"[e-mail]"');
    expect(text).toContain('"cyclic":{"name":"loop"}');
  });

  it('a secret under a plain name, or any string under a secret’s name: redacted', () => {
    const [[, text]] = lines(() =>
      new LineLogger({ serviceName: 'shipping-api', logLevel: 'INFO', jsonReplacerFn: redact, keepsString }).info('trace', {
        calls: [{ service: 'carrier', outcome: 'key ship_api_0123456789abcdef refused' }],
        password: 'hunter2',
        to: ['someone@example.com'],
      }),
    ) as [Written[number]];
    expect(text).not.toMatch(/ship_api_0123|hunter2|someone@/);
    expect(text).toContain('"password":"[redacted]"');
  });
});
