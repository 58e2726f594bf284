import { screen, within } from '@testing-library/react';
import type { AnalyticsEventInput } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discardEvents } from '../../../lib/analytics-queue.ts';
import { recordedEvents } from '../../../test/analytics.ts';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID } from '../../../test/fixtures.ts';
import { makeWorkflow, workflowSummaryFor } from '../../../test/investment-workflow.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { ImpressionsSeenContext } from '../hooks/use-offer-impression.ts';
import { OfferCard } from './offer-card.tsx';
import { makeOfferCard } from '../../../test/offer-card.ts';
import { showElement, stubIntersectionObserver } from '../../../test/intersection-observer.ts';

const WORKFLOWS = `/api/v1/tenant/${TENANT_ID}/workflows`;

/** What the cards queued for the analytics POST (the queue's timer is dropped before it sends). */
const queued = (): AnalyticsEventInput[] => recordedEvents();

beforeEach(() => {
  stubIntersectionObserver();
  mockFetch(() => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404));
  discardEvents();
});
afterEach(() => {
  discardEvents();
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

function renderCards(offers = [makeOfferCard()], seen = new Set<string>()) {
  return renderRoutes(
    [
      {
        path: '/marketplace/offers',
        element: (
          <ImpressionsSeenContext.Provider value={seen}>
            {offers.map((offer) => (
              <OfferCard key={offer._id} offer={offer} />
            ))}
          </ImpressionsSeenContext.Provider>
        ),
      },
      { path: '/signin', element: <p>Sign-in page</p> },
      { path: '/marketplace/offers/:idOrSlug', element: <p>Offer page</p> },
      { path: '/investor/workflow/:workflowId', element: <p>Workflow screen</p> },
    ],
    { initialEntries: ['/marketplace/offers'] },
  );
}

describe('Offer card', () => {
  it('shows the name, institution, labels, class chips and the three metrics as 002 §9 formats them', async () => {
    renderCards([
      makeOfferCard({
        name: 'Harbor Lofts',
        minimumInvestment: 25000,
        targetIrr: 12.5,
        equityMultiple: 1.8,
        classNames: ['Class A', 'Class B'],
      }),
    ]);
    const card = await screen.findByRole('article', { name: 'Harbor Lofts' });
    expect(within(card).getByRole('link', { name: 'Harbor Lofts' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/marketplace\/offers\/offer-\d+$/),
    );
    expect(within(card).getByText('Harbor Capital')).toBeInTheDocument();
    expect(within(card).getByText('Multi Family · Value Add')).toBeInTheDocument();
    expect(within(card).getByText('Class A')).toBeInTheDocument();
    expect(within(card).getByText('Class B')).toBeInTheDocument();
    const metric = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(metric('Min. Investment')).toBe('$25,000');
    // Stored as 12.5 (percent units), shown divided by 100 as a percent.
    expect(metric('Target IRR')).toBe('12.5%');
    expect(metric('Avg. Equity Mult.')).toBe('1.8x');
    const banner = card.querySelector('img')!;
    expect(banner).toHaveAttribute('loading', 'lazy');
    expect(banner).toHaveAttribute('width', '640');
    expect(banner).toHaveAttribute('height', '360');
    expect(banner).toHaveAttribute('sizes');
  });

  it('shows no status badge for an open offer and one for upcoming and closed offers', async () => {
    renderCards([
      makeOfferCard({ name: 'Open one', listingStatus: 'open' }),
      makeOfferCard({ name: 'Soon', listingStatus: 'upcoming' }),
      makeOfferCard({ name: 'Done', listingStatus: 'closed' }),
    ]);
    expect(within(await screen.findByRole('article', { name: 'Open one' })).queryByText('Open')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Soon' })).getByText('Upcoming')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Done' })).getByText('Closed')).toBeInTheDocument();
  });

  it("sends a signed-out visitor's Invest Now to sign-in with the offer and primary CTA, and records the cta event", async () => {
    const offer = makeOfferCard({ name: 'Harbor Lofts' });
    const { router, user } = renderCards([offer]);
    await user.click(await screen.findByRole('button', { name: 'Invest Now in Harbor Lofts' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(`/signin?offer=${offer._id}&cta=primary`);
    const cta = queued().filter((e) => e.type === 'cta');
    expect(cta).toHaveLength(1);
    expect(cta[0]).toMatchObject({ offer: offer._id, meta: { cta: 'invest-now' } });
  });

  it("opens a signed-in investor's in-progress workflow for the offer when there is one", async () => {
    sessionStore.signIn(makeAuthResult());
    const offer = makeOfferCard({ name: 'Harbor Lofts' });
    const fetchMock = mockFetch((path, init, url) => {
      if (path === WORKFLOWS && (init?.method ?? 'GET') === 'GET') {
        expect(Object.fromEntries(url.searchParams)).toEqual({
          type: 'investment',
          status: 'in-progress',
          offer: offer._id,
          page: '1',
          limit: '1',
        });
        return jsonResponse({ data: [workflowSummaryFor(offer._id, 'a9a9a9a9a9a9a9a9a9a9a9a9')], meta: { page: 1, limit: 1, total: 1 } });
      }
      return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
    });
    const { router, user } = renderCards([offer]);
    await user.click(await screen.findByRole('button', { name: 'Invest Now in Harbor Lofts' }));
    expect(queued().filter((e) => e.type === 'cta')).toEqual([expect.objectContaining({ offer: offer._id, meta: { cta: 'invest-now' } })]);
    expect(await screen.findByText('Workflow screen', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/investor/workflow/a9a9a9a9a9a9a9a9a9a9a9a9');
    expect(sentBodies(fetchMock, WORKFLOWS)).toEqual([]);
  });

  it('creates an investment workflow for the offer when none is open, says so and opens it', async () => {
    sessionStore.signIn(makeAuthResult());
    const offer = makeOfferCard({ name: 'Harbor Lofts' });
    const fetchMock = mockFetch((path, init) => {
      if (path === WORKFLOWS && init?.method === 'POST')
        return jsonResponse(
          { data: makeWorkflow({ _id: 'a8a8a8a8a8a8a8a8a8a8a8a8', config: { ...makeWorkflow().config, offer: offer._id } }) },
          201,
        );
      if (path === WORKFLOWS) return jsonResponse({ data: [], meta: { page: 1, limit: 1, total: 0 } });
      return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
    });
    const { router, user } = renderCards([offer]);
    await user.click(await screen.findByRole('button', { name: 'Invest Now in Harbor Lofts' }));
    expect(await screen.findByText('Workflow screen', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/investor/workflow/a8a8a8a8a8a8a8a8a8a8a8a8');
    expect(sentBodies(fetchMock, WORKFLOWS)).toEqual([{ type: 'investment', config: { offer: offer._id } }]);
    expect(await screen.findByText('Offer - Successfully created', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("says 'Failed to create workflow' with the server's reason when the workflow cannot be created", async () => {
    sessionStore.signIn(makeAuthResult());
    const offer = makeOfferCard({ name: 'Harbor Lofts' });
    mockFetch((path, init) => {
      if (path === WORKFLOWS && init?.method === 'POST')
        return jsonResponse({ error: { type: 'bad-request', name: 'BadRequestError', message: 'The offer is closed', status: 400 } }, 400);
      if (path === WORKFLOWS) return jsonResponse({ data: [], meta: { page: 1, limit: 1, total: 0 } });
      return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
    });
    const { router, user } = renderCards([offer]);
    await user.click(await screen.findByRole('button', { name: 'Invest Now in Harbor Lofts' }));
    expect(await screen.findByText('Failed to create workflow: The offer is closed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/marketplace/offers');
  });

  it('queues one impression per card once half of it is in view, however often it shows', async () => {
    const offers = [makeOfferCard({ name: 'First' }), makeOfferCard({ name: 'Second' })];
    renderCards(offers);
    const first = await screen.findByRole('article', { name: 'First' });
    const second = screen.getByRole('article', { name: 'Second' });

    showElement(first, 0.3);
    expect(queued()).toHaveLength(0);
    showElement(first, 0.6);
    showElement(first, 1);
    showElement(second, 0.5);
    showElement(second, 0.9);

    const impressions = queued().filter((e) => e.type === 'impression');
    expect(impressions.map((e) => e.offer)).toEqual([offers[0]!._id, offers[1]!._id]);
  });
});
