import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { allow } from '../support/guard.ts';
import { choose, expectToast } from '../support/session.ts';
import { createJourneyTenant, GREEN_THEME, setTheme, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

/** The enabled Sign In button takes the tenant's primary colour (polled: it fades in from disabled). */
async function expectPrimary(page: Page, rgb: string): Promise<void> {
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever-password');
  const button = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
}

const headingFont = (page: Page) => page.getByRole('heading', { name: 'Sign In' }).evaluate((el) => getComputedStyle(el).fontFamily);

/** Signs in through the /signin form of a tenant's address; a signed-out visit to `path` comes back there. */
async function signInAt(page: Page, tenant: JourneyTenant, user: { email: string; password: string }, path: string): Promise<void> {
  await page.goto(tenant.url(path));
  await page.waitForURL(/\/signin/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe('tenant branding', () => {
  it("an owner's new primary colour and font reach the tenant's sign-in page at once, and no other tenant's", async () => {
    // The tenant the owner re-brands, and two others: one with the default theme, one with a theme of its own.
    const [tenant, plain, green] = await Promise.all([createJourneyTenant(), createJourneyTenant(), createJourneyTenant()]);
    await setTheme(green, GREEN_THEME);

    const page = await newPage();
    allow(page, {
      axeRule: 'color-contrast',
      within: '[data-testid="theme-preview"]',
      reason: "the preview shows the owner's colours as chosen (#AA3300 here), good or bad",
    });
    await signInAt(page, tenant, tenant.owner, '/tenant/branding/theme');

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
    await investor.goto(tenant.url('/signin'));
    await expectPrimary(investor, 'rgb(170, 51, 0)');
    await expect.poll(() => headingFont(investor)).toContain('Montserrat');

    const other = await newPage();
    await other.goto(green.url('/signin'));
    await other.getByText(`Welcome back to ${green.name}.`).waitFor();
    await expectPrimary(other, 'rgb(11, 110, 79)'); // #0B6E4F, unchanged
    const defaults = await newPage();
    await defaults.goto(plain.url('/signin'));
    await expectPrimary(defaults, 'rgb(26, 58, 101)'); // #1A3A65, unchanged
    expect(await headingFont(defaults)).not.toContain('Montserrat');
  });

  it("an owner's welcome text and promo card reach the dashboard of that tenant's investors, and no other tenant's", async () => {
    const [tenant, elsewhere] = await Promise.all([createJourneyTenant(), createJourneyTenant()]);
    const slug = tenant.slug;
    const owner = tenant.owner;
    const investor = await tenant.investor({ firstname: 'Ivy', lastname: 'Investor' });
    const outsider = await elsewhere.investor({ firstname: 'Otto', lastname: 'Outsider' });
    const welcome = `Welcome aboard ${slug}: three new deals this week.`;
    const cardTitle = `Bridge lending ${slug}`;

    const page = await newPage();
    await signInAt(page, tenant, owner, '/tenant/branding/messaging');
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
    await signInAt(investorPage, tenant, investor, '/investor/dashboard');
    await investorPage.getByRole('heading', { name: 'Welcome, Ivy Investor' }).waitFor();
    await investorPage.getByRole('region', { name: 'Welcome' }).getByText(welcome).waitFor();
    const promotions = investorPage.getByRole('region', { name: 'Promotions' });
    await promotions.getByRole('heading', { name: cardTitle }).waitFor();
    await promotions.getByText('Senior secured loans up to 75% loan-to-value.').waitFor();
    await promotions.getByRole('link', { name: 'Open your passport' }).click();
    await investorPage.waitForURL((url) => url.pathname.startsWith('/user/'));

    // Another tenant's investor, on their own dashboard, sees neither.
    const otherPage = await newPage();
    await signInAt(otherPage, elsewhere, outsider, '/investor/dashboard');
    await otherPage.getByRole('heading', { name: 'Welcome, Otto Outsider' }).waitFor();
    expect(await otherPage.getByText(welcome).count()).toBe(0);
    expect(await otherPage.getByText(cardTitle).count()).toBe(0);
  });
});
