import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PLATFORM_ADMIN, signInViaApi, signUpViaApi } from '../support/api.ts';
import { urlOf, useBrowser } from '../support/browser.ts';
import { choose, expectToast } from '../support/session.ts';

const { newPage } = useBrowser();

/** The enabled Sign In button takes the tenant's primary colour (polled: it fades in from disabled). */
async function expectPrimary(page: Page, rgb: string): Promise<void> {
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever-password');
  const button = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
}

const headingFont = (page: Page) => page.getByRole('heading', { name: 'Sign In' }).evaluate((el) => getComputedStyle(el).fontFamily);

/** A tenant of this journey's own (the shell journey checks the demo tenant's default colours at the same time). */
async function createTenant(slug: string, ownerEmail: string): Promise<void> {
  const token = await signInViaApi(PLATFORM_ADMIN.email, PLATFORM_ADMIN.password);
  const res = await fetch(urlOf('/api/v1/tenant'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: `Branding ${slug}`, slug, ownerEmail }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Signs in through the /signin form of a tenant's address; a signed-out visit to `path` comes back there. */
async function signInAt(page: Page, slug: string, user: { email: string; password: string }, path: string): Promise<void> {
  await page.goto(urlOf(path, slug));
  await page.waitForURL(/\/signin/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe('tenant branding', () => {
  it("an owner's new primary colour and font reach the tenant's sign-in page at once, and no other tenant's", async () => {
    const slug = `brand-${Date.now().toString(36)}`;
    // An existing account named as owner becomes the new tenant's active owner at once.
    const owner = await signUpViaApi();
    await createTenant(slug, owner.email);

    const page = await newPage();
    await page.goto(urlOf('/tenant/branding/theme', slug));
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tenant/branding/theme');

    const primary = page.getByRole('textbox', { name: 'Primary', exact: true });
    await expect.poll(() => primary.inputValue()).toBe('#1A3A65');
    await primary.fill('#AA3300');
    // The live preview follows before saving.
    const previewButton = page.getByTestId('theme-preview').getByRole('button', { name: 'Primary' });
    await expect.poll(() => previewButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(170, 51, 0)');
    await choose(page, 'Font family', 'Montserrat');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Branding updated');
    // The whole app re-themes at once: the page's own buttons take the new colour.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Montserrat');

    const investor = await newPage();
    await investor.goto(urlOf('/signin', slug));
    await expectPrimary(investor, 'rgb(170, 51, 0)');
    await expect.poll(() => headingFont(investor)).toContain('Montserrat');

    const northwind = await newPage();
    await northwind.goto(urlOf('/signin', 'northwind'));
    await northwind.getByText('Welcome back to Northwind Capital.').waitFor();
    await expectPrimary(northwind, 'rgb(11, 110, 79)'); // #0B6E4F, unchanged
    const demo = await newPage();
    await demo.goto(urlOf('/signin', 'demo'));
    await expectPrimary(demo, 'rgb(26, 58, 101)'); // #1A3A65, unchanged
    expect(await headingFont(demo)).not.toContain('Montserrat');
  });

  it("an owner's welcome text and promo card reach the dashboard of that tenant's investors, and no other tenant's", async () => {
    const slug = `msg-${Date.now().toString(36)}`;
    const owner = await signUpViaApi();
    await createTenant(slug, owner.email);
    const investor = await signUpViaApi(slug, { firstname: 'Ivy', lastname: 'Investor' });
    const outsider = await signUpViaApi('northwind', { firstname: 'Otto', lastname: 'Outsider' });
    const welcome = `Welcome aboard ${slug}: three new deals this week.`;
    const cardTitle = `Bridge lending ${slug}`;

    const page = await newPage();
    await signInAt(page, slug, owner, '/tenant/branding/messaging');
    const text = page.getByRole('textbox', { name: 'Welcome text' });
    await expect.poll(() => text.inputValue()).not.toBe('');
    await text.fill(welcome);
    await page.getByRole('button', { name: 'Add card' }).click();
    const card = page.getByRole('region', { name: 'Promo card 1' });
    await card.getByRole('textbox', { name: 'Title' }).fill(cardTitle);
    await card.getByRole('textbox', { name: 'Body' }).fill('Senior secured loans up to 75% loan-to-value.');
    await card.getByRole('button', { name: 'Add button' }).click();
    await card.getByRole('textbox', { name: 'Button 1 label' }).fill('Open your passport');
    await card.getByRole('textbox', { name: 'Button 1 link' }).fill('/user');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Branding updated');

    // The tenant's investor sees both on the dashboard, and the card's button leads where the owner said.
    const investorPage = await newPage();
    await signInAt(investorPage, slug, investor, '/');
    await investorPage.getByRole('heading', { name: 'Welcome, Ivy Investor' }).waitFor();
    await investorPage.getByRole('region', { name: 'Welcome' }).getByText(welcome).waitFor();
    const promotions = investorPage.getByRole('region', { name: 'Promotions' });
    await promotions.getByRole('heading', { name: cardTitle }).waitFor();
    await promotions.getByText('Senior secured loans up to 75% loan-to-value.').waitFor();
    await promotions.getByRole('link', { name: 'Open your passport' }).click();
    await investorPage.waitForURL((url) => url.pathname.startsWith('/user/'));

    // Another tenant's investor, on their own dashboard, sees neither.
    const otherPage = await newPage();
    await signInAt(otherPage, 'northwind', outsider, '/');
    await otherPage.getByRole('heading', { name: 'Welcome, Otto Outsider' }).waitFor();
    expect(await otherPage.getByText(welcome).count()).toBe(0);
    expect(await otherPage.getByText(cardTitle).count()).toBe(0);
  });
});
