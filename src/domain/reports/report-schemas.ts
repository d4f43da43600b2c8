import { z } from 'zod';
import { idParamSchema } from '../ids.js';
import { validationMessage } from '../validation-messages.js';
import {
  analyticsDimensionFields,
  fieldOf,
  type ReportFieldType,
  type ReportSourceId,
  reportSourceIds,
} from './report-catalogue.js';

export const reportMeasureFns = ['count', 'sum', 'avg', 'distinct', 'rate'] as const;
export type ReportMeasureFn = (typeof reportMeasureFns)[number];

export const reportChartTypes = ['number', 'line', 'bar', 'stackedBar', 'funnel', 'table'] as const;
export type ReportChartType = (typeof reportChartTypes)[number];

/** none: one row of totals; field: one row per value of a field; day/week/month: one row per period. */
export const reportBreakdowns = ['none', 'field', 'day', 'week', 'month'] as const;
export type ReportBreakdownKind = (typeof reportBreakdowns)[number];
export const dateBreakdowns = ['day', 'week', 'month'] as const;

export const reportOperators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'in',
  'before',
  'after',
  'empty',
  'notEmpty',
  'is',
] as const;
export type ReportOperator = (typeof reportOperators)[number];

/** The operators each field type takes (the builder offers these; the server refuses the rest). */
export const operatorsByType: Record<ReportFieldType, readonly ReportOperator[]> = {
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'],
  category: ['eq', 'neq', 'in', 'empty', 'notEmpty'],
  text: ['eq', 'neq', 'contains', 'empty', 'notEmpty'],
  date: ['before', 'after', 'empty', 'notEmpty'],
  boolean: ['is'],
};

/** The words of each measure and operator, catalogued: the screen shows them translated, files in English. */
export const measureLabels: Record<ReportMeasureFn, string> = {
  count: /*i18n*/ 'Count',
  sum: /*i18n*/ 'Sum',
  avg: /*i18n*/ 'Average',
  distinct: /*i18n*/ 'Distinct values',
  rate: /*i18n*/ 'Rate',
};

export const operatorLabels: Record<ReportOperator, string> = {
  eq: /*i18n*/ 'is',
  neq: /*i18n*/ 'is not',
  gt: /*i18n*/ 'is more than',
  gte: /*i18n*/ 'is at least',
  lt: /*i18n*/ 'is less than',
  lte: /*i18n*/ 'is at most',
  contains: /*i18n*/ 'contains',
  in: /*i18n*/ 'is one of',
  before: /*i18n*/ 'is before',
  after: /*i18n*/ 'is after',
  empty: /*i18n*/ 'is empty',
  notEmpty: /*i18n*/ 'is not empty',
  is: /*i18n*/ 'is',
};

/** Operators that take no value. */
export const valuelessOperators: readonly ReportOperator[] = ['empty', 'notEmpty'];

const isoDay = z.iso.date(/*i18n*/ 'A date (YYYY-MM-DD)');

export const reportFilterSchema = z.object({
  field: z.string(/*i18n*/ 'Choose a field of this source').max(64),
  op: z.enum(reportOperators, /*i18n*/ 'This operator does not apply to this field'),
  value: z
    .union([z.string().max(500), z.number(), z.boolean(), z.array(z.string().max(500)).max(50)])
    .optional(),
});
export type ReportFilter = z.infer<typeof reportFilterSchema>;

export const reportMeasureSchema = z.object({
  fn: z.enum(reportMeasureFns, /*i18n*/ 'Choose a measure'),
  /** The field summed, averaged or counted once per value (sum, avg, distinct). */
  field: z.string().max(64).optional(),
  /** rate: the share of the rows that meet this condition. */
  where: reportFilterSchema.optional(),
});
export type ReportMeasure = z.infer<typeof reportMeasureSchema>;

/** A measure over no rows: nothing counted or summed is 0; nothing averaged has no figure. */
export function emptyFigure(measure: ReportMeasure): number | null {
  return measure.fn === 'avg' || measure.fn === 'rate' ? null : 0;
}

export const reportBreakdownSchema = z.object({
  by: z.enum(reportBreakdowns, /*i18n*/ 'Choose a breakdown'),
  /** The field grouped by, when `by` is field. */
  field: z.string().max(64).optional(),
});
export type ReportBreakdown = z.infer<typeof reportBreakdownSchema>;

/**
 * A measure's column heading, "Count", "Sum: Value", "Rate: Status is customer", with `translate` applied to
 * each catalogued word (the screen passes its i18n, an exported file keeps English).
 */
export function measureHeading(
  source: ReportSourceId,
  measure: ReportMeasure,
  translate: (text: string) => string = (text) => text,
): string {
  const name = translate(measureLabels[measure.fn]);
  const fieldLabel = (field: string | undefined) => {
    const found = field === undefined ? undefined : fieldOf(source, field);
    return found ? translate(found.label) : (field ?? '');
  };
  if (measure.fn === 'count') return name;
  if (measure.fn === 'rate' && measure.where) {
    const { field, op, value } = measure.where;
    const shown = Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
    return `${name}: ${fieldLabel(field)} ${translate(operatorLabels[op])} ${shown}`.trim();
  }
  return `${name}: ${fieldLabel(measure.field)}`;
}

/** Whole UTC days, both ends included; the previous period is as many days just before `from`. */
export const reportRangeSchema = z.object({ from: isoDay, to: isoDay });
export type ReportRange = z.infer<typeof reportRangeSchema>;

const dayMs = 86_400_000;
/** Ten years: a day breakdown stays a few thousand rows. */
const maxRangeDays = 3660;

/** The number of days of a range, both ends included. */
export function rangeDays(range: ReportRange): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / dayMs) + 1;
}

/** The same number of days just before the range. */
export function previousRange(range: ReportRange): ReportRange {
  const days = rangeDays(range);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(Date.parse(range.from) - days * dayMs), to: day(Date.parse(range.from) - dayMs) };
}

function checkFilter(
  source: ReportSourceId,
  filter: ReportFilter,
  path: (string | number)[],
  ctx: z.RefinementCtx,
): void {
  const field = fieldOf(source, filter.field);
  if (!field) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'field'],
      message: /*i18n*/ 'Choose a field of this source',
    });
    return;
  }
  if (!operatorsByType[field.type].includes(filter.op)) {
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'op'],
      message: /*i18n*/ 'This operator does not apply to this field',
    });
    return;
  }
  const value = filter.value;
  const fits = valuelessOperators.includes(filter.op)
    ? value === undefined
    : filter.op === 'in'
      ? Array.isArray(value) && value.length > 0
      : field.type === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : field.type === 'boolean'
          ? typeof value === 'boolean'
          : field.type === 'date'
            ? typeof value === 'string' && isoDay.safeParse(value).success
            : typeof value === 'string';
  if (!fits)
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'value'],
      message: /*i18n*/ 'Enter a value of the field’s type',
    });
}

export const reportDefinitionSchema = z
  .object({
    name: z
      .string(validationMessage(/*i18n*/ '{label} is required', { label: /*i18n*/ 'Name' }))
      .trim()
      .min(1, validationMessage(/*i18n*/ '{label} is required', { label: /*i18n*/ 'Name' }))
      .max(
        200,
        validationMessage(/*i18n*/ '{label} must be at most {max} characters', {
          label: /*i18n*/ 'Name',
          max: 200,
        }),
      ),
    source: z.enum(reportSourceIds, /*i18n*/ 'Choose a source'),
    measures: z.array(reportMeasureSchema).min(1, /*i18n*/ 'Choose a measure').max(5),
    breakdown: reportBreakdownSchema.default({ by: 'none' }),
    filters: z.array(reportFilterSchema).max(20).default([]),
    range: reportRangeSchema,
    /** Also answer the previous period of the same length. */
    compare: z.boolean().default(false),
    chart: z.enum(reportChartTypes, /*i18n*/ 'Choose a chart').default('table'),
  })
  .strict()
  .superRefine((report, ctx) => {
    const { source } = report;
    report.filters.forEach((filter, index) => {
      checkFilter(source, filter, ['filters', index], ctx);
    });
    report.measures.forEach((measure, index) => {
      const path = ['measures', index];
      if (measure.fn === 'rate') {
        if (!measure.where)
          ctx.addIssue({ code: 'custom', path: [...path, 'where'], message: /*i18n*/ 'Choose a condition' });
        else checkFilter(source, measure.where, [...path, 'where'], ctx);
        return;
      }
      if (measure.fn === 'count') return;
      const field = measure.field === undefined ? undefined : fieldOf(source, measure.field);
      if (!field || (measure.fn !== 'distinct' && field.type !== 'number'))
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'field'],
          message:
            measure.fn === 'distinct'
              ? /*i18n*/ 'Choose a field of this source'
              : /*i18n*/ 'Choose a number field',
        });
    });
    const { breakdown } = report;
    if (breakdown.by === 'field') {
      const field = breakdown.field === undefined ? undefined : fieldOf(source, breakdown.field);
      if (!field || field.type === 'number' || field.type === 'date')
        ctx.addIssue({
          code: 'custom',
          path: ['breakdown', 'field'],
          message: /*i18n*/ 'Choose a field to group by',
        });
    }
    if (report.range.to < report.range.from)
      ctx.addIssue({
        code: 'custom',
        path: ['range', 'to'],
        message: /*i18n*/ 'The end must be on or after the start',
      });
    else if (rangeDays(report.range) > maxRangeDays)
      ctx.addIssue({
        code: 'custom',
        path: ['range', 'to'],
        message: /*i18n*/ 'A range of at most ten years',
      });
    if (source === 'analytics') {
      const dimensions = new Set(
        [
          breakdown.by === 'field' ? breakdown.field : undefined,
          ...report.filters.map((f) => f.field),
          ...report.measures.map((m) => m.where?.field),
        ].filter((f) => (analyticsDimensionFields as readonly (string | undefined)[]).includes(f)),
      );
      if (dimensions.size > 1)
        ctx.addIssue({
          code: 'custom',
          path: ['filters'],
          message:
            /*i18n*/ 'Web analytics groups or filters by one of page, traffic source, country, device or goal',
        });
    }
  });

export type ReportDefinitionInput = z.input<typeof reportDefinitionSchema>;
export type ReportDefinition = z.output<typeof reportDefinitionSchema>;

export const reportIdParamsSchema = z.object({ id: idParamSchema });

// ---- answers ----

export const reportSchema = z.object({
  id: z.number(),
  definition: reportDefinitionSchema,
  createdBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListSchema = z.object({ reports: z.array(reportSchema) });
export type ReportList = z.infer<typeof reportListSchema>;

export const reportSeriesRowSchema = z.object({
  /** The group: a field's value (null when the rows have none), a period's first day, or null for totals. */
  key: z.string().nullable(),
  /** What the group is called where its key is an id (an owner's name, a website's, a form's). */
  label: z.string().nullable(),
  /** One figure per measure, in the definition's order; null where there is nothing to average. */
  values: z.array(z.number().nullable()),
});
export type ReportSeriesRow = z.infer<typeof reportSeriesRowSchema>;

export const reportPeriodSchema = z.object({
  range: reportRangeSchema,
  rows: z.array(reportSeriesRowSchema),
  /** The measures over the whole period, whatever the breakdown. */
  totals: z.array(z.number().nullable()),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const reportSeriesSchema = z.object({
  reportId: z.number().nullable(),
  definition: reportDefinitionSchema,
  current: reportPeriodSchema,
  /** The period of the same length just before, when the definition compares. */
  previous: reportPeriodSchema.nullable(),
});
export type ReportSeries = z.infer<typeof reportSeriesSchema>;

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportQuerySchema = z.object({
  format: z.enum(exportFormats, /*i18n*/ 'Format must be csv or xlsx').default('csv'),
});

/** The lists that export whole (issue 34 §4). */
export const exportLists = ['contacts', 'deals', 'tasks', 'campaignRecipients', 'webhookDeliveries'] as const;
export type ExportList = (typeof exportLists)[number];
export const exportListParamsSchema = z.object({
  list: z.enum(exportLists, /*i18n*/ 'Choose a list to export'),
});
/** A list's export narrowed to one campaign's recipients or one endpoint's deliveries (others ignore them). */
export const exportListQuerySchema = exportQuerySchema.extend({
  campaignId: idParamSchema.optional(),
  endpointId: idParamSchema.optional(),
});
export type ExportListQuery = z.infer<typeof exportListQuerySchema>;
