/**
 * MUI X's charts (~90 KB gzip with the code they share), loaded when their place first comes near the screen. Until
 * then the place is an empty box of the chart's own size, so nothing moves when the chart draws into it (issue #25:
 * the dashboards' first load). Each chart is given its height (and the donut its width), as every caller does.
 */
import { Box } from '@mui/material';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { LineChartProps } from '@mui/x-charts/LineChart';
import type { PieChartProps } from '@mui/x-charts/PieChart';
import { type ComponentType, lazy, Suspense } from 'react';
import { useNearScreen } from '../lib/use-near-screen.ts';

const load = () => import('./charts-impl.ts');
const LazyBarChart = lazy(() => load().then((m) => ({ default: m.BarChart as ComponentType<BarChartProps> })));
const LazyLineChart = lazy(() => load().then((m) => ({ default: m.LineChart as ComponentType<LineChartProps> })));
const LazyPieChart = lazy(() => load().then((m) => ({ default: m.PieChart as ComponentType<PieChartProps> })));

/**
 * A chart's place before it loads: the drawing area's size, and above it, for a chart that shows its legend, a row of
 * the series' labels laid out as MUI X lays out its legend (caption text, 16 px apart, wrapping), kept invisible.
 */
function ChartPlace({
  height,
  width,
  legend,
  children,
}: {
  height: number;
  width?: number;
  legend?: readonly string[];
  children: React.ReactNode;
}) {
  const { ref, near } = useNearScreen();
  const place = (
    <Box ref={ref} aria-hidden style={{ width: width ?? '100%', visibility: 'hidden' }}>
      {legend && legend.length > 0 && (
        <Box
          sx={(theme) => ({
            ...theme.typography.caption,
            lineHeight: '100%',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 2,
            my: 1,
            mx: 1,
          })}
        >
          {legend.map((label) => (
            <Box key={label} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ width: 16, height: 8 }} />
              {label}
            </Box>
          ))}
        </Box>
      )}
      <Box style={{ height }} />
    </Box>
  );
  if (!near) return place;
  return <Suspense fallback={place}>{children}</Suspense>;
}

/** The labels MUI X shows in a chart's legend, or none where it is hidden. */
const legendOf = (props: { hideLegend?: boolean; series: readonly { label?: unknown }[] }) =>
  props.hideLegend ? undefined : props.series.flatMap((s) => (typeof s.label === 'string' ? [s.label] : []));

type Sized<P> = P & { height: number };

export function BarChart(props: Sized<BarChartProps>) {
  return (
    <ChartPlace height={props.height} width={props.width} legend={legendOf(props)}>
      <LazyBarChart {...props} />
    </ChartPlace>
  );
}

export function LineChart(props: Sized<LineChartProps>) {
  return (
    <ChartPlace height={props.height} width={props.width} legend={legendOf(props)}>
      <LazyLineChart {...props} />
    </ChartPlace>
  );
}

export function PieChart(props: Sized<PieChartProps>) {
  return (
    <ChartPlace height={props.height} width={props.width}>
      <LazyPieChart {...props} />
    </ChartPlace>
  );
}
