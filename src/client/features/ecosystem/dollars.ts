import { formatMoney } from '@client/i18n/format';

/** An amount in dollars, as the ecosystem's prices are, shown as money. */
export const dollars = (amount: number) => formatMoney(Math.round(amount * 100));
