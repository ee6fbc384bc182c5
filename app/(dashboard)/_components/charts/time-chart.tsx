'use client';

import { useFormatter, useLocale } from 'next-intl';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { directionOf, type Locale } from '@/server/i18n/locales';

export interface ChartSeries<K extends string> {
  key: K;
  label: string;
  color: string;
}

/** Axis, grid and tooltip settings every dashboard chart shares, mirrored for right-to-left reading. */
export function useChartFrame() {
  const format = useFormatter();
  const rtl = directionOf(useLocale() as Locale) === 'rtl';
  const count = (value: unknown) => (typeof value === 'number' ? format.number(value) : String(value));
  return {
    rtl,
    count,
    tick: { fontSize: 12, fill: '#475569' },
    /** Tooltip words in slate rather than the series' colour, which is too light to read as text. */
    text: { color: '#334155' },
    axisLabel: (value: string, angle = 0) => ({ value, angle, fill: '#334155', fontSize: 12 }),
  };
}

/**
 * Counts over time as lines (cumulative progress) or bars (per day), with time on the X axis,
 * counts on the Y axis, both labelled, a legend above and a tooltip; numbers in the reader's language.
 * Right to left, time runs from the right and the count axis stands on the right.
 */
export function TimeChart<K extends string>({
  data,
  series,
  kind,
  label,
  xLabel,
  yLabel,
  formatTime,
  height = 280,
  testId,
}: {
  data: Array<{ at: string } & Record<K, number>>;
  series: Array<ChartSeries<K>>;
  kind: 'line' | 'bar';
  label: string;
  xLabel: string;
  yLabel: string;
  formatTime: (at: string) => string;
  height?: number;
  testId?: string;
}) {
  const frame = useChartFrame();
  const Chart = kind === 'line' ? LineChart : BarChart;
  return (
    <figure data-testid={testId} aria-label={label} className="w-full min-w-0">
      {/* The legend is page text, so it reads in the page's direction; the plot itself is laid out left to right and mirrored by its axes. */}
      <ul data-testid="chart-legend" className="mb-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700">
        {series.map((s) => (
          <li key={s.key} className="inline-flex items-center">
            <span aria-hidden="true" className="me-1.5 inline-block size-2.5 rounded-sm" style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <div dir="ltr">
        <ResponsiveContainer width="100%" height={height}>
          <Chart data={data} margin={{ top: 8, right: 12, bottom: 28, left: 12 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#e2e8f0" vertical={false} />
            <XAxis
              dataKey="at"
              reversed={frame.rtl}
              tickFormatter={formatTime}
              tick={frame.tick}
              minTickGap={16}
              label={{ ...frame.axisLabel(xLabel), position: 'insideBottom', offset: -18 }}
            />
            <YAxis
              orientation={frame.rtl ? 'right' : 'left'}
              allowDecimals={false}
              tickFormatter={frame.count}
              tick={frame.tick}
              width={56}
              label={{ ...frame.axisLabel(yLabel, frame.rtl ? 90 : -90), position: frame.rtl ? 'insideRight' : 'insideLeft' }}
            />
            <Tooltip labelFormatter={(at) => formatTime(String(at))} formatter={(value) => frame.count(value)} itemStyle={frame.text} />
            {series.map((s) =>
              kind === 'line' ? (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.label}
                  stroke={s.color}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ) : (
                <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
              ),
            )}
          </Chart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
