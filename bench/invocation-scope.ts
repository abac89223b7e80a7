/**
 * What scoping an invocation's state costs, in a loop (issue 44): the
 * invocation's trace record, log keys and held lines found through Node 24's
 * AsyncLocalStorage (AsyncContextFrame: no async hook), against the same
 * state passed explicitly from call to call, and against a module variable
 * (the code before, which holds for one invocation at a time only).
 *
 * One simulated invocation has the shape of a warm rate request: its start,
 * 10 awaited calls (the DynamoDB and carrier calls), 8 trace records and 6
 * log lines reading the state, its end. The three variants run in rounds,
 * their order turning each round, and each figure is the median over the
 * rounds of the mean main-thread CPU time per invocation (CPU time: the
 * other processes of a shared machine stretch wall time, not it). What the
 * service chose, and the
 * figures in place, are in docs/decisions.md ("Per-invocation state") and
 * docs/performance.md.
 *
 *   npm run bench -- scope           this part alone
 */
import { check, type BenchContext, type BenchPart } from './checks';
import { fmt, round, table } from './stats';

/** Rounds of the three variants, and invocations per variant and round. */
const ROUNDS = 31;
const INVOCATIONS = 20_000;
const WARMUP_INVOCATIONS = 20_000;
/** The shape of one invocation. */
const CALLS = 10;
const TRACE_RECORDS = 8;
const LOG_LINES = 6;

/**
 * AsyncLocalStorage's cost per invocation is a few hundred nanoseconds where a
 * warm rate request takes about 800 us; a micro-second per invocation would
 * be a change of its implementation (an async hook again), which this limit
 * catches.
 */
const ALS_OVERHEAD_MAX_US = 1;

type State = { keys: Record<string, unknown>; calls: number[]; held: string };

const newState = (): State => ({ keys: { requestId: 'r', function: 'rate' }, calls: [], held: '' });

/** What one step records and logs of `state`: a trace record, then a line that reads the keys. */
const use = (state: State, i: number): void => {
  if (i < TRACE_RECORDS) state.calls.push(i);
  if (i < LOG_LINES) state.held += state.keys.requestId === 'r' ? 'x' : 'y';
};

type Variant = { name: string; invoke: () => Promise<void> };

const moduleVariable = (): Variant => {
  let current: State | undefined;
  const step = async (i: number) => {
    await Promise.resolve(i);
    use(current!, i);
  };
  return {
    name: 'module variable (one invocation at a time)',
    invoke: async () => {
      current = newState();
      for (let i = 0; i < CALLS; i++) await step(i);
      current = undefined;
    },
  };
};

const explicit = (): Variant => {
  const step = async (state: State, i: number) => {
    await Promise.resolve(i);
    use(state, i);
  };
  return {
    name: 'explicit passing',
    invoke: async () => {
      const state = newState();
      for (let i = 0; i < CALLS; i++) await step(state, i);
    },
  };
};

const asyncLocalStorage = (AsyncLocalStorage: typeof import('node:async_hooks').AsyncLocalStorage): Variant => {
  const storage = new AsyncLocalStorage<State>();
  const step = async (i: number) => {
    await Promise.resolve(i);
    use(storage.getStore()!, i);
  };
  const body = async () => {
    for (let i = 0; i < CALLS; i++) await step(i);
  };
  return { name: 'AsyncLocalStorage (run, getStore)', invoke: () => storage.run(newState(), body) };
};

/** Mean main-thread CPU time of one invocation, in us. */
const timeOf = async (variant: Variant, count: number): Promise<number> => {
  const start = process.threadCpuUsage();
  for (let i = 0; i < count; i++) await variant.invoke();
  const spent = process.threadCpuUsage(start);
  return (spent.user + spent.system) / count;
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const runInvocationScopeBench = async (ctx: BenchContext): Promise<BenchPart> => {
  // AsyncLocalStorage built after createHook is watched (the module's CommonJS view, which may be patched): on Node 24 it installs none.
  const hooks = process.getBuiltinModule('node:async_hooks');
  const createHook = hooks.createHook;
  let hooksCreated = 0;
  hooks.createHook = (...args: Parameters<typeof createHook>) => ((hooksCreated += 1), createHook(...args));
  const variants = [moduleVariable(), explicit(), asyncLocalStorage(hooks.AsyncLocalStorage)];
  hooks.createHook = createHook;
  ctx.log(`invocation scope: ${variants.length} variants, ${ROUNDS} rounds of ${INVOCATIONS} invocations each, after ${WARMUP_INVOCATIONS} ...`);
  for (const variant of variants) await timeOf(variant, WARMUP_INVOCATIONS);
  const samples = new Map(variants.map((v) => [v.name, [] as number[]]));
  for (let r = 0; r < ROUNDS && !ctx.stopped(); r++) {
    const order = r % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) samples.get(variant.name)!.push(await timeOf(variant, INVOCATIONS));
  }
  const us = (name: string) => median(samples.get(name)!);
  const [floor, passed, als] = variants.map((v) => us(v.name)) as [number, number, number];
  const spread = (name: string) => {
    const sorted = [...samples.get(name)!].sort((a, b) => a - b);
    return `${fmt(sorted[0]!)}-${fmt(sorted.at(-1)!)}`;
  };
  const rows = variants.map((v) => [v.name, fmt(us(v.name)), spread(v.name), fmt((us(v.name) - floor) * 1000)]);
  return {
    name: 'scope',
    checks: [
      check(
        'AsyncLocalStorage per invocation, over a module variable',
        als - floor,
        'max',
        ALS_OVERHEAD_MAX_US,
        'us',
        `async hooks installed: ${hooksCreated}`,
      ),
    ],
    details: [
      table(['one invocation (10 awaits, 8 records, 6 lines)', 'us (median)', 'us, rounds', 'ns over the module variable'], rows),
      `(${ROUNDS} rounds of ${INVOCATIONS} invocations per variant, the order turning each round; async hooks installed by AsyncLocalStorage: ${hooksCreated})`,
    ],
    figures: {
      usPerInvocation: { moduleVariable: round(floor), explicit: round(passed), asyncLocalStorage: round(als) },
      nsOverModuleVariable: { explicit: round((passed - floor) * 1000), asyncLocalStorage: round((als - floor) * 1000) },
      asyncHooks: hooksCreated,
    },
  };
};
