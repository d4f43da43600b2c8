import { formatShortDay } from '@client/i18n/format';
import type { AnalyticsOverview } from '@domain/analytics/analytics-schemas';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Daily visitors and page views of the range. */
export function TrafficChart({ days }: { days: AnalyticsOverview['timeseries'] }) {
  const data = days.map((d) => ({ ...d, label: formatShortDay(d.day) }));
  return (
    <div className="h-64 w-full min-w-0" data-chart="traffic">
      <ResponsiveContainer width="100%" height={256}>
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={24} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} />
          <Tooltip />
          <Area
            type="monotone"
            isAnimationActive={false}
            dataKey="pageviews"
            name="Page views"
            stroke="var(--color-chart-2, #60a5fa)"
            fill="var(--color-chart-2, #60a5fa)"
            fillOpacity={0.15}
          />
          <Area
            type="monotone"
            isAnimationActive={false}
            dataKey="visitors"
            name="Visitors"
            stroke="var(--color-primary, #2563eb)"
            fill="var(--color-primary, #2563eb)"
            fillOpacity={0.25}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
