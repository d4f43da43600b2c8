import { formatNumber } from '@client/i18n/format';
import type { DealStage } from '@domain/deals/deal-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Whole units of the deal's own currency ("$4,500"), in the user's language. */
export function formatMoney(cents: number, currency = 'USD'): string {
  return formatNumber(cents / 100, { style: 'currency', currency, maximumFractionDigits: 0 });
}

export function formatCount(value: number): string {
  return formatNumber(value);
}

/** A share from 0 to 1 as a percentage with at most one decimal ("12.5%"). */
export function formatPercent(share: number): string {
  return formatNumber(share, { style: 'percent', maximumFractionDigits: 1 });
}

export { formatDay, formatMonth } from '@client/i18n/format';

/** The stages' names on screen (`i18n._`); the English is `dealStageLabels`, which the CSV import also reads. */
export const dealStageNames: Record<DealStage, MessageDescriptor> = {
  leads: msg`Leads`,
  qualified: msg`Qualified`,
  proposal: msg`Proposal`,
  negotiation: msg`Negotiation`,
  won: msg`Won`,
  lost: msg`Lost`,
};

/** Column accents, one per stage. */
export const stageAccents: Record<DealStage, { dot: string; bar: string }> = {
  leads: { dot: 'bg-sky-500', bar: '[&>div]:bg-sky-500' },
  qualified: { dot: 'bg-amber-500', bar: '[&>div]:bg-amber-500' },
  proposal: { dot: 'bg-violet-500', bar: '[&>div]:bg-violet-500' },
  negotiation: { dot: 'bg-orange-500', bar: '[&>div]:bg-orange-500' },
  won: { dot: 'bg-emerald-500', bar: '[&>div]:bg-emerald-500' },
  lost: { dot: 'bg-zinc-400', bar: '[&>div]:bg-zinc-400' },
};
