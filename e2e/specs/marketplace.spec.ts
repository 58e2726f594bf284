import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { PDF_BYTES, seedListedOffer, setHandpicked } from '../support/marketplace.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

const tag = `${Date.now().toString(36)}${process.pid}`;
const OFFER = {
  name: `Journey Tollway ${tag}`,
  slug: `journey-tollway-${tag}`,
  assetClass: 'infrastructure',
  irr: 97.5,
  ctaUrl: `https://journey-cta.example/reserve/${tag}`,
  institution: { name: `Journey Roads ${tag}`, slug: `journey-roads-${tag}` },
};
/** A second listed offer of the tenant, below the IRR filter, so the carousel has two slides and the filter leaves one. */
const OTHER = {
  name: `Journey Harbor Flats ${tag}`,
  slug: `journey-harbor-flats-${tag}`,
  assetClass: 'multi-family',
  irr: 12,
  ctaUrl: `https://journey-cta.example/other/${tag}`,
  institution: { name: `Journey Homes ${tag}`, slug: `journey-homes-${tag}` },
};
let ids: { institutionId: string; offerId: string };
let tenant: JourneyTenant;

beforeAll(async () => {
  tenant = await createJourneyTenant();
  ids = await seedListedOffer(tenant, OFFER);
  const other = await seedListedOffer(tenant, OTHER);
  await setHandpicked(tenant, [ids.offerId, other.offerId]);
});

/** The name of the carousel slide on show. */
async function activeSlide(page: Page): Promise<string> {
  const carousel = page.getByRole('region', { name: 'Handpicked Deals' });
  return (await carousel.locator('[role="group"]:not([inert])').first().getByRole('heading').first().textContent()) ?? '';
}

describe('the marketplace', () => {
  it('a signed-out visitor filters, opens an offer, reads its tabs, downloads a document, clicks its CTA, signs up and the CTA opens', async () => {
    const page = await newPage();
    await page
      .context()
      .route('https://journey-cta.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Reserved for the journey</h1>' }),
      );
    await page.goto(tenant.url('/marketplace/offers'));

    // The showcase carousel advances on its own every 5 s.
    const first = await activeSlide(page);
    await expect.poll(() => activeSlide(page), { timeout: 12_000, interval: 500 }).not.toBe(first);

    // Filters: IRR at least 90 %, asset class Infrastructure; both in the address, so the view can be shared.
    const filters = page.getByRole('search', { name: 'Offer filters' });
    await filters.getByLabel('IRR min').fill('90');
    await filters.getByLabel('IRR min').press('Enter');
    const assetClass = filters.getByRole('group', { name: 'Asset class' });
    await assetClass.getByRole('button', { name: /^Show all/ }).click();
    // click, not check: the box follows the address, which the router updates a moment later.
    await assetClass.getByRole('checkbox', { name: /^Infrastructure/ }).click();
    await page.waitForURL((url) => url.searchParams.get('irrMin') === '90' && url.searchParams.get('assetClass') === 'infrastructure');
    const results = page.getByRole('list', { name: 'Offers' });
    const card = results.getByRole('link', { name: OFFER.name });
    await card.waitFor();
    // Exactly the journey's offer: the other (IRR 12 %, multi-family) is filtered out.
    await expect.poll(() => results.getByRole('listitem').count()).toBe(1);
    expect(await results.getByRole('link', { name: OTHER.name }).count()).toBe(0);

    // A shared address shows the same filtered list.
    const shared = await newPage({ width: 360, height: 740 });
    await shared.goto(page.url());
    await shared.getByRole('list', { name: 'Offers' }).getByRole('link', { name: OFFER.name }).waitFor();

    // The offer page: Home first, then About (where 'View Details' is disabled), Documents and Financials.
    await card.click();
    await page.waitForURL((url) => url.pathname === `/marketplace/offers/${OFFER.slug}/home`);
    await page.getByRole('heading', { name: OFFER.name, level: 1 }).waitFor();
    await page.getByText('97.5%').first().waitFor();
    await page.getByRole('tab', { name: 'About' }).click();
    await page.waitForURL(/\/about$/);
    expect(await page.getByRole('button', { name: 'View Details' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Documents' }).click();
    const documents = page.getByRole('table', { name: 'Offer documents' });
    await documents.getByText('operating-agreement.pdf', { exact: true }).waitFor();
    const download = page.waitForEvent('download');
    await documents.getByRole('button', { name: 'Download operating-agreement.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('operating-agreement.pdf');
    expect(readFileSync((await file.path())!)).toEqual(PDF_BYTES);
    await page.getByRole('tab', { name: 'Financials' }).click();
    await page.getByText('Coming soon.').waitFor();

    // Signed out, the primary CTA asks to sign in first, carrying the offer and the CTA; sign-up keeps them.
    await page.getByRole('button', { name: 'Reserve a Spot' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/signin' && url.searchParams.get('offer') === ids.offerId && url.searchParams.get('cta') === 'primary',
    );
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/signup' && url.searchParams.get('offer') === ids.offerId);
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Investor');
    await page.getByLabel('Email').fill(uniqueEmail('market'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    const tab = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Create account' }).click();
    const cta = await tab;
    await cta.getByRole('heading', { name: 'Reserved for the journey' }).waitFor();
    expect(cta.url()).toBe(OFFER.ctaUrl);

    // The visitor closes the tab: the events still queued (the CTA click, within the queue's 2 s) go as it closes,
    // and the offer's analytics then count the download and the click.
    await page.close({ runBeforeUnload: true });
    const dashboard = () =>
      tenant.api<{ data: { allTime: { documentDownloads: number; ctaClicks: number; views: number } } }>(
        'GET',
        `/tenant/${tenant.tenantId}/offers/${ids.offerId}/dashboard`,
        {
          token: tenant.owner.token,
        },
      );
    // The download and the CTA click (the rollups count each; #25).
    await expect
      .poll(
        async () => {
          const { allTime } = (await dashboard()).data;
          return allTime.documentDownloads + allTime.ctaClicks;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    // The visit itself: an offer page view (two when the visitor comes back to the page after signing up in time).
    expect((await dashboard()).data.allTime.views).toBeGreaterThanOrEqual(1);
  });

  it('an institution visited by id gets its slug in the address; its dashboard then counts the visits', async () => {
    const page = await newPage({ width: 360, height: 740, colorScheme: 'dark' });
    await page.goto(tenant.url(`/marketplace/institutions/${ids.institutionId}`));
    await page.waitForURL((url) => url.pathname === `/marketplace/institutions/${OFFER.institution.slug}/about`);
    await page.getByRole('heading', { name: OFFER.institution.name }).first().waitFor();
    await page.getByRole('tab', { name: 'Offers' }).click();
    await page.getByRole('list', { name: 'Offers' }).getByRole('link', { name: OFFER.name }).waitFor();
    // Leaving the page sends what it queued (by sendBeacon), as a visitor closing the tab does.
    await page.goto('about:blank');

    // The owner (on the journey institution's team as its creator) sees the impressions and views just made.
    const owner = await newPage();
    await signInThroughUi(owner, tenant.owner, '/');

    // The tenant's admin orders the handpicked deals: the journey's offer moves down one place and stays there.
    await owner.goto(tenant.url('/tenant/marketplace/settings'));
    const picks = owner.getByRole('list', { name: 'Handpicked deals' });
    await picks.getByRole('listitem').first().getByText(OFFER.name).waitFor();
    await picks.getByRole('button', { name: `Move ${OFFER.name} down` }).click();
    await owner.getByRole('button', { name: 'Save' }).click();
    await expectToast(owner, 'Marketplace settings updated');
    await owner.reload();
    await picks.getByRole('listitem').nth(1).getByText(OFFER.name).waitFor();

    await owner.goto(tenant.url('/'));
    await owner.getByRole('button', { name: 'Raise mode' }).click();
    const dialog = owner.getByRole('dialog', { name: /Select an institution/ });
    await dialog.getByLabel('Search institutions').fill(OFFER.institution.name);
    await dialog.getByRole('button', { name: new RegExp(OFFER.institution.name) }).click();
    await owner.waitForURL((url) => url.pathname === '/institution/dashboard');
    const panel = owner.locator('.MuiCard-root').filter({ has: owner.getByText('Offer analytics') });
    // The first match is the total above the chart (its legend repeats the label).
    const total = async (label: string) =>
      Number(await panel.getByText(label, { exact: true }).first().locator('xpath=following-sibling::*[1]').textContent());
    // The institution page and the first journey's offer page are page views; the cards on the Offers tab, impressions.
    await expect.poll(() => total('Page views'), { timeout: 15_000, interval: 1000 }).toBeGreaterThanOrEqual(2);
    expect(await total('Impressions')).toBeGreaterThanOrEqual(1);
    expect(await total('Unique visitors')).toBeGreaterThanOrEqual(1);
    // The first journey's CTA click (002 §2: calls to action).
    expect(await total('CTA clicks')).toBe(1);
  });
});
