/** How DynamoDB Local is started: through the loopback launcher, never the jar's own main unless there is no compiler (then loudly). */
import path from 'node:path';
import {
  DEFAULT_DYNAMODB_LOCAL_HEAP,
  dynamoDbLocalArgs,
  dynamoDbLocalHeap,
  emulatorOptions,
  exposureWarning,
  LAUNCHER_CLASS,
  LAUNCHER_SOURCE,
} from '../../../local/dynamodb-local';

const dir = '/opt/emulator';

describe('emulatorOptions', () => {
  it('persistent: -dbPath, one shared database, no telemetry', () => {
    expect(emulatorOptions(8000, { dbPath: '/data/dynamodb' })).toEqual(['-port', '8000', '-dbPath', '/data/dynamodb', '-sharedDb', '-disableTelemetry']);
  });

  it('in memory: -inMemory instead of -dbPath', () => {
    expect(emulatorOptions(8001, { inMemory: true })).toEqual(['-port', '8001', '-inMemory', '-sharedDb', '-disableTelemetry']);
  });
});

describe('dynamoDbLocalArgs', () => {
  const jvm = [`-Xmx${DEFAULT_DYNAMODB_LOCAL_HEAP}`, `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`, '-Djava.net.preferIPv4Stack=true'];
  const classpath = [path.join(dir, 'DynamoDBLocal.jar'), path.join(dir, 'DynamoDBLocal_lib', '*')];

  it('compiled launcher: its class from the cache, before the jar and its libraries, with the emulator options', () => {
    expect(dynamoDbLocalArgs(dir, 8000, { inMemory: true }, { kind: 'compiled', classDir: '/cache/abc' })).toEqual([
      ...jvm,
      '-cp',
      ['/cache/abc', ...classpath].join(path.delimiter),
      LAUNCHER_CLASS,
      ...emulatorOptions(8000, { inMemory: true }),
    ]);
  });

  it('source launcher when the cache cannot be written: java runs the .java file itself', () => {
    const args = dynamoDbLocalArgs(dir, 8000, { dbPath: '/d' }, { kind: 'source', reason: 'read-only' });
    expect(args).toEqual([...jvm, '-cp', classpath.join(path.delimiter), LAUNCHER_SOURCE, ...emulatorOptions(8000, { dbPath: '/d' })]);
    expect(LAUNCHER_SOURCE).toMatch(/LoopbackDynamoDBLocal\.java$/);
  });

  it('the jar’s own main (every interface) only without a compiler', () => {
    for (const program of [
      { kind: 'compiled', classDir: '/c' },
      { kind: 'source', reason: 'x' },
    ] as const) {
      expect(dynamoDbLocalArgs(dir, 8000, { inMemory: true }, program)).not.toContain('-jar');
    }
    expect(dynamoDbLocalArgs(dir, 8000, { inMemory: true }, { kind: 'no-compiler', reason: 'jre' })).toEqual([
      ...jvm,
      '-jar',
      path.join(dir, 'DynamoDBLocal.jar'),
      ...emulatorOptions(8000, { inMemory: true }),
    ]);
  });
});

describe('the heap of DynamoDB Local is bounded', () => {
  const programs = [
    { kind: 'compiled', classDir: '/c' },
    { kind: 'source', reason: 'x' },
    { kind: 'no-compiler', reason: 'jre' },
  ] as const;

  it('by default at 512 MB, however it is started (the JVM would otherwise take a quarter of the RAM)', () => {
    expect(DEFAULT_DYNAMODB_LOCAL_HEAP).toBe('512m');
    for (const program of programs) {
      const args = dynamoDbLocalArgs(dir, 8000, { inMemory: true }, program);
      expect(args.filter((a) => a.startsWith('-Xmx'))).toEqual(['-Xmx512m']);
      // A JVM option: before the class, the source file or -jar, or java would pass it to the program.
      expect(args.indexOf('-Xmx512m')).toBeLessThan(args.findIndex((a) => a === '-cp' || a === '-jar'));
    }
  });

  it('at the heap given instead', () => {
    for (const program of programs) {
      const args = dynamoDbLocalArgs(dir, 8000, { dbPath: '/d', heap: '2g' }, program);
      expect(args.filter((a) => a.startsWith('-Xmx'))).toEqual(['-Xmx2g']);
    }
  });

  it('DYNAMODB_LOCAL_HEAP overrides the default; unset or empty keeps it', () => {
    expect(dynamoDbLocalHeap({})).toBe('512m');
    expect(dynamoDbLocalHeap({ DYNAMODB_LOCAL_HEAP: '' })).toBe('512m');
    expect(dynamoDbLocalHeap({ DYNAMODB_LOCAL_HEAP: '1g' })).toBe('1g');
    expect(dynamoDbLocalHeap({ DYNAMODB_LOCAL_HEAP: ' 768M ' })).toBe('768M');
    expect(dynamoDbLocalHeap({ DYNAMODB_LOCAL_HEAP: '262144k' })).toBe('262144k');
  });

  it.each(['512', 'lots', '-1g', '0m', '1.5g', '512mb', '1t', '-Xmx1g', '1g -Dx=y'])(
    'DYNAMODB_LOCAL_HEAP %p is refused, naming the variable and the form',
    (value) => {
      expect(() => dynamoDbLocalHeap({ DYNAMODB_LOCAL_HEAP: value })).toThrow(
        `DYNAMODB_LOCAL_HEAP must be a heap size such as 512m or 1g (a whole number of k, m or g), got "${value}"`,
      );
    },
  );
});

describe('exposureWarning', () => {
  it('says loudly that the table is reachable from the network, on which port and why', () => {
    const text = exposureWarning('http://127.0.0.1:8123', 'java has no jdk.compiler module');
    expect(text).toContain('WARNING: DynamoDB Local listens on EVERY network interface');
    expect(text).toContain('port 8123');
    expect(text).toContain('java has no jdk.compiler module');
  });
});
