export interface Summary {
  median: number;
  min: number;
  max: number;
  q1: number;
  q3: number;
  iqr: number;
  n: number;
}

/** The value at quantile q (0..1) of the finite values (R-7, numpy's default); NaN if none. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

export function summarize(values: readonly number[]): Summary {
  const finite = values.filter((v) => Number.isFinite(v));
  const q1 = quantile(finite, 0.25);
  const q3 = quantile(finite, 0.75);
  return {
    median: quantile(finite, 0.5),
    min: finite.length ? Math.min(...finite) : Number.NaN,
    max: finite.length ? Math.max(...finite) : Number.NaN,
    q1,
    q3,
    iqr: q3 - q1,
    n: finite.length,
  };
}

/** 90 % interval of the median: 5th and 95th percentile of 1,000 bootstrap medians (fixed seed). */
export function medianInterval(values: readonly number[]): [number, number] {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length < 2) return [Number.NaN, Number.NaN];
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const medians: number[] = [];
  for (let i = 0; i < 1000; i++)
    medians.push(median(v.map(() => v[Math.floor(random() * v.length)]!)));
  return [quantile(medians, 0.05), quantile(medians, 0.95)];
}
