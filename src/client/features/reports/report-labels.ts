import type { ReportBreakdownKind, ReportChartType } from '@domain/reports/report-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const chartLabels: Record<ReportChartType, MessageDescriptor> = {
  number: msg`Number`,
  line: msg`Line`,
  bar: msg`Bar`,
  stackedBar: msg`Stacked bar`,
  funnel: msg`Funnel`,
  table: msg`Table`,
};

export const breakdownLabels: Record<Exclude<ReportBreakdownKind, 'field'>, MessageDescriptor> = {
  none: msg`No breakdown`,
  day: msg`By day`,
  week: msg`By week`,
  month: msg`By month`,
};
