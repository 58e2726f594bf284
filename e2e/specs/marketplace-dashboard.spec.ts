import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { checkPage } from '../support/guard.ts';
import { seedListedOffer } from '../support/marketplace.ts';
import { signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, uniqueSlug } from '../support/tenant.ts';

const { newPage } = useBrowser();

describe('the marketplace dashboard', () => {
  it("shows the owner nothing yet, then a visitor's browsing as totals, a chart and the top offer", async () => {
    const tenant = await createJourneyTenant();
    const offer = { name: 'Pier Warehouses', slug: uniqueSlug('pier') };
    await seedListedOffer(tenant, {
      ...offer,
      assetClass: 'industrial',
      irr: 15,
      ctaUrl: 'https://journey-cta.example/pier',
      institution: { name: 'Pier Capital', slug: uniqueSlug('pier-capital') },
    });

    const owner = await newPage();
    await signInThroughUi(owner, tenant.owner, '/tenant/marketplace/dashboard');
    await owner.getByRole('heading', { name: 'Marketplace dashboard', level: 1 }).waitFor();
    // The owner's own page views count for the tenant; no offer has been seen yet.
    await owner.getByText('No offer was seen in this period.').waitFor();
    await owner.getByText('No institution was seen in this period.').waitFor();
    expect(await owner.getByRole('button', { name: '1 month', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await checkPage(owner);

    // A signed-out visitor browses the marketplace and opens the offer; leaving the page sends what is queued.
    const visitor = await newPage({ width: 390, height: 844 });
    await visitor.goto(tenant.url('/marketplace/offers'));
    await visitor.getByRole('list', { name: 'Offers' }).getByRole('link', { name: offer.name }).click();
    await visitor.getByRole('heading', { name: offer.name, level: 1 }).waitFor();
    // The page view is queued by an effect that runs after the heading shows: on a loaded machine the journey could
    // leave before it ran (no event, where a person would have stayed a moment). Leave once the page is idle.
    await visitor.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    await visitor.goto('about:blank');

    // The owner sees it once the beacon is in: reload until the top offers list it.
    await expect
      .poll(
        async () => {
          await owner.reload();
          await owner.getByRole('heading', { name: 'Marketplace dashboard', level: 1 }).waitFor();
          return owner.getByRole('table', { name: 'Top offers' }).getByRole('link', { name: offer.name }).count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    // One visitor saw the card and opened the page: the offer's row counts them once.
    const row = owner.getByRole('table', { name: 'Top offers' }).getByRole('row').filter({ hasText: offer.name });
    const cells = await row.getByRole('cell').allTextContents();
    expect(Number(cells[1])).toBeGreaterThanOrEqual(1);
    expect(cells[2]).toBe('1');
    await owner.getByRole('table', { name: 'Top institutions' }).getByRole('link', { name: 'Pier Capital' }).waitFor();

    // Another period asks again: 24 hrs by the hour still holds today's visit.
    await owner.getByRole('button', { name: '24 hrs', exact: true }).click();
    await owner.waitForURL((url) => url.searchParams.get('preset') === '24hrs');
    await owner.getByText('Last 24 hrs').waitFor();
    await owner.getByRole('table', { name: 'Top offers' }).getByRole('link', { name: offer.name }).waitFor();
    await checkPage(owner);
  });
});
