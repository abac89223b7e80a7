/**
 * The process's own clock, stopwatch, randomness and settings: what a
 * composition root (a function's handler, the local runtime, the admin CLI)
 * hands a service that takes them injected (the tracking service's parts,
 * shared/services/tracking/), and what a test or the bench replaces. The
 * services never read them themselves (test/unit/tracking-injection.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { config } from './config';

export type Settings = typeof config;

export const processRuntime = {
  /** The business clock: when things happen (a test or the bench sets it). */
  clock: (): Date => new Date(),
  /** A monotonic stopwatch in milliseconds, for time budgets: never the business clock a test sets. */
  elapsedMs: (): number => performance.now(),
  random: (): number => Math.random(),
  newToken: (): string => randomUUID(),
  /** shared/config.ts: each setting read from the environment at each use. */
  settings: config,
};

/**
 * The settings with a few fixed (a test's or the bench's sandbox pace),
 * every other one still read from the environment at each use.
 */
export const settingsWith = (overrides: Partial<Settings>): Settings =>
  Object.create(config, Object.fromEntries(Object.entries(overrides).map(([name, value]) => [name, { value, enumerable: true }]))) as Settings;

export type Runtime = typeof processRuntime;

/** What a test or the bench may replace of the process's runtime. */
export type RuntimeOverrides = Partial<Runtime>;

/** The process's runtime with a caller's overrides; an override left undefined keeps the process's own. */
export const runtimeWith = (overrides: RuntimeOverrides = {}): Runtime => ({
  clock: overrides.clock ?? processRuntime.clock,
  elapsedMs: overrides.elapsedMs ?? processRuntime.elapsedMs,
  random: overrides.random ?? processRuntime.random,
  newToken: overrides.newToken ?? processRuntime.newToken,
  settings: overrides.settings ?? processRuntime.settings,
});
