import type { StatTile } from '@client/components/stat-tile-grid';
import type { DealStats } from '@domain/deals/deal-schemas';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { Briefcase, Percent } from 'lucide-react';
import { formatCount, formatMoney, formatPercent } from './deal-format';

/** The CRM tiles computed from deals (spec 000 §2.6 'active deals', 'conversion rate'), each saying what it counts. */
export function dealTiles(i18n: I18n): StatTile<{ deals: DealStats }>[] {
  return [
    {
      title: i18n._(msg`Active Deals`),
      icon: Briefcase,
      value: ({ deals }) => formatCount(deals.active.count),
      hint: ({ deals }) => {
        const worth = formatMoney(deals.active.valueCents);
        return <Trans>Deals in leads, qualified, proposal or negotiation, worth {worth}</Trans>;
      },
    },
    {
      title: i18n._(msg`Conversion Rate`),
      icon: Percent,
      value: ({ deals }) =>
        deals.conversion.rate === null ? '—' : formatPercent(deals.conversion.rate / 100),
      hint: ({ deals }) => {
        const won = formatCount(deals.conversion.won);
        const closed = formatCount(deals.conversion.won + deals.conversion.lost);
        return (
          <Trans>
            Won of the deals won or lost in the last{' '}
            <Plural value={deals.conversion.periodDays} one="# day" other="# days" /> ({won} of {closed})
          </Trans>
        );
      },
    },
  ];
}
