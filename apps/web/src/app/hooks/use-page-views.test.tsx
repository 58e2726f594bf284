import { screen } from '@testing-library/react';
import type { AnalyticsEventInput } from '@tessera/domain';
import { Link, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { discardEvents, flushEvents } from '../../lib/analytics-queue.ts';
import { usePageViews } from './use-page-views.ts';

function TrackedLayout({ autocapture = true }: { autocapture?: boolean }) {
  usePageViews({ autocapture });
  return <Outlet />;
}

const routes = [
  {
    element: <TrackedLayout />,
    children: [
      { path: '/', element: <Link to="/offers">Offers</Link> },
      { path: '/offers', element: <Link to="/docs">Docs</Link> },
      { path: '/docs', element: <p>Docs page</p> },
    ],
  },
];

// Views join the batched queue: each check first sends what is queued.
const views = (fetchMock: ReturnType<typeof mockFetch>) =>
  (sentBodies(fetchMock, '/api/v1/analytics') as (AnalyticsEventInput | AnalyticsEventInput[])[])
    .flat()
    .filter((event) => event.type === 'view');
const flushed = async (fetchMock: ReturnType<typeof mockFetch>) => {
  await flushEvents();
  return views(fetchMock);
};

const tidCookie = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith('tid='))
    ?.slice('tid='.length);

beforeEach(() => {
  document.cookie = 'tid=; path=/; max-age=0';
});

afterEach(() => {
  vi.unstubAllGlobals();
  discardEvents();
});

describe('usePageViews', () => {
  it('posts one view event per route change, with the tid cookie set', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}, 404));
    const { user } = renderRoutes(routes, { initialEntries: ['/'] });

    await vi.waitFor(async () => expect(await flushed(fetchMock)).toHaveLength(1));
    const tid = tidCookie();
    expect(tid).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(views(fetchMock)[0]).toMatchObject({ type: 'view', tid });

    await user.click(screen.getByRole('link', { name: 'Offers' }));
    await vi.waitFor(async () => expect(await flushed(fetchMock)).toHaveLength(2));
    expect(views(fetchMock)[1]).toMatchObject({ type: 'view', tid, client: { referrer: `${window.location.origin}/` } });

    await user.click(await screen.findByRole('link', { name: 'Docs' }));
    expect(await screen.findByText('Docs page')).toBeInTheDocument();
    await vi.waitFor(async () => expect(await flushed(fetchMock)).toHaveLength(3));
    expect(views(fetchMock)[2]).toMatchObject({ tid, client: { referrer: `${window.location.origin}/offers` } });
    expect(tidCookie()).toBe(tid);
  });

  it('records nothing outside production builds (autocapture is on in production only, 000 §9)', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}, 404));
    const quiet = [{ ...routes[0]!, element: <TrackedLayout autocapture={import.meta.env.PROD} /> }];
    renderRoutes(quiet, { initialEntries: ['/'] });
    expect(await screen.findByRole('link', { name: 'Offers' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await flushed(fetchMock)).toEqual([]);
  });
});
