import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeObserver, showElement, stubIntersectionObserver } from '../test/intersection-observer.ts';
import { BarChart, LineChart } from './charts.tsx';

// The real charts need a laid-out SVG; what matters here is when they load and what holds their place until then.
const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./charts-impl.ts', () => {
  loaded.count += 1;
  const Fake = ({ height, series }: { height: number; series: { label?: string }[] }) => (
    <div data-testid="chart" data-height={height}>
      {series.map((s) => s.label).join(', ')}
    </div>
  );
  return { BarChart: Fake, LineChart: Fake, PieChart: Fake };
});

describe('charts loaded on view', () => {
  beforeEach(stubIntersectionObserver);
  afterEach(() => vi.unstubAllGlobals());

  it("holds the chart's height, and its legend's labels, until its place comes near the screen; then draws it", async () => {
    const { container } = render(
      <LineChart
        height={260}
        series={[
          { data: [1, 2], label: 'Page views' },
          { data: [3, 4], label: 'CTA clicks' },
        ]}
      />,
    );
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(loaded.count).toBe(0);
    const place = container.firstElementChild as HTMLElement;
    expect(place).toHaveAttribute('aria-hidden', 'true');
    expect(place).toHaveStyle({ visibility: 'hidden' });
    expect(place.lastElementChild).toHaveStyle({ height: '260px' });
    // The legend row MUI X draws above the lines, with the same labels so that it wraps the same way.
    expect(place).toHaveTextContent('Page viewsCTA clicks');

    showElement(FakeObserver.all[0]!.elements[0]!);
    const chart = await screen.findByTestId('chart');
    expect(chart).toHaveAttribute('data-height', '260');
    expect(chart).toHaveTextContent('Page views, CTA clicks');
    expect(loaded.count).toBe(1);
  });

  it('reserves no legend row for a chart that hides its legend', () => {
    const { container } = render(<BarChart height={200} hideLegend series={[{ data: [1], label: 'New leads' }]} />);
    const place = container.firstElementChild as HTMLElement;
    expect(place.childElementCount).toBe(1);
    expect(place).not.toHaveTextContent('New leads');
  });
});
