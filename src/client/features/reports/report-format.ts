import { formatDate, formatDay, formatNumber } from '@client/i18n/format';
import { fieldOf } from '@domain/reports/report-catalogue';
import type { ReportDefinition, ReportMeasure, ReportSeriesRow } from '@domain/reports/report-schemas';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { measureLabels, operatorLabels } from './report-labels';

const fieldLabel = (i18n: I18n, definition: ReportDefinition, field: string | undefined) => {
  const found = field === undefined ? undefined : fieldOf(definition.source, field);
  return found ? i18n._(found.label) : (field ?? '');
};

/** A measure's column heading: "Count", "Sum: Value", "Rate: Status is customer". */
export function measureHeading(i18n: I18n, definition: ReportDefinition, measure: ReportMeasure): string {
  const name = i18n._(measureLabels[measure.fn]);
  if (measure.fn === 'count') return name;
  if (measure.fn === 'rate' && measure.where) {
    const { field, op, value } = measure.where;
    const shown = Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
    return `${name}: ${fieldLabel(i18n, definition, field)} ${i18n._(operatorLabels[op])} ${shown}`.trim();
  }
  return `${name}: ${fieldLabel(i18n, definition, measure.field)}`;
}

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
