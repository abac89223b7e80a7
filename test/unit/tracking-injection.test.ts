/**
 * The tracking service's parts (shared/services/tracking/, and the cancel
 * service beside it, shared/services/cancel.ts) take their clock,
 * stopwatch, randomness and settings from their factory; the composition
 * root hands them the process's own (shared/process-runtime.ts) or a test's.
 * A part that read them itself would run on the wall clock under a test's
 * clock, and on the environment's settings under a test's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { processRuntime, runtimeWith, settingsWith } from '../../shared/process-runtime';

const ROOT = path.resolve(__dirname, '../..');
const DIR = 'shared/services/tracking';

/** What no part may read itself: the clock, a stopwatch, randomness, the configuration or the environment. */
const AMBIENT: ReadonlyArray<readonly [string, RegExp]> = [
  ['Date.now()', /\bDate\.now\s*\(/],
  ['new Date() without an argument', /\bnew Date\s*\(\s*\)/],
  ['performance.now()', /\bperformance\.now\s*\(/],
  ['Math.random()', /\bMath\.random\b/],
  ['node:crypto randomness', /from\s+['"](node:)?crypto['"]/],
  ['shared/config.ts', /from\s+['"][./]*\/config['"]/],
  ['shared/process-runtime.ts', /from\s+['"][./]*\/process-runtime['"]/],
  ['process.env', /\bprocess\.env\b/],
];

/** The source with its comments blanked: a comment may name what the code must not do. */
const codeOf = (file: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

const partsOf = () => [
  ...readdirSync(path.join(ROOT, DIR))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(DIR, name)),
  'shared/services/cancel.ts',
];

it('finds the parts (the check is not vacuous)', () => {
  expect(partsOf()).toEqual(
    expect.arrayContaining([`${DIR}/track.ts`, `${DIR}/dispatch.ts`, `${DIR}/check.ts`, `${DIR}/push.ts`, 'shared/services/cancel.ts']),
  );
});

it('the patterns catch what they name', () => {
  const caught = (source: string) => AMBIENT.filter(([, pattern]) => pattern.test(source)).map(([what]) => what);
  expect(
    caught(
      "const t = Date.now(); new Date(); Math.random(); performance.now(); import { config } from '../../config'; process.env.X; import { randomUUID } from 'node:crypto';",
    ),
  ).toEqual(AMBIENT.map(([what]) => what).filter((what) => what !== 'shared/process-runtime.ts'));
  expect(caught('const at = new Date(now.getTime() - 1); Date.parse(at);')).toEqual([]);
});

describe.each(partsOf().map((file) => [file]))('%s', (file) => {
  it('reads no clock, randomness or configuration of its own', () => {
    const code = codeOf(file);
    expect(AMBIENT.filter(([, pattern]) => pattern.test(code)).map(([what]) => what)).toEqual([]);
  });
});

it('the version-race write of the order store takes its stopwatch and jitter from its caller', () => {
  const code = codeOf('shared/store/orders.ts');
  const primitive = code.slice(code.indexOf('export const writeOrderUnderVersion'));
  expect(primitive.length).toBeGreaterThan(100);
  expect(AMBIENT.filter(([, pattern]) => pattern.test(primitive)).map(([what]) => what)).toEqual([]);
});

describe('the composition root (shared/process-runtime.ts)', () => {
  it('settingsWith fixes what it is given and still reads every other setting from the environment at its use', () => {
    const saved = process.env.CARRIER_TRACK_TIMEOUT_MS;
    try {
      const settings = settingsWith({ sandboxTrackingPace: 7 });
      process.env.CARRIER_TRACK_TIMEOUT_MS = '1234';
      expect([settings.sandboxTrackingPace, settings.carrierTrackTimeoutMs]).toEqual([7, 1234]);
      process.env.CARRIER_TRACK_TIMEOUT_MS = '4321';
      expect(settings.carrierTrackTimeoutMs).toBe(4321);
    } finally {
      if (saved === undefined) delete process.env.CARRIER_TRACK_TIMEOUT_MS;
      else process.env.CARRIER_TRACK_TIMEOUT_MS = saved;
    }
  });

  it('runtimeWith keeps the process runtime for what a caller leaves out', () => {
    const clock = () => new Date('2026-01-01T00:00:00.000Z');
    const runtime = runtimeWith({ clock, random: undefined });
    expect(runtime.clock).toBe(clock);
    expect([runtime.random, runtime.elapsedMs, runtime.newToken, runtime.settings]).toEqual([
      processRuntime.random,
      processRuntime.elapsedMs,
      processRuntime.newToken,
      processRuntime.settings,
    ]);
  });
});
