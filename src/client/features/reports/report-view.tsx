import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { formatDay, formatNumber } from '@client/i18n/format';
import { fieldOf } from '@domain/reports/report-catalogue';
import { emptyFigure, type ReportSeries } from '@domain/reports/report-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { formatFigure, measureHeadingIn, rowLabel } from './report-format';
import { breakdownLabels } from './report-labels';

// Recharts loads with the first chart drawn, not with the list of reports.
const ReportChart = lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChart })));

/** The change from the previous period, as a percentage; none when there was nothing before. */
function change(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null || previous === 0) return null;
  return formatNumber((current - previous) / Math.abs(previous), {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'always',
  });
}

/** A report's figures: the headline number or the chart, and always the same figures as a table. */
export function ReportView({ series }: { series: ReportSeries }) {
  const { i18n, t } = useLingui();
  const { definition, current, previous } = series;
  const headings = definition.measures.map((m) => measureHeadingIn(i18n, definition, m));
  const { breakdown } = definition;
  const groupHeading =
    breakdown.by === 'field'
      ? i18n._(fieldOf(definition.source, breakdown.field ?? '')?.label ?? '')
      : i18n._(breakdownLabels[breakdown.by]);
  const range = `${formatDay(current.range.from)} – ${formatDay(current.range.to)}`;
  const previousRange = previous
    ? `${formatDay(previous.range.from)} – ${formatDay(previous.range.to)}`
    : null;

  return (
    <section className="space-y-4" aria-label={definition.name} data-testid="report-view">
      <p className="text-sm text-muted-foreground">
        {range}
        {previousRange && (
          <>
            {' · '}
            <Trans>compared with {previousRange}</Trans>
          </>
        )}
      </p>
      {definition.chart === 'number' ? (
        <div className="flex flex-wrap gap-6">
          {headings.map((heading, i) => {
            const delta = previous ? change(current.totals[i], previous.totals[i]) : null;
            return (
              <div key={heading} className="min-w-0">
                <p className="text-sm text-muted-foreground">{heading}</p>
                <p className="text-3xl font-semibold tabular-nums">
                  {formatFigure(definition, i, current.totals[i])}
                </p>
                {delta && (
                  <p className="text-xs text-muted-foreground">
                    <Trans>{delta} on the previous period</Trans>
                  </p>
                )}
              </div>
            );
          })}
        </div>
      ) : (
        definition.chart !== 'table' && (
          <Suspense fallback={<div className="h-72" />}>
            <ReportChart series={series} />
          </Suspense>
        )
      )}
      <Table>
        <caption className="sr-only">{definition.name}</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{groupHeading}</TableHead>
            {headings.map((heading) => (
              <TableHead key={heading} scope="col" className="text-end">
                {heading}
              </TableHead>
            ))}
            {previous &&
              headings.map((heading) => (
                <TableHead key={`p-${heading}`} scope="col" className="text-end">
                  {heading} ({t`previous period`})
                </TableHead>
              ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {current.rows.map((row, index) => (
            <TableRow key={row.key ?? `row-${index}`}>
              <TableHead scope="row" className="text-sm font-normal text-foreground">
                {rowLabel(i18n, definition, row)}
              </TableHead>
              {row.values.map((value, i) => (
                <TableCell key={headings[i]} className="text-end tabular-nums">
                  {formatFigure(definition, i, value)}
                </TableCell>
              ))}
              {previous &&
                headings.map((heading, i) => (
                  <TableCell key={`p-${heading}`} className="text-end tabular-nums">
                    {formatFigure(
                      definition,
                      i,
                      // A group the previous period did not have counted nothing then.
                      (breakdown.by === 'field'
                        ? previous.rows.find((p) => p.key === row.key)
                        : previous.rows[index]
                      )?.values[i] ?? emptyFigure(definition.measures[i]),
                    )}
                  </TableCell>
                ))}
            </TableRow>
          ))}
          {breakdown.by !== 'none' && (
            <TableRow className="font-medium">
              <TableHead scope="row" className="text-sm text-foreground">
                <Trans>Total</Trans>
              </TableHead>
              {current.totals.map((value, i) => (
                <TableCell key={headings[i]} className="text-end tabular-nums">
                  {formatFigure(definition, i, value)}
                </TableCell>
              ))}
              {previous?.totals.map((value, i) => (
                <TableCell key={`p-${headings[i]}`} className="text-end tabular-nums">
                  {formatFigure(definition, i, value)}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </section>
  );
}
