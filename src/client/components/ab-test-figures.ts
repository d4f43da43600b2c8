import { formatNumber } from '@client/i18n/format';

/*
 * How A/B tests' figures read, alike for campaigns and for forms' hosted pages.
 */

/** Variant 0 is A, 1 is B, … */
export const variantLetter = (index: number) => String.fromCharCode(65 + index);

export const percentText = (rate: number | null) =>
  rate === null ? '–' : formatNumber(rate, { style: 'percent', maximumFractionDigits: 1 });

/** "+12.5% (−3.1% – +30.2%)": the relative lift with its always-valid interval. */
export function liftText(lift: { estimate: number; low: number; high: number } | null) {
  if (!lift) return '–';
  const signed = (v: number) =>
    formatNumber(v, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return `${signed(lift.estimate)} (${signed(lift.low)} – ${signed(lift.high)})`;
}
