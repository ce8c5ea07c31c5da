import type { AbnormalResult } from './reports-api';

/** Band colours of the severity bar (SPEC §9). */
export const BAND_COLORS = { normal: '#10b981', mild: '#f59e0b', moderate: '#f97316', severe: '#f43f5e' } as const;

export interface BarSegment {
  band: keyof typeof BAND_COLORS;
  /** Fraction of the bar, 0–1. */
  from: number;
  to: number;
}

export interface Bar {
  segments: BarSegment[];
  /** Where the value sits, 0–1. */
  marker: number;
}

/**
 * The bar for a result with both bounds, following the general rule of SPEC §9: within the range
 * normal, up to 10 % of its width outside mild, up to 25 % moderate, beyond severe. The bar spans
 * 50 % of the width either side, widened to include the value. `null` without two bounds or a
 * numeric value.
 */
export function severityBar(r: Pick<AbnormalResult, 'value' | 'referenceRangeMin' | 'referenceRangeMax'>): Bar | null {
  const v = Number.parseFloat(r.value.replace(/^[<>]=?\s*/, '').replace(',', '.'));
  const lo = r.referenceRangeMin;
  const hi = r.referenceRangeMax;
  if (lo === null || hi === null || !Number.isFinite(v) || hi <= lo) return null;
  const w = hi - lo;
  const start = Math.min(lo - 0.5 * w, v - 0.05 * w);
  const end = Math.max(hi + 0.5 * w, v + 0.05 * w);
  const span = end - start;
  const at = (x: number) => (x - start) / span;
  const cuts: [number, keyof typeof BAND_COLORS][] = [
    [lo - 0.25 * w, 'severe'],
    [lo - 0.1 * w, 'moderate'],
    [lo, 'mild'],
    [hi, 'normal'],
    [hi + 0.1 * w, 'mild'],
    [hi + 0.25 * w, 'moderate'],
    [end, 'severe'],
  ];
  const segments: BarSegment[] = [];
  let prev = 0;
  for (const [x, band] of cuts) {
    const to = Math.min(1, Math.max(0, at(x)));
    if (to > prev) segments.push({ band, from: prev, to });
    prev = Math.max(prev, to);
  }
  return { segments, marker: Math.min(1, Math.max(0, at(v))) };
}
