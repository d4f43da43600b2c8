/**
 * Change versus last month in percent, one decimal. Null when last month had nothing to compare with:
 * "+100%" from zero would be a made-up figure.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
