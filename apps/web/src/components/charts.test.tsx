import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeObserver, showElement, stubIntersectionObserver } from '../test/intersection-observer.ts';
import { BarChart, LineChart } from './charts.tsx';

// The chart module loads lazily; the suite shares one module graph per worker (isolate: false), so another file may
// have loaded it already: what matters here is what holds the chart's place until it comes near the screen, and that
// the chart is drawn then, not when its module is loaded.
const chartIn = (container: HTMLElement) => container.querySelector('[class*="MuiChartsWrapper-root"]');

describe('charts loaded on view', () => {
  // Loaded up front, as another file of the worker may have: importing MUI X's charts takes seconds the first time.
  beforeAll(async () => {
    await import('./charts-impl.ts');
  }, 30_000);
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
    const place = container.firstElementChild as HTMLElement;
    expect(place).toHaveAttribute('aria-hidden', 'true');
    expect(place).toHaveStyle({ visibility: 'hidden' });
    expect(place.lastElementChild).toHaveStyle({ height: '260px' });
    // The legend row MUI X draws above the lines, with the same labels so that it wraps the same way.
    expect(place).toHaveTextContent('Page viewsCTA clicks');

    // Its module is loaded (beforeAll): only the place's coming near the screen draws it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(chartIn(container)).toBeNull();

    showElement(FakeObserver.all[0]!.elements[0]!);
    await waitFor(() => expect(chartIn(container)).not.toBeNull());
    expect(container.firstElementChild).not.toHaveStyle({ visibility: 'hidden' });
    expect(chartIn(container)).toHaveTextContent('Page views');
    expect(chartIn(container)).toHaveTextContent('CTA clicks');
  });

  it('reserves no legend row for a chart that hides its legend', () => {
    const { container } = render(<BarChart height={200} hideLegend series={[{ data: [1], label: 'New leads' }]} />);
    const place = container.firstElementChild as HTMLElement;
    expect(place.childElementCount).toBe(1);
    expect(place).not.toHaveTextContent('New leads');
  });
});
