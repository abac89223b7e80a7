/** A bench target and how one run measured against it (`npm run bench` prints them all in one table). */
export type Check = { name: string; measured: number; target: number; unit: string; kind: 'max' | 'min'; ok: boolean; note?: string };

export const check = (name: string, measured: number, kind: 'max' | 'min', target: number, unit: string, note?: string): Check => ({
  name,
  measured,
  target,
  unit,
  kind,
  ok: Number.isFinite(measured) && (kind === 'max' ? measured <= target : measured >= target),
  ...(note ? { note } : {}),
});

/**
 * What one part of the bench returns to bench/run.ts: its targets, the lines
 * it prints under the summary table (its own detail table), and its figures
 * for the JSON written under bench/results/.
 */
export type BenchPart = { name: string; checks: Check[]; details: string[]; figures: Record<string, unknown> };

/** What bench/run.ts hands each part. */
export type BenchContext = {
  /** Progress, to stderr. */
  log: (line: string) => void;
  /** Registers a cleanup step (processes, servers, temporary directories); run in reverse on exit, on a signal and at the hard deadline. */
  defer: (name: string, fn: () => Promise<void> | void) => void;
  /** True once the run is being abandoned (a signal): stop sending work. */
  stopped: () => boolean;
};
