import type { ReportSeries } from '@domain/reports/report-schemas';
import { useLingui } from '@lingui/react/macro';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Funnel,
  FunnelChart,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatFigure, measureHeadingIn, rowLabel } from './report-format';

const colours = [
  'var(--color-primary, #2563eb)',
  'var(--color-chart-2, #60a5fa)',
  '#f59e0b',
  '#10b981',
  '#a855f7',
];
const previousColour = '#94a3b8';

/**
 * The chart of a report (this file is its own chunk: only a screen that draws a chart loads Recharts). The
 * table beside it carries the same figures for every reader, so the chart is hidden from assistive technology
 * and left out of the tab order (Recharts' keyboard layer would be a focus stop inside a hidden element).
 */
export function ReportChart({ series }: { series: ReportSeries }) {
  const { i18n, t } = useLingui();
  const { definition, current, previous } = series;
  const headings = definition.measures.map((m) => measureHeadingIn(i18n, definition, m));
  const previousName = t`Previous period`;
  const data = current.rows.map((row, index) => ({
    label: rowLabel(i18n, definition, row),
    ...Object.fromEntries(row.values.map((value, i) => [`m${i}`, value])),
    ...(previous ? { p0: previous.rows[index]?.values[0] ?? null } : {}),
  }));
  const format = (i: number) => (value: unknown) =>
    formatFigure(definition, i, typeof value === 'number' ? value : null);
  const tooltip = (
    <Tooltip
      formatter={(value, _name, item) =>
        formatFigure(
          definition,
          Number(String(item.dataKey).slice(1)) || 0,
          typeof value === 'number' ? value : null,
        )
      }
    />
  );
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
      <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={16} />
      <YAxis tickLine={false} axisLine={false} fontSize={12} tickFormatter={format(0)} width={64} />
      {tooltip}
      <Legend wrapperStyle={{ fontSize: 12 }} />
    </>
  );

  let chart: React.ReactElement;
  switch (definition.chart) {
    case 'line':
      chart = (
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          {axes}
          {headings.map((name, i) => (
            <Line
              key={name}
              type="monotone"
              isAnimationActive={false}
              dataKey={`m${i}`}
              name={name}
              stroke={colours[i]}
              dot={false}
            />
          ))}
          {previous && (
            <Line
              type="monotone"
              isAnimationActive={false}
              dataKey="p0"
              name={`${headings[0]} (${previousName})`}
              stroke={previousColour}
              strokeDasharray="4 4"
              dot={false}
            />
          )}
        </LineChart>
      );
      break;
    case 'bar':
    case 'stackedBar':
      chart = (
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          {axes}
          {headings.map((name, i) => (
            <Bar
              key={name}
              isAnimationActive={false}
              dataKey={`m${i}`}
              name={name}
              fill={colours[i]}
              stackId={definition.chart === 'stackedBar' ? 'measures' : undefined}
            />
          ))}
          {previous && definition.chart === 'bar' && (
            <Bar
              isAnimationActive={false}
              dataKey="p0"
              name={`${headings[0]} (${previousName})`}
              fill={previousColour}
            />
          )}
        </BarChart>
      );
      break;
    case 'funnel':
      chart = (
        <FunnelChart accessibilityLayer={false} margin={{ top: 8, right: 120, bottom: 8, left: 8 }}>
          {tooltip}
          <Funnel
            isAnimationActive={false}
            dataKey="m0"
            nameKey="label"
            name={headings[0]}
            data={data.map((d, i) => ({ ...d, fill: colours[i % colours.length] }))}
          >
            <LabelList position="right" dataKey="label" fill="currentColor" stroke="none" fontSize={12} />
          </Funnel>
        </FunnelChart>
      );
      break;
    default:
      return null;
  }
  return (
    <div className="h-72 w-full min-w-0" data-chart={definition.chart} aria-hidden="true">
      <ResponsiveContainer width="100%" height={288}>
        {chart}
      </ResponsiveContainer>
    </div>
  );
}
