/** Latency statistics and the text table of the benchmark report. */

export type LatencySummary = {
  /** Measured operations (after the warm-up). */
  count: number;
  /** Wall time of the measured phase, in ms. */
  wallMs: number;
  /** count / wall time. */
  opsPerSec: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
};

/** Nearest-rank percentile (`p` in 0–100) of ascending `sorted`. */
export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
};

export const summarize = (samplesMs: readonly number[], wallMs: number): LatencySummary => {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const total = sorted.reduce((sum, v) => sum + v, 0);
  return {
    count: sorted.length,
    wallMs,
    opsPerSec: wallMs > 0 ? (sorted.length * 1000) / wallMs : Number.NaN,
    meanMs: sorted.length > 0 ? total / sorted.length : Number.NaN,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? Number.NaN,
  };
};

/** Rounds for the JSON summary: 3 decimals below 10, 2 below 1000, whole numbers above. */
export const round = (v: number): number => {
  if (!Number.isFinite(v)) return v;
  const digits = Math.abs(v) < 10 ? 3 : Math.abs(v) < 1000 ? 2 : 0;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

export const roundSummary = (s: LatencySummary): LatencySummary => ({
  count: s.count,
  wallMs: round(s.wallMs),
  opsPerSec: round(s.opsPerSec),
  meanMs: round(s.meanMs),
  p50Ms: round(s.p50Ms),
  p95Ms: round(s.p95Ms),
  p99Ms: round(s.p99Ms),
  maxMs: round(s.maxMs),
});

export const fmt = (v: number, unit = ''): string => {
  if (!Number.isFinite(v)) return '-';
  if (Number.isInteger(v)) return `${v}${unit}`;
  const digits = Math.abs(v) < 1 ? 3 : Math.abs(v) < 100 ? 2 : Math.abs(v) < 10_000 ? 1 : 0;
  return `${v.toFixed(digits)}${unit}`;
};

export const mib = (bytes: number): number => bytes / (1024 * 1024);

/** A plain text table; numbers (optionally with a unit) are right-aligned. */
export const table = (header: readonly string[], rows: readonly (readonly string[])[]): string => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = /^[-+]?[\d.,]+( (ms|ops\/s|MiB|req))?$/;
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (numeric.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
};
