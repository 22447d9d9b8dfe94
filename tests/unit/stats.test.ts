import { describe, expect, it } from 'vitest';
import { median, medianInterval, quantile, summarize } from '../../src/shared/stats';

describe('shared statistics', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('interpolates percentiles between closest ranks (R-7)', () => {
    const ten = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(quantile(ten, 0)).toBe(10);
    expect(quantile(ten, 1)).toBe(100);
    expect(quantile(ten, 0.95)).toBeCloseTo(95.5, 10);
    expect(quantile(ten, 0.25)).toBeCloseTo(32.5, 10);
  });

  it('ignores NaN and infinities, and gives NaN for no values', () => {
    expect(median([Number.NaN, 7, Number.POSITIVE_INFINITY])).toBe(7);
    expect(median([])).toBeNaN();
    expect(summarize([]).n).toBe(0);
  });

  it('summarizes with range and interquartile range', () => {
    expect(summarize([1, 2, 3, 4, 5])).toEqual({
      median: 3,
      min: 1,
      max: 5,
      q1: 2,
      q3: 4,
      iqr: 2,
      n: 5,
    });
  });

  it('does not reorder the values it is given', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('gives the median a narrow 90 % interval for steady values and a wide one for scattered', () => {
    const steady = medianInterval([100, 101, 99, 100, 102, 98]);
    const scattered = medianInterval([50, 400, 120, 300, 90, 250]);
    expect(steady[1] - steady[0]).toBeLessThanOrEqual(3);
    expect(scattered[1] - scattered[0]).toBeGreaterThan(100);
    expect(medianInterval([5])).toEqual([Number.NaN, Number.NaN]);
  });
});
