'use client';

import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartFrame } from './time-chart';

export interface FunnelStep {
  key: string;
  label: string;
  value: number;
  color: string;
}

/**
 * Steps as horizontal bars from the widest to the narrowest (sent → delivered → read → replied),
 * each with its count and its share of the first step; the count axis is labelled.
 */
export function FunnelChart({
  steps,
  label,
  valueLabel,
  share,
  testId,
}: {
  steps: FunnelStep[];
  label: string;
  valueLabel: string;
  /** "40%" of the first step. */
  share: (value: number) => string;
  testId?: string;
}) {
  const frame = useChartFrame();
  const data = steps.map((s) => ({ ...s, text: `${frame.count(s.value)} · ${share(s.value)}` }));
  return (
    <figure data-testid={testId} aria-label={label} className="w-full min-w-0" dir="ltr">
      <ResponsiveContainer width="100%" height={56 * steps.length + 48}>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 4, right: frame.rtl ? 8 : 112, bottom: 28, left: frame.rtl ? 112 : 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="#e2e8f0" horizontal={false} />
          <XAxis
            type="number"
            allowDecimals={false}
            reversed={frame.rtl}
            tickFormatter={frame.count}
            tick={frame.tick}
            label={{ ...frame.axisLabel(valueLabel), position: 'insideBottom', offset: -18 }}
          />
          <YAxis type="category" dataKey="label" orientation={frame.rtl ? 'right' : 'left'} tick={frame.tick} width={112} />
          <Tooltip formatter={(value) => frame.count(value)} itemStyle={frame.text} />
          <Bar dataKey="value" name={valueLabel} isAnimationActive={false}>
            {data.map((s) => (
              <Cell key={s.key} fill={s.color} />
            ))}
            {/* "right" is the bar's far end, which recharts turns to the left on a reversed (right-to-left) axis. */}
            <LabelList dataKey="text" position="right" fill="#1e293b" fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
