import { formatNumber } from '@client/i18n/format';
import type { FormFigures } from '@domain/forms/form-schemas';

/** A conversion rate as the screens show it: a percentage, or a dash before the first view. */
export function conversionText(figures: FormFigures): string {
  return figures.conversionRate === null
    ? '—'
    : formatNumber(figures.conversionRate / 100, { style: 'percent', maximumFractionDigits: 1 });
}
