import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { discardEvents } from '../../../lib/analytics-queue.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { stubScreen } from '../../../test/media.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { MarketplaceOfferList } from './marketplace-offer-list.tsx';
import { hexId, makeOfferCard, page } from '../../../test/offer-card.ts';

afterEach(() => {
  discardEvents();
  vi.unstubAllGlobals();
});

const BASE = `/api/v1/tenant/${TENANT_ID}/marketplace`;
const INSTITUTIONS = [
  {
    _id: hexId(1, 'c'),
    name: 'Small Fund',
    slug: 'small',
    type: 'fund',
    descriptionShort: null,
    logoUrl: null,
    bannerUrl: null,
    offersCount: 1,
  },
  {
    _id: hexId(2, 'c'),
    name: 'Big Bank',
    slug: 'big',
    type: 'bank',
    descriptionShort: null,
    logoUrl: null,
    bannerUrl: null,
    offersCount: 7,
  },
];

function setup({
  initial = '/marketplace/offers',
  offers = (_url: URL) => page([makeOfferCard({ name: 'Harbor Lofts' })]),
  showcase = [] as unknown[],
  institutionId,
}: {
  initial?: string;
  offers?: (url: URL) => unknown;
  showcase?: unknown[];
  institutionId?: string;
} = {}) {
  const offerUrls: URL[] = [];
  const fetchMock = mockFetch((path, _init, url) => {
    if (path === `${BASE}/offers` || path.startsWith(`${BASE}/institutions/`)) {
      offerUrls.push(url);
      return jsonResponse(offers(url));
    }
    if (path === `${BASE}/institutions`) return jsonResponse({ data: INSTITUTIONS, meta: { page: 1, limit: 100, total: 2 } });
    if (path === `${BASE}/showcase`) return jsonResponse({ data: showcase });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const rendered = renderRoutes([{ path: '/marketplace/offers', element: <MarketplaceOfferList institutionId={institutionId} /> }], {
    initialEntries: [initial],
  });
  const search = () => new URLSearchParams(rendered.router.state.location.search);
  const lastRequest = () => offerUrls.at(-1)!.searchParams;
  return { ...rendered, fetchMock, search, lastRequest, offerUrls };
}

describe('Marketplace offer list', () => {
  it('writes the filters to the address and sends them, comma-separated, without zero bounds, back on page 1', async () => {
    stubScreen(1280);
    const { user, search, lastRequest } = setup({
      initial: '/marketplace/offers?page=3',
      offers: () => page([makeOfferCard()], { total: 40, page: 3 }),
    });
    const panel = await screen.findByRole('search', { name: 'Offer filters' });

    await user.click(within(panel).getByRole('checkbox', { name: 'Upcoming' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Closed' }));
    await waitFor(() => expect(search().get('status')).toBe('upcoming,closed'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(lastRequest().get('status')).toBe('upcoming,closed'));
    expect(lastRequest().get('page')).toBe('1');

    await user.click(within(panel).getByRole('checkbox', { name: 'Value Add' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Fix And Flip' }));
    await waitFor(() => expect(lastRequest().get('type')).toBe('value-add,fix-and-flip'));

    await fill(user, within(panel).getByRole('textbox', { name: 'IRR min' }), '8');
    await fill(user, within(panel).getByRole('textbox', { name: 'IRR max' }), '0');
    await user.tab();
    await waitFor(() => expect(search().get('irrMin')).toBe('8'));
    expect(search().has('irrMax')).toBe(false);
    await waitFor(() => expect(lastRequest().get('irrMin')).toBe('8'));
    expect(lastRequest().has('irrMax')).toBe(false);
    expect(lastRequest().has('investmentMin')).toBe(false);

    await fill(user, within(panel).getByRole('textbox', { name: 'Investment amount min' }), '50,000');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastRequest().get('investmentMin')).toBe('50000'));
  }, 30_000);

  it('lists institutions by number of offers with their counts, and filters by them', async () => {
    stubScreen(1280);
    const { user, lastRequest } = setup();
    const panel = await screen.findByRole('search', { name: 'Offer filters' });
    const group = (await within(panel).findByText('Institution')).closest('fieldset')!;
    const names = within(group)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.textContent);
    expect(names).toEqual(['Big Bank7', 'Small Fund1']);
    await user.click(within(group).getByRole('checkbox', { name: /Small Fund/ }));
    await waitFor(() => expect(lastRequest().get('institution')).toBe(INSTITUTIONS[0]!._id));
  });

  it("reads a shared address's filters, sort, page size and view", async () => {
    stubScreen(1280);
    const { lastRequest } = setup({
      initial: '/marketplace/offers?status=open&assetClass=retail,office-spaces&sort=targetIrr&limit=24&view=list&equityMultipleMin=1.5',
    });
    await screen.findByRole('article', { name: 'Harbor Lofts' });
    expect(lastRequest().get('status')).toBe('open');
    expect(lastRequest().get('assetClass')).toBe('retail,office-spaces');
    expect(lastRequest().get('sort')).toBe('targetIrr');
    expect(lastRequest().get('limit')).toBe('24');
    expect(lastRequest().get('equityMultipleMin')).toBe('1.5');
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('checkbox', { name: 'Retail' })).toBeChecked();
  });

  it("says 'No offers found' and Clear Filters drops every filter but keeps the sort", async () => {
    stubScreen(1280);
    const { user, search, lastRequest } = setup({
      initial: '/marketplace/offers?status=closed&irrMin=30&sort=name',
      offers: (url) => (url.searchParams.has('status') ? page([], { total: 0 }) : page([makeOfferCard({ name: 'Harbor Lofts' })])),
    });
    expect(await screen.findByText('No offers found')).toBeInTheDocument();
    const results = screen.getByText('No offers found').parentElement!;
    await user.click(within(results).getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByRole('article', { name: 'Harbor Lofts' })).toBeInTheDocument();
    expect([...search().keys()]).toEqual(['sort']);
    expect(lastRequest().has('status')).toBe(false);
    expect(lastRequest().has('irrMin')).toBe(false);
  });

  it('pages on the server and changes the sort and view in the address', async () => {
    stubScreen(1280);
    vi.stubGlobal('scrollTo', vi.fn());
    const { user, search, lastRequest } = setup({
      offers: (url) => page([makeOfferCard()], { total: 30, page: Number(url.searchParams.get('page')) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(lastRequest().get('page')).toBe('2'));
    expect(search().get('page')).toBe('2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Target IRR');
    await waitFor(() => expect(lastRequest().get('sort')).toBe('targetIrr'));
    expect(search().get('page')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(search().get('view')).toBe('list');
  });

  it('shows skeleton cards while loading and an error block with Try again', async () => {
    stubScreen(1280);
    let fail = true;
    const { user } = setup({
      offers: () => {
        if (fail) throw new Error('down');
        return page([makeOfferCard({ name: 'Harbor Lofts' })]);
      },
    });
    expect(screen.getByRole('progressbar', { name: 'Loading offers' })).toBeInTheDocument();
    // The query client retries once; the block shows after that.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('article', { name: 'Harbor Lofts' })).toBeInTheDocument();
  }, 20_000);

  it('puts the filters in a drawer under 900 px, opened by Filters', async () => {
    stubScreen(360);
    const { user } = setup({ initial: '/marketplace/offers?status=open' });
    await screen.findByRole('article', { name: 'Harbor Lofts' });
    expect(screen.queryByRole('search', { name: 'Offer filters' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const drawer = await screen.findByRole('search', { name: 'Offer filters' });
    expect(within(drawer).getByRole('checkbox', { name: 'Open' })).toBeChecked();
  });

  it('shows the handpicked deals above the results', async () => {
    stubScreen(1280);
    setup({ showcase: [makeOfferCard({ name: 'Featured deal' })] });
    expect(await screen.findByRole('region', { name: 'Handpicked Deals' })).toBeInTheDocument();
  });

  it("lists one institution's offers from its endpoint, without filters or showcase", async () => {
    stubScreen(1280);
    const institutionId = hexId(9, 'c');
    const { offerUrls, fetchMock } = setup({ institutionId, showcase: [makeOfferCard({ name: 'Featured deal' })] });
    await screen.findByRole('article', { name: 'Harbor Lofts' });
    expect(offerUrls.at(-1)!.pathname).toBe(`${BASE}/institutions/${institutionId}/offers`);
    expect(screen.queryByRole('search', { name: 'Offer filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Handpicked Deals' })).not.toBeInTheDocument();
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(paths).not.toContain(`${BASE}/showcase`);
    expect(paths).not.toContain(`${BASE}/institutions`);
  });
});
