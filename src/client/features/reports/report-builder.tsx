import { FormField } from '@client/components/form/form-field';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { selectTriggerClassName } from '@client/components/ui/select-trigger-class';
import { ApiError } from '@client/lib/api';
import { toastError } from '@client/lib/error-toast';
import { type ReportField, type ReportSourceId, reportSources } from '@domain/reports/report-catalogue';
import {
  measureLabels,
  operatorLabels,
  operatorsByType,
  type ReportChartType,
  type ReportDefinitionInput,
  type ReportFilter,
  type ReportMeasure,
  type ReportMeasureFn,
  type ReportOperator,
  reportChartTypes,
  reportMeasureFns,
  valuelessOperators,
} from '@domain/reports/report-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { breakdownLabels, chartLabels } from './report-labels';
import { ReportView } from './report-view';
import { usePreviewReport, useSaveReport } from './reports-api';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A new report: contacts counted by day over the last 30 days, against the 30 before. */
export function newDefinition(): ReportDefinitionInput {
  const today = new Date();
  return {
    name: '',
    source: 'contacts',
    measures: [{ fn: 'count' }],
    breakdown: { by: 'day' },
    filters: [],
    range: { from: isoDay(new Date(today.getTime() - 29 * 86_400_000)), to: isoDay(today) },
    compare: true,
    chart: 'line',
  };
}

const fieldsOf = (source: ReportSourceId) =>
  Object.entries(reportSources[source].fields) as [string, ReportField][];

const firstFilter = (source: ReportSourceId): ReportFilter => {
  const [field, spec] = fieldsOf(source)[0];
  return { field, op: operatorsByType[spec.type][0], value: spec.type === 'boolean' ? true : '' };
};

/** The value as the field's type wants it (a number from a number box, a list from "a, b"). */
function typedValue(spec: ReportField | undefined, op: ReportOperator, text: string): ReportFilter['value'] {
  if (valuelessOperators.includes(op)) return undefined;
  if (op === 'in')
    return text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  if (spec?.type === 'number') return text === '' ? '' : Number(text);
  if (spec?.type === 'boolean') return text === 'true';
  return text;
}

/** One condition: field, operator and value (filters, and a rate's condition). */
function ConditionEditor({
  source,
  condition,
  onChange,
  errorOf,
  path,
}: {
  source: ReportSourceId;
  condition: ReportFilter;
  onChange: (next: ReportFilter) => void;
  errorOf: (path: string) => string | undefined;
  path: string;
}) {
  const { i18n, t } = useLingui();
  const spec = reportSources[source].fields[condition.field as never] as ReportField | undefined;
  const operators = spec ? operatorsByType[spec.type] : [];
  const shown = Array.isArray(condition.value) ? condition.value.join(', ') : String(condition.value ?? '');
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
      <FormField label={t`Field`} error={errorOf(`${path}.field`)}>
        {(id) => (
          <select
            id={id}
            className={selectTriggerClassName}
            value={condition.field}
            onChange={(e) => {
              const next = reportSources[source].fields[e.target.value as never] as ReportField;
              onChange({
                field: e.target.value,
                op: operatorsByType[next.type][0],
                value: next.type === 'boolean' ? true : '',
              });
            }}
          >
            {fieldsOf(source).map(([name, field]) => (
              <option key={name} value={name}>
                {i18n._(field.label)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t`Condition`} error={errorOf(`${path}.op`)}>
        {(id) => (
          <select
            id={id}
            className={selectTriggerClassName}
            value={condition.op}
            onChange={(e) => {
              const op = e.target.value as ReportOperator;
              onChange({ ...condition, op, value: typedValue(spec, op, shown) });
            }}
          >
            {operators.map((op) => (
              <option key={op} value={op}>
                {i18n._(operatorLabels[op])}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {!valuelessOperators.includes(condition.op) && (
        <FormField label={t`Value`} error={errorOf(`${path}.value`)}>
          {(id, invalid) =>
            spec?.type === 'boolean' ? (
              <select
                id={id}
                className={selectTriggerClassName}
                value={String(condition.value)}
                onChange={(e) => onChange({ ...condition, value: e.target.value === 'true' })}
              >
                <option value="true">{t`Yes`}</option>
                <option value="false">{t`No`}</option>
              </select>
            ) : (
              <Input
                id={id}
                aria-invalid={invalid}
                type={spec?.type === 'number' ? 'number' : spec?.type === 'date' ? 'date' : 'text'}
                list={spec?.options && condition.op !== 'in' ? `${id}-options` : undefined}
                value={shown}
                onChange={(e) =>
                  onChange({ ...condition, value: typedValue(spec, condition.op, e.target.value) })
                }
              />
            )
          }
        </FormField>
      )}
      {spec?.options && (
        <datalist id={`${path}-options`}>
          {spec.options.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      )}
    </div>
  );
}

/**
 * The report builder: source, measures, breakdown, filters, range with comparison, chart; "Preview" runs
 * the definition unsaved and shows it as it will look.
 */
export function ReportBuilder({
  reportId,
  initial,
  onSaved,
  onCancel,
}: {
  reportId: number | null;
  initial: ReportDefinitionInput;
  onSaved: (id: number) => void;
  onCancel: () => void;
}) {
  const { i18n, t } = useLingui();
  const [draft, setDraft] = useState<ReportDefinitionInput>(initial);
  const preview = usePreviewReport();
  const save = useSaveReport();
  const failure = save.error ?? preview.error;
  const issues = failure instanceof ApiError ? failure.issues : [];
  const errorOf = (path: string) => issues.find((issue) => issue.path === path)?.message;
  const source = draft.source;
  const measures = draft.measures;
  const filters = draft.filters ?? [];
  const set = (patch: Partial<ReportDefinitionInput>) => setDraft((d) => ({ ...d, ...patch }));
  const setMeasure = (index: number, next: ReportMeasure) =>
    set({ measures: measures.map((m, i) => (i === index ? next : m)) });
  const numberFields = fieldsOf(source).filter(([, f]) => f.type === 'number');
  const groupFields = fieldsOf(source).filter(([, f]) => f.type !== 'number' && f.type !== 'date');
  const breakdownValue =
    draft.breakdown?.by === 'field' ? `field:${draft.breakdown.field}` : (draft.breakdown?.by ?? 'none');

  const measureFor = (fn: ReportMeasureFn): ReportMeasure =>
    fn === 'count'
      ? { fn }
      : fn === 'rate'
        ? { fn, where: firstFilter(source) }
        : { fn, field: (fn === 'distinct' ? fieldsOf(source)[0] : numberFields[0])?.[0] };

  return (
    <div className="space-y-6">
      <form
        className="space-y-5 rounded-lg border bg-card p-4"
        aria-label={t`Report builder`}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { id: reportId, definition: draft },
            {
              onSuccess: (report) => onSaved(report.id),
              onError: (error) => {
                if (!(error instanceof ApiError) || error.issues.length === 0)
                  toastError(t`The report could not be saved.`, error);
              },
            },
          );
        }}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label={t`Report name`} error={errorOf('name')}>
            {(id, invalid) => (
              <Input
                id={id}
                aria-invalid={invalid}
                value={draft.name}
                maxLength={200}
                onChange={(e) => set({ name: e.target.value })}
              />
            )}
          </FormField>
          <FormField label={t`Source`} error={errorOf('source')}>
            {(id) => (
              <select
                id={id}
                className={selectTriggerClassName}
                value={source}
                onChange={(e) => {
                  const next = e.target.value as ReportSourceId;
                  // Fields are the source's own: what was chosen for another source does not carry over.
                  set({ source: next, measures: [{ fn: 'count' }], filters: [], breakdown: { by: 'day' } });
                }}
              >
                {Object.entries(reportSources).map(([id, s]) => (
                  <option key={id} value={id}>
                    {i18n._(s.label)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">
            <Trans>Measures</Trans>
          </legend>
          {measures.map((measure, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: measures have no id; their place is who they are.
            <div key={index} className="space-y-2 rounded-md border p-3">
              <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
                <FormField label={t`Measure`} error={errorOf(`measures.${index}.fn`)}>
                  {(id) => (
                    <select
                      id={id}
                      className={selectTriggerClassName}
                      value={measure.fn}
                      onChange={(e) => setMeasure(index, measureFor(e.target.value as ReportMeasureFn))}
                    >
                      {reportMeasureFns.map((fn) => (
                        <option key={fn} value={fn}>
                          {i18n._(measureLabels[fn])}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                {(measure.fn === 'sum' || measure.fn === 'avg' || measure.fn === 'distinct') && (
                  <FormField label={t`Of`} error={errorOf(`measures.${index}.field`)}>
                    {(id) => (
                      <select
                        id={id}
                        className={selectTriggerClassName}
                        value={measure.field ?? ''}
                        onChange={(e) => setMeasure(index, { ...measure, field: e.target.value })}
                      >
                        {(measure.fn === 'distinct' ? fieldsOf(source) : numberFields).map(([name, f]) => (
                          <option key={name} value={name}>
                            {i18n._(f.label)}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                )}
                {measures.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t`Remove measure`}
                    onClick={() => set({ measures: measures.filter((_, i) => i !== index) })}
                  >
                    <Trash2 />
                  </Button>
                )}
              </div>
              {measure.fn === 'rate' && measure.where && (
                <ConditionEditor
                  source={source}
                  condition={measure.where}
                  onChange={(where) => setMeasure(index, { ...measure, where })}
                  errorOf={errorOf}
                  path={`measures.${index}.where`}
                />
              )}
            </div>
          ))}
          {measures.length < 5 && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => set({ measures: [...measures, { fn: 'count' }] })}
            >
              <Plus />
              <Trans>Add measure</Trans>
            </Button>
          )}
        </fieldset>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label={t`Breakdown`} error={errorOf('breakdown.field') ?? errorOf('breakdown.by')}>
            {(id) => (
              <select
                id={id}
                className={selectTriggerClassName}
                value={breakdownValue}
                onChange={(e) => {
                  const value = e.target.value;
                  set({
                    breakdown: value.startsWith('field:')
                      ? { by: 'field', field: value.slice(6) }
                      : { by: value as 'none' | 'day' | 'week' | 'month' },
                  });
                }}
              >
                {(['none', 'day', 'week', 'month'] as const).map((by) => (
                  <option key={by} value={by}>
                    {i18n._(breakdownLabels[by])}
                  </option>
                ))}
                {groupFields.map(([name, f]) => (
                  <option key={name} value={`field:${name}`}>
                    {i18n._(f.label)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t`Chart`} error={errorOf('chart')}>
            {(id) => (
              <select
                id={id}
                className={selectTriggerClassName}
                value={draft.chart}
                onChange={(e) => set({ chart: e.target.value as ReportChartType })}
              >
                {reportChartTypes.map((chart) => (
                  <option key={chart} value={chart}>
                    {i18n._(chartLabels[chart])}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">
            <Trans>Filters</Trans>
          </legend>
          {errorOf('filters') && (
            <p className="text-xs text-destructive" role="alert">
              {i18n._(errorOf('filters') as string)}
            </p>
          )}
          {filters.map((filter, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: filters have no id; their place is who they are.
            <div key={index} className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <ConditionEditor
                  source={source}
                  condition={filter}
                  onChange={(next) => set({ filters: filters.map((f, i) => (i === index ? next : f)) })}
                  errorOf={errorOf}
                  path={`filters.${index}`}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t`Remove filter`}
                onClick={() => set({ filters: filters.filter((_, i) => i !== index) })}
              >
                <Trash2 />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => set({ filters: [...filters, firstFilter(source)] })}
          >
            <Plus />
            <Trans>Add filter</Trans>
          </Button>
        </fieldset>

        <div className="grid grid-cols-1 items-end gap-4 sm:grid-cols-3">
          <FormField label={t`From`} error={errorOf('range.from')}>
            {(id, invalid) => (
              <Input
                id={id}
                type="date"
                aria-invalid={invalid}
                value={draft.range.from}
                onChange={(e) => set({ range: { ...draft.range, from: e.target.value } })}
              />
            )}
          </FormField>
          <FormField label={t`To`} error={errorOf('range.to')}>
            {(id, invalid) => (
              <Input
                id={id}
                type="date"
                aria-invalid={invalid}
                value={draft.range.to}
                onChange={(e) => set({ range: { ...draft.range, to: e.target.value } })}
              />
            )}
          </FormField>
          <label className="flex h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={draft.compare ?? false}
              onChange={(e) => set({ compare: e.target.checked })}
            />
            <Trans>Compare with the previous period</Trans>
          </label>
        </div>

        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={preview.isPending}
            onClick={() => {
              save.reset();
              preview.mutate(
                { ...draft, name: draft.name.trim() || t`Preview` },
                {
                  onError: (error) => {
                    if (!(error instanceof ApiError) || error.issues.length === 0)
                      toastError(t`The preview could not be run.`, error);
                  },
                },
              );
            }}
          >
            <Trans>Preview</Trans>
          </Button>
          <Button type="submit" disabled={save.isPending}>
            <Trans>Save report</Trans>
          </Button>
        </div>
      </form>
      {preview.data && !preview.isPending && <ReportView series={preview.data} />}
    </div>
  );
}
