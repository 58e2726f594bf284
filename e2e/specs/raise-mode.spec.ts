import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { checkPage } from '../support/guard.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

const RAISE_REFUSED = 'To access the GP / Institution mode, you must contact your admin.';

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});

/** A fresh institution of the journey's tenant, created by its owner (who joins its team) through the API. */
async function seedInstitution(name: string): Promise<string> {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const { data } = await tenant.api<{ data: { _id: string; isTeamMember: boolean } }>('POST', `/tenant/${tenant.tenantId}/institutions`, {
    token: tenant.owner.token,
    body: { name, slug, type: 'fund', descriptionShort: 'A fund met on the journey' },
  });
  // Its creator is on its team, so the picker offers it.
  expect(data.isTeamMember).toBe(true);
  return data._id;
}

describe('Raise mode', () => {
  it('refuses an investor with the exact text and keeps them in Invest mode', async () => {
    const investor = await tenant.investor();
    const page = await newPage({ width: 360, height: 740 });
    await signInThroughUi(page, investor, '/');
    await page.getByRole('button', { name: 'Raise mode' }).click();
    await expectToast(page, RAISE_REFUSED);
    expect(new URL(page.url()).pathname).toBe('/investor/dashboard');
    expect(await page.getByRole('button', { name: 'Invest mode' }).getAttribute('aria-pressed')).toBe('true');

    // The server refuses the same switch, with the same words.
    const res = await callApi('PUT', `/user/${investor.userId}/tenant-member/mode`, {
      slug: tenant.slug,
      token: investor.token,
      body: { appMode: 'institution' },
    });
    expect(res.status).toBe(403);
    expect((res.json as { error: { message: string } }).error.message).toBe(RAISE_REFUSED);
  });

  it('switches the owner to Raise, picks an institution, shows its dashboard, and switches back to Invest', async () => {
    const name = `Journey Fund ${Date.now().toString(36)}`;
    const institutionId = await seedInstitution(name);

    const page = await newPage();
    await signInThroughUi(page, tenant.owner, '/');
    await page.getByRole('button', { name: 'Raise mode' }).click();

    // With no institution picked yet the app asks for one (a search narrows the picker to this journey's fund).
    const dialog = page.getByRole('dialog', { name: /Select an institution/ });
    await dialog.getByText(tenant.owner.email).waitFor();
    await dialog.getByLabel('Search institutions').fill(name);
    await dialog.getByRole('button', { name: new RegExp(name) }).click();
    await page.waitForURL((url) => url.pathname === '/institution/dashboard');

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.getByRole('button', { name: '1 month' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: '7 days' }).click();
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByText('No offers yet. Create the first one to start raising.').waitFor();
    await page.getByText('No leads yet').waitFor();
    await checkPage(page);
    const nav = page.getByRole('navigation', { name: 'Institution' });
    await nav.getByText(name).waitFor();
    expect(await page.getByRole('link', { name: /Marketplace Profile/ }).getAttribute('href')).toBe(
      `/marketplace/institutions/${institutionId}`,
    );

    // The choice is the member's: a reload of the root lands on the institution dashboard again.
    await page.goto(tenant.url('/'));
    await page.waitForURL((url) => url.pathname === '/institution/dashboard');

    await page.getByRole('button', { name: 'Invest mode' }).click();
    await page.waitForURL((url) => url.pathname === '/investor/dashboard');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.goto(tenant.url('/institution/dashboard'));
    await page.waitForURL((url) => url.pathname === '/investor/dashboard');
  });
});
