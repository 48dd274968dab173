// Loaded only once a chart has data to draw: recharts (and d3's pieces) stay out of /analytics' first load.
// Each chart is hidden from assistive technology: its card carries a summary and a table of the same data.
import { useTheme } from 'styled-components';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export type ChartRow = { label: string } & Record<string, string | number | null>;

export interface Series {
  key: string;
  name: string;
  /** Drawn against the right-hand axis (a rate beside counts). */
  right?: boolean;
}

export interface ChartProps {
  data: readonly ChartRow[];
  series: readonly Series[];
  /** How a value of the left axis (and of the right, for `rightFormat`) reads. */
  format: (n: number) => string;
  rightFormat?: (n: number) => string;
  /** Pixels (default 260). */
  height?: number;
  /** The left axis' range, when it is fixed (a percentage: 0 to 100). */
  domain?: [number, number];
}

const chartStyle = (height = 260) => ({ width: '100%', height });
const MARGIN = { top: 8, right: 8, bottom: 8, left: 0 };
const TICK = { fontSize: 12 };

/** Series told apart at a glance: the theme's green, purple, orange and blue (its success green is too close). */
function useSeriesColours() {
  const { colors } = useTheme();
  return [colors.primary.main, colors.secondary.main, colors.warning.main, colors.info.main];
}

/** Lines over time (Task Progress). */
export function LinesChart({ data, series, format }: ChartProps) {
  const colours = useSeriesColours();
  return (
    <LineChart responsive accessibilityLayer={false} style={chartStyle()} data={[...data]} margin={MARGIN}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={TICK} />
      <YAxis tick={TICK} tickFormatter={format} width={48} allowDecimals={false} />
      <Tooltip formatter={(value) => format(Number(value))} />
      <Legend />
      {series.map((s, i) => (
        <Line
          key={s.key}
          type="monotone"
          dataKey={s.key}
          name={s.name}
          stroke={colours[i % colours.length]}
          strokeWidth={2}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}

/** Bars per category (languages, rejection reasons, agreement). */
export function BarsChart({ data, series, format, rightFormat, height, domain }: ChartProps) {
  const colours = useSeriesColours();
  const hasRight = series.some((s) => s.right);
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      style={chartStyle(height)}
      data={[...data]}
      margin={MARGIN}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={TICK} />
      <YAxis yAxisId="left" tick={TICK} tickFormatter={format} width={48} {...(domain ? { domain } : {})} />
      {hasRight ? (
        <YAxis
          yAxisId="right"
          orientation="right"
          tick={TICK}
          tickFormatter={rightFormat ?? format}
          width={48}
        />
      ) : null}
      <Tooltip formatter={(value) => format(Number(value))} />
      {series.length > 1 ? <Legend /> : null}
      {series.map((s, i) => (
        <Bar
          key={s.key}
          yAxisId={s.right ? 'right' : 'left'}
          dataKey={s.key}
          name={s.name}
          fill={colours[i % colours.length]}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

/** Counts as bars and a rate as a line on its own axis (Task completion rate). */
export function BarsAndRateChart({ data, series, format, rightFormat }: ChartProps) {
  const colours = useSeriesColours();
  return (
    <ComposedChart
      responsive
      accessibilityLayer={false}
      style={chartStyle()}
      data={[...data]}
      margin={MARGIN}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={TICK} />
      <YAxis yAxisId="left" tick={TICK} tickFormatter={format} width={48} allowDecimals={false} />
      <YAxis
        yAxisId="right"
        orientation="right"
        domain={[0, 100]}
        tick={TICK}
        tickFormatter={rightFormat ?? format}
        width={48}
      />
      <Tooltip />
      <Legend />
      {series.map((s, i) =>
        s.right ? (
          <Line
            key={s.key}
            yAxisId="right"
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={colours[i % colours.length]}
            strokeWidth={2}
            connectNulls
            isAnimationActive={false}
          />
        ) : (
          <Bar
            key={s.key}
            yAxisId="left"
            dataKey={s.key}
            name={s.name}
            fill={colours[i % colours.length]}
            isAnimationActive={false}
          />
        ),
      )}
    </ComposedChart>
  );
}
