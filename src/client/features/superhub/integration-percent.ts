import { formatNumber } from '@client/i18n/format';

/** A progress or uptime percentage, to a tenth. */
export const percent = (value: number) =>
  formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
