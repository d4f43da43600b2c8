import { formatMoney } from '@client/i18n/format';

/** An amount in dollars, as the cross-sales figures are, shown as money. */
export const dollars = (amount: number) => formatMoney(Math.round(amount * 100));
