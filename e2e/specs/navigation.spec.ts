import { AUTH_ERRORS } from '@tessera/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { allow } from '../support/guard.ts';
import { seedListedOffer } from '../support/marketplace.ts';
import { signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant, type Person } from '../support/tenant.ts';

const { newPage } = useBrowser();

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});

const t = () => `/tenant/${tenant.tenantId}`;

async function createInstitution(name: string): Promise<string> {
  const slug = `${name.toLowerCase().replace(/\s+/g, '-')}-${Date.now().toString(36)}`;
  const { data } = await tenant.api<{ data: { _id: string } }>('POST', `${t()}/institutions`, {
    token: tenant.owner.token,
    body: { name, slug, type: 'fund', descriptionShort: 'A fund made for the navigation journey' },
  });
  return data._id;
}

/** The main navigation's link, and that it is the current page once followed. */
async function follow(page: Page, nav: Locator, label: string, path: string | RegExp) {
  await nav.getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
}

async function expectCurrent(nav: Locator, label: string) {
  await expect.poll(() => nav.getByRole('link', { name: label, exact: true }).getAttribute('aria-current')).toBe('page');
}

describe('the signed-in shell', () => {
  it('takes an investor at 1280 px from home to the marketplace, documents and passport, and offers nothing they may not run', async () => {
    const investor = await tenant.investor({ firstname: 'Nina', lastname: 'Navigator' });
    const page = await newPage();
    await signInThroughUi(page, investor, '/');
    // Home offers the way in too.
    const wayIn = page.getByRole('region', { name: 'Go to' });
    await wayIn.getByRole('link', { name: /Marketplace/ }).waitFor();
    await wayIn.getByRole('link', { name: /Documents/ }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expectCurrent(nav, 'Dashboard');
    await follow(page, nav, 'Marketplace', /^\/marketplace\/offers/);
    await expectCurrent(nav, 'Marketplace');
    await follow(page, nav, 'Documents', '/document');
    await page.getByRole('heading', { name: 'Documents', level: 1 }).waitFor();
    await expectCurrent(nav, 'Documents');
    await follow(page, nav, 'Financial Passport', '/user/passport/account');
    await page.getByRole('heading', { name: 'Your Financial Passport' }).waitFor();
    await expectCurrent(nav, 'Financial Passport');
    // Raise needs institution:manage, the admin areas their rights: none of them for an investor.
    expect(await nav.getByText('Raise').count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Tenant admin' }).count()).toBe(0);
  });

  it('fits a 360 px phone: the top bar keeps its controls apart and the drawer leads everywhere', async () => {
    const investor = await tenant.investor({ firstname: 'Pia', lastname: 'Phone' });
    const page = await newPage({ width: 360, height: 740, colorScheme: 'dark' });
    await signInThroughUi(page, investor, '/');

    // The top bar: the tenant's monogram (its name, cut to a letter, said less), the switch, the time and the avatar,
    // none over another, none cut off.
    const bar = page.getByRole('banner');
    const parts = [
      bar.getByRole('button', { name: 'Open main menu' }),
      bar.getByRole('link', { name: tenant.name, exact: true }),
      bar.getByRole('button', { name: /Switch to (dark|light) mode/ }),
      bar.getByRole('group', { name: 'App mode' }),
      bar.getByRole('button', { name: /^\d+:\d\d$/ }),
      bar.getByRole('button', { name: /Account menu$/ }),
    ];
    // The signed-in controls mount lazily after the bar: measure once every part is there and the row has settled.
    for (const part of parts) await part.waitFor();
    const measure = async () => {
      const found = [];
      for (const part of parts) found.push(await part.boundingBox());
      return found;
    };
    await expect
      .poll(async () => {
        const before = JSON.stringify(await measure());
        await page.waitForTimeout(300);
        return before === JSON.stringify(await measure());
      })
      .toBe(true);
    const boxes = [];
    for (const [i, box] of (await measure()).entries()) {
      expect(box, `part ${i}`).not.toBeNull();
      boxes.push(box!);
    }
    for (const [i, box] of boxes.entries()) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      const next = boxes[i + 1];
      if (next) expect(next.x - (box.x + box.width), `gap after part ${i}`).toBeGreaterThanOrEqual(4);
    }
    const truncated = await bar.evaluate((el) =>
      [...el.querySelectorAll<HTMLElement>('*')]
        // A visually hidden name (1 px, for assistive technology) is not a cut one.
        .filter(
          (e) =>
            e.checkVisibility() &&
            e.clientWidth > 1 &&
            e.scrollWidth > e.clientWidth + 1 &&
            getComputedStyle(e).textOverflow === 'ellipsis',
        )
        .map((e) => e.textContent),
    );
    expect(truncated).toEqual([]);

    const menu = page.getByRole('button', { name: 'Open main menu' });
    const drawerNav = page.getByRole('navigation', { name: 'Main' });
    await menu.click();
    await page.getByRole('presentation').getByText(tenant.name, { exact: true }).waitFor();
    await follow(page, drawerNav, 'Marketplace', /^\/marketplace\/offers/);
    await drawerNav.waitFor({ state: 'hidden' });
    await menu.click();
    await follow(page, drawerNav, 'Documents', '/document');
    await menu.click();
    await follow(page, drawerNav, 'Financial Passport', '/user/passport/account');
    await page.getByRole('heading', { name: 'Your Financial Passport' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("takes a GP to Raise from the shell, and shows another institution's offer address as the 404 page", async () => {
    const tag = Date.now().toString(36);
    const ours = await createInstitution(`Shell Partners ${tag}`);
    const theirs = await createInstitution(`Other Partners ${tag}`);
    const { data: offer } = await tenant.api<{ data: { _id: string } }>('POST', `${t()}/offers`, {
      token: tenant.owner.token,
      body: { name: `Not Yours ${tag}`, slug: `not-yours-${tag}`, institution: theirs },
    });
    const gp: Person = await tenant.investor({ firstname: 'Gil', lastname: 'Partner' });
    await tenant.api('POST', `${t()}/institutions/${ours}/team/invite`, {
      token: tenant.owner.token,
      body: { email: gp.email, firstname: gp.firstname, lastname: gp.lastname, role: 'member' },
    });

    const page = await newPage();
    allow(page, {
      status: 404,
      method: 'GET',
      path: new RegExp(`/offers/${offer._id}$`),
      reason: 'the offer of an institution the GP is not on: the 404 page is what this test shows',
    });
    await signInThroughUi(page, gp, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: /^Raise/ }).click();
    // No institution picked yet: the list of the GP's institutions, to pick one.
    await page.waitForURL((url) => url.pathname === '/institution/list');
    await page.getByRole('button', { name: new RegExp(`Shell Partners ${tag}`) }).click();
    await page.waitForURL((url) => url.pathname === '/institution/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // The API answers 404 for an offer of an institution the GP is not on: the page says so, not 'Something went wrong'.
    await page.goto(tenant.url(`/institution/offers/${offer._id}/details`));
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });

  it('signs a member suspended since sign-in out on their next call, with the reason on the sign-in page', async () => {
    const investor = await tenant.investor({ firstname: 'Sam', lastname: 'Suspended' });
    const page = await newPage();
    allow(page, {
      status: 403,
      method: 'GET',
      path: /\/api\/v1\//,
      reason: "the suspended member's next calls are refused: that refusal signs them out, as this test shows",
    });
    await signInThroughUi(page, investor, '/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // The dashboard's first reads finish before the suspension, so the click below makes the next call.
    await page.waitForLoadState('networkidle');

    const { data: membership } = await tenant.api<{ data: { _id: string } }>('GET', `/user/${investor.userId}/tenant-member`, {
      token: investor.token,
    });
    await tenant.api('PUT', `${t()}/members/${membership._id}/membership-status`, {
      token: tenant.owner.token,
      body: { membershipStatus: 'suspended' },
    });

    // A call the app makes on its own (a refetch on focus) may sign them out first: the link is then gone, which is fine.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Documents', exact: true })
      .click({ timeout: 5_000 })
      .catch((error: unknown) => {
        if (new URL(page.url()).pathname !== '/signin') throw error;
      });
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('alert').filter({ hasText: AUTH_ERRORS.membershipSuspended }).waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  });
});

describe("an offer's financials on a 360 px phone", () => {
  it('shows every class, the second one too, without a sideways scroll', async () => {
    const tag = Date.now().toString(36);
    await seedListedOffer(tenant, {
      name: `Two Classes ${tag}`,
      slug: `two-classes-${tag}`,
      assetClass: 'multi-family',
      irr: 14,
      ctaUrl: 'https://example.com/reserve',
      moreClasses: ['Class B'],
      institution: { name: `Classes Fund ${tag}`, slug: `classes-fund-${tag}` },
    });
    const page = await newPage({ width: 360, height: 740 });
    await page.goto(tenant.url(`/marketplace/offers/two-classes-${tag}/home`));
    const classB = page.getByRole('heading', { name: 'Class B', exact: true });
    await classB.scrollIntoViewIfNeeded();
    const box = await classB.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await page.getByRole('region', { name: 'Class B' }).getByText('$50,000').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
