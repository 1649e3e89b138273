/** Small statistics for the benchmarks: medians and percentiles of samples, rounded for printing. */

/** The q-quantile (0..1) of the samples, linear between the two nearest ranks; NaN for none. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const s = [...samples].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);
export const p95 = (samples: readonly number[]): number => quantile(samples, 0.95);

/** Rounds to `digits` decimals (1 by default). */
export const round = (n: number, digits = 1): number => Number(n.toFixed(digits));

/** Median and p95 of samples, rounded. */
export function summarize(samples: readonly number[], digits = 1): { median: number; p95: number; n: number } {
  return { median: round(median(samples), digits), p95: round(p95(samples), digits), n: samples.length };
}
