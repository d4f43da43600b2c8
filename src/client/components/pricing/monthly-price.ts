import { formatMoney } from '@client/i18n/format';
import { t } from '@lingui/core/macro';

/** A monthly price in the active language: "$149/mo" in English. */
export function formatMonthlyPrice(cents: number): string {
  const price = formatMoney(cents);
  return t`${price}/mo`;
}
