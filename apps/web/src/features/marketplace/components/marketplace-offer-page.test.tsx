import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ADVISOR_EVENTS, ADVISOR_TEXTS } from '@tessera/domain';
import { Navigate, Outlet } from 'react-router';
import { AdvisorHost } from '../../advisor/index.ts';
import { connectedSocket, mockAdvisorApi } from '../../../test/advisor.ts';
import { flushEvents } from '../../../lib/analytics-queue.ts';
import { recordedEvents } from '../../../test/analytics.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { MarketplaceOfferAboutTab } from './marketplace-offer-about-tab.tsx';
import { MarketplaceOfferDocumentsTab } from './marketplace-offer-documents-tab.tsx';
import { MarketplaceOfferFinancialsTab } from './marketplace-offer-financials-tab.tsx';
import { MarketplaceOfferHomeTab } from './marketplace-offer-home-tab.tsx';
import { MarketplaceOfferPage } from './marketplace-offer-page.tsx';
import { API, DOC_ID, makeDocumentFile, makeMarketplaceOffer, makeOfferClass, OFFER_ID } from '../../../test/marketplace.ts';

const routes = [
  {
    path: '/marketplace/offers/:idOrSlug',
    element: <MarketplaceOfferPage />,
    children: [
      { index: true, element: <Navigate to="home" replace /> },
      { path: 'home', element: <MarketplaceOfferHomeTab /> },
      { path: 'about', element: <MarketplaceOfferAboutTab /> },
      { path: 'documents', element: <MarketplaceOfferDocumentsTab /> },
      { path: 'financials', element: <MarketplaceOfferFinancialsTab /> },
    ],
  },
  { path: '/signin', element: <p>Sign in page</p> },
  { path: '/investor/workflow/:workflowId', element: <p>Workflow screen</p> },
  { path: '/404', element: <p>Not found page</p> },
];

function setup(offer = makeMarketplaceOffer(), path = '/marketplace/offers/harbor-point', extra?: (path: string) => Response | undefined) {
  const fetchMock = mockFetch((p) => {
    const answer = extra?.(p);
    if (answer) return answer;
    if (p === `${API}/offers/harbor-point`) return jsonResponse({ data: offer });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  return { fetchMock, ...renderRoutes(routes, { initialEntries: [path] }) };
}

const eventsOf = (type: string) => recordedEvents().filter((e) => e.type === type);

beforeEach(async () => {
  await flushEvents();
});
afterEach(async () => {
  sessionStore.signOut('user');
  await flushEvents();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MarketplaceOfferPage header', () => {
  it('shows each CTA with a label, hides Learn More when there is a primary label, and disables View Details on About', async () => {
    const { user, router } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Point' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/marketplace/offers/harbor-point/home');
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call us' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Learn More' })).not.toBeInTheDocument();
    const details = screen.getByRole('link', { name: 'View Details' });
    expect(details).toHaveAttribute('href', '/marketplace/offers/harbor-point/about');

    await user.click(details);
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/offers/harbor-point/about'));
    expect(screen.getByRole('button', { name: 'View Details' })).toBeDisabled();
  });

  it('without CTA labels shows no CTA buttons and Learn More leads to About', async () => {
    setup(makeMarketplaceOffer({ primaryCTA: null, secondaryCTA: { label: '  ', url: 'https://example.com/x' } }));
    await screen.findByRole('heading', { level: 1, name: 'Harbor Point' });
    expect(screen.queryByRole('button', { name: 'Reserve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Call us' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/marketplace/offers/harbor-point/about');
    expect(screen.getByText('Value Add · Multi Family · Open')).toBeInTheDocument();
  });

  it('shows no status badge for an open offer', async () => {
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Harbor Point' });
    expect(screen.queryByTestId('listing-status-badge')).not.toBeInTheDocument();
  });

  it('shows the status badge of an upcoming offer', async () => {
    setup(makeMarketplaceOffer({ listingStatus: 'upcoming' }));
    expect(await screen.findByTestId('listing-status-badge')).toHaveTextContent('Upcoming');
  });

  it('hero: the minimum investment, the highest target IRR divided by 100 as a percent and the shortest holding period', async () => {
    setup(
      makeMarketplaceOffer({
        classes: [
          makeOfferClass({ id: 'a', name: 'Class A', minimumInvestment: 50_000, internalRateOfReturn: 12.5, holdingPeriod: 60 }),
          makeOfferClass({ id: 'b', name: 'Class B', minimumInvestment: 25_000, internalRateOfReturn: 14.25, holdingPeriod: 36 }),
        ],
      }),
    );
    const label = await screen.findByText('Min. Investment', { selector: '.MuiCardContent-root *' });
    const hero = label.closest('.MuiCardContent-root') as HTMLElement;
    expect(within(hero).getByText('$25,000')).toBeInTheDocument();
    expect(within(hero).getByText('Target IRR').nextSibling).toHaveTextContent('14.25%');
    expect(within(hero).getByText('Holding Period (m)').nextSibling).toHaveTextContent('36 months');
    expect(within(hero).getByRole('link', { name: 'More details' })).toHaveAttribute('href', '/marketplace/offers/harbor-point/about');
    // The classes table on Home shows each class with the same formats.
    const table = await screen.findByRole('table', { name: 'Offer classes' });
    expect(within(table).getByRole('row', { name: /Holding Period/ })).toHaveTextContent('60 months36 months');
    expect(within(table).getByRole('row', { name: /Target IRR/ })).toHaveTextContent('12.5%14.25%');
  });

  it('records one offer-view event for the visit, across tabs', async () => {
    const { user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Harbor Point' });
    await user.click(screen.getByRole('tab', { name: 'About' }));
    await screen.findByRole('heading', { name: 'Progress' });
    expect(eventsOf('offer-view')).toHaveLength(1);
    expect(eventsOf('offer-view')[0]).toMatchObject({ offer: OFFER_ID });
  });

  it('a missing offer leads to /404', async () => {
    const { router } = setup(makeMarketplaceOffer(), '/marketplace/offers/gone');
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });
});

describe('MarketplaceOfferPage calls to action', () => {
  it('sends a signed-out visitor to sign-in with the offer and CTA, and records the cta event', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Reserve' }));
    expect(await screen.findByText('Sign in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe(`?offer=${OFFER_ID}&cta=primary`);
    // Back to the offer page after sign-in.
    expect(router.state.location.state).toEqual({ from: { pathname: '/marketplace/offers/harbor-point/home', search: '', hash: '' } });
    expect(eventsOf('cta')).toEqual([expect.objectContaining({ offer: OFFER_ID, meta: { cta: 'primary' } })]);
  });

  it('opens the CTA link in a new tab for a signed-in visitor', async () => {
    sessionStore.signIn(makeAuthResult());
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user, router } = setup();
    await user.click(await screen.findByRole('button', { name: 'Call us' }));
    expect(open).toHaveBeenCalledWith('https://example.com/secondary', '_blank', 'noopener');
    expect(router.state.location.pathname).toBe('/marketplace/offers/harbor-point/home');
    expect(eventsOf('cta')).toEqual([expect.objectContaining({ offer: OFFER_ID, meta: { cta: 'secondary' } })]);
  });
});

describe('MarketplaceOfferPage tabs', () => {
  it('About: description, progress dates as MMM DD, YYYY, classifications and the institution', async () => {
    setup(
      makeMarketplaceOffer({ openDate: '2026-03-05T12:00:00.000Z', closeDate: '2026-11-20T12:00:00.000Z', listingStatus: 'closed' }),
      '/marketplace/offers/harbor-point/about',
    );
    expect(await screen.findByText('full')).toBeInTheDocument();
    expect(screen.getByText('Date Opened').nextSibling).toHaveTextContent('Mar 05, 2026');
    expect(screen.getByText('Date Closed').nextSibling).toHaveTextContent('Nov 20, 2026');
    expect(screen.getByText('Federal Exemptions and Exclusions').nextSibling).toHaveTextContent('Rule 506(c)');
    expect(screen.getByText('Asset Class').nextSibling).toHaveTextContent('Multi Family');
    expect(screen.getByRole('link', { name: 'View Harbor Fund' })).toHaveAttribute('href', '/marketplace/institutions/harbor-fund');
  });

  it('Home: Read More leads to About; videos and the gallery show only with items', async () => {
    setup(
      makeMarketplaceOffer({
        videos: [{ id: 'v1', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', position: 0, hidden: false, purpose: 'about' }],
        images: [{ id: 'i1', image: 'a9a9a9a9a9a9a9a9a9a9a9a9', src: '/api/v1/img/1', position: 0, hidden: false, purpose: 'gallery' }],
        customMetrics: [{ id: 'm1', key: 'Units', value: '120', position: 0, hidden: false }],
      }),
    );
    expect(await screen.findByRole('link', { name: 'Read More' })).toHaveAttribute('href', '/marketplace/offers/harbor-point/about');
    // The sections below About render in the tab's second pass (components/second-pass.tsx).
    expect(await screen.findByTitle('Harbor Point video 1')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(screen.getByTitle('Harbor Point video 1')).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('img', { name: 'Harbor Point image 1' })).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Units').nextSibling).toHaveTextContent('120');
  });

  it('Financials is a placeholder', async () => {
    setup(makeMarketplaceOffer(), '/marketplace/offers/harbor-point/financials');
    expect(await screen.findByRole('heading', { name: 'Financials' })).toBeInTheDocument();
    expect(screen.getByText('Coming soon.')).toBeInTheDocument();
  });

  it('Documents: an empty list says so', async () => {
    setup(makeMarketplaceOffer(), '/marketplace/offers/harbor-point/documents', (p) =>
      p === `${API}/offers/${OFFER_ID}/documents` ? jsonResponse({ data: [] }) : undefined,
    );
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
  });

  it('Documents: a failed load shows the error block', async () => {
    setup(makeMarketplaceOffer(), '/marketplace/offers/harbor-point/documents', (p) =>
      p === `${API}/offers/${OFFER_ID}/documents`
        ? jsonResponse({ error: { type: 'forbidden', name: 'ForbiddenError', message: 'No', status: 403 } }, 403)
        : undefined,
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('Documents: View opens the file in a new tab, Download fetches the bytes and saves them; both are recorded', async () => {
    const doc = makeDocumentFile();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:doc');
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {});
    const { fetchMock, user } = setup(makeMarketplaceOffer(), '/marketplace/offers/harbor-point/documents', (p) => {
      if (p === `${API}/offers/${OFFER_ID}/documents`) return jsonResponse({ data: [doc] });
      if (p === `${API}/offers/${OFFER_ID}/documents/${DOC_ID}/file`)
        return new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'application/pdf' } });
      return undefined;
    });
    const row = (await screen.findByText('Operating Agreement')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('PDF');
    expect(row).toHaveTextContent('2.0 KB');

    await user.click(within(row).getByRole('button', { name: 'View Operating Agreement' }));
    expect(open).toHaveBeenCalledWith(doc.url, '_blank', 'noopener');

    await user.click(within(row).getByRole('button', { name: 'Download Operating Agreement' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const downloadCall = fetchMock.mock.calls.find(([input]) => String(input).includes('download=1'));
    expect(String(downloadCall?.[0])).toBe(doc.downloadUrl);
    expect(createObjectURL.mock.calls[0]?.[0].size).toBe(3);
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('operating-agreement.pdf');
    expect(anchor.href).toBe('blob:doc');

    expect(eventsOf('document-view')).toEqual([expect.objectContaining({ offer: OFFER_ID, document: DOC_ID })]);
    expect(eventsOf('document-download')).toEqual([expect.objectContaining({ offer: OFFER_ID, document: DOC_ID })]);
  });
});

describe('MarketplaceOfferPage and the AI Advisor', () => {
  it("offers 'Ask the AI Advisor' to a signed-in user; questions asked there, or after Cmd/Ctrl+K there, carry the offer", async () => {
    sessionStore.signIn(makeAuthResult());
    const advisorFetch = mockAdvisorApi();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === `${API}/offers/harbor-point`) return jsonResponse({ data: makeMarketplaceOffer() });
      return advisorFetch(input, init);
    });
    const shell = [
      {
        element: (
          <>
            <AdvisorHost />
            <Outlet />
          </>
        ),
        children: routes,
      },
    ];
    const { user } = renderRoutes(shell, { initialEntries: ['/marketplace/offers/harbor-point'] });
    await user.click(await screen.findByRole('button', { name: ADVISOR_TEXTS.open }));
    const panel = await screen.findByRole('dialog', { name: ADVISOR_TEXTS.title });
    const socket = await connectedSocket();
    await within(panel).findByText(ADVISOR_TEXTS.welcome);
    await user.keyboard('Is it open?{Enter}');
    await waitFor(() =>
      expect(socket.sent(ADVISOR_EVENTS.chat)).toEqual([
        { message: 'Is it open?', threadId: null, offerIds: [OFFER_ID], clientMessageId: expect.any(String) },
      ]),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ADVISOR_TEXTS.title })).not.toBeInTheDocument());
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: ADVISOR_TEXTS.title });
    const again = await connectedSocket();
    await screen.findByText(ADVISOR_TEXTS.welcome);
    await user.keyboard('And its minimum?{Enter}');
    await waitFor(() =>
      expect(again.sent(ADVISOR_EVENTS.chat).at(-1)).toMatchObject({ message: 'And its minimum?', offerIds: [OFFER_ID] }),
    );
  });

  it('does not offer the advisor to a visitor', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Point' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ADVISOR_TEXTS.open })).not.toBeInTheDocument();
  });
});
