import { formatNumber } from '@client/i18n/format';

/** An uptime (a percentage, or none yet) as the Monitors card shows it. */
export const percent = (value: number | null) =>
  value === null ? '—' : formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });
export const seconds = (value: number) =>
  formatNumber(value, { style: 'unit', unit: 'second', unitDisplay: 'short' });
export const millis = (value: number) =>
  formatNumber(value, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' });
