import type { StatTile } from '@client/components/stat-tile-grid';
import type { DealStats } from '@domain/deals/deal-schemas';
import { Briefcase, Percent } from 'lucide-react';
import { countFormat, formatMoney, percentFormat } from './deal-format';

/** The CRM tiles computed from deals (spec 000 §2.6 'active deals', 'conversion rate'), each saying what it counts. */
export const dealTiles: StatTile<{ deals: DealStats }>[] = [
  {
    title: 'Active Deals',
    icon: Briefcase,
    value: ({ deals }) => countFormat.format(deals.active.count),
    hint: ({ deals }) => (
      <>Deals in leads, qualified, proposal or negotiation, worth {formatMoney(deals.active.valueCents)}</>
    ),
  },
  {
    title: 'Conversion Rate',
    icon: Percent,
    value: ({ deals }) =>
      deals.conversion.rate === null ? '—' : percentFormat.format(deals.conversion.rate / 100),
    hint: ({ deals }) => (
      <>
        Won of the deals won or lost in the last {countFormat.format(deals.conversion.periodDays)} days (
        {countFormat.format(deals.conversion.won)} of{' '}
        {countFormat.format(deals.conversion.won + deals.conversion.lost)})
      </>
    ),
  },
];
