import type {
  ReportBreakdownKind,
  ReportChartType,
  ReportMeasureFn,
  ReportOperator,
} from '@domain/reports/report-schemas';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const measureLabels: Record<ReportMeasureFn, MessageDescriptor> = {
  count: msg`Count`,
  sum: msg`Sum`,
  avg: msg`Average`,
  distinct: msg`Distinct values`,
  rate: msg`Rate`,
};

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

export const operatorLabels: Record<ReportOperator, MessageDescriptor> = {
  eq: msg`is`,
  neq: msg`is not`,
  gt: msg`is more than`,
  gte: msg`is at least`,
  lt: msg`is less than`,
  lte: msg`is at most`,
  contains: msg`contains`,
  in: msg`is one of`,
  before: msg`is before`,
  after: msg`is after`,
  empty: msg`is empty`,
  notEmpty: msg`is not empty`,
  is: msg`is`,
};
