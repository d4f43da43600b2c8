import { formatDate, formatDay, formatNumber } from '@client/i18n/format';
import { fieldOf } from '@domain/reports/report-catalogue';
import {
  measureHeading,
  type ReportDefinition,
  type ReportMeasure,
  type ReportSeriesRow,
} from '@domain/reports/report-schemas';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A measure's column heading in the reader's language. */
export const measureHeadingIn = (i18n: I18n, definition: ReportDefinition, measure: ReportMeasure) =>
  measureHeading(definition.source, measure, (text) => i18n._(text));

/** A figure as the reader reads it: rates as percentages, money with cents, counts whole. */
export function formatFigure(definition: ReportDefinition, index: number, value: number | null): string {
  if (value === null) return '–';
  const measure = definition.measures[index];
  if (measure.fn === 'rate') return formatNumber(value, { style: 'percent', maximumFractionDigits: 1 });
  const field = measure.field === undefined ? undefined : fieldOf(definition.source, measure.field);
  if (field && 'money' in field && measure.fn !== 'distinct')
    return formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return formatNumber(value, { maximumFractionDigits: 2 });
}

const noValue = msg`(none)`;
const total = msg`Total`;

/** What a row is called: its period, its group's name, or "Total" for a report without breakdown. */
export function rowLabel(i18n: I18n, definition: ReportDefinition, row: ReportSeriesRow): string {
  const { by } = definition.breakdown;
  if (by === 'none') return i18n._(total);
  if (row.key === null) return i18n._(noValue);
  if (by === 'month')
    return formatDate(`${row.key}T00:00:00Z`, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  if (by === 'day' || by === 'week') return formatDay(row.key);
  return row.label ?? row.key;
}
