/**
 * Money helpers. Every amount inside the product is an integer number of cents; dollars only
 * appear at the edges (display, and the spec's dollar constants turned into cents once).
 */

/** Whole dollars to cents, e.g. the spec's "$149" -> 14900. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Cents to a dollar number for display math only (card-provider page: "cents divided by 100"). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

const wholeDollarFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const centsFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * "$1,497" for whole-dollar amounts, "$12.34" when there are cents — prices in the spec are whole
 * dollars and read better without ".00", while computed figures (charity, averages) keep their cents.
 */
export function formatDollars(cents: number): string {
  return cents % 100 === 0 ? wholeDollarFormat.format(cents / 100) : centsFormat.format(cents / 100);
}

/** Always two decimals, for tables of payments where columns should line up. */
export function formatDollarsExact(cents: number): string {
  return centsFormat.format(cents / 100);
}
