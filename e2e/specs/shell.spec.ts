import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createJourneyTenant, GREEN_THEME, setTheme, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

/** The enabled Sign In button takes the tenant's primary colour (polled: it fades in from disabled). */
async function expectPrimary(page: Page, rgb: string): Promise<void> {
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever-password');
  const button = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
}

/** Two tenants of this journey: one as the platform creates it, one given a theme of its own by its owner. */
let plain: JourneyTenant;
let green: JourneyTenant;
beforeAll(async () => {
  [plain, green] = await Promise.all([createJourneyTenant(), createJourneyTenant()]);
  await setTheme(green, GREEN_THEME);
});

describe('tenants and pages', () => {
  it("shows each tenant's own name and colours on its {slug}.localhost address", async () => {
    const first = await newPage();
    await first.goto(plain.url('/signin'));
    await first.getByText(`Welcome back to ${plain.name}.`).waitFor();
    await expectPrimary(first, 'rgb(26, 58, 101)'); // #1A3A65, the default

    const second = await newPage();
    await second.goto(green.url('/signin'));
    await second.getByText(`Welcome back to ${green.name}.`).waitFor();
    await expectPrimary(second, 'rgb(11, 110, 79)'); // #0B6E4F
    // Its font is fetched on demand and applied.
    const montserratLoaded = () =>
      second.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Montserrat' && f.status === 'loaded'));
    await expect.poll(montserratLoaded).toBe(true);
    expect(await second.getByRole('heading', { name: 'Sign In' }).evaluate((el) => getComputedStyle(el).fontFamily)).toContain(
      'Montserrat',
    );
  });

  it('shows the not-found page with the address and the support sentence', async () => {
    const page = await newPage();
    await page.goto(plain.url('/no/such/page?x=1'));
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('/no/such/page?x=1').waitFor();
    await page.getByText('If you believe this is an error, please contact support.').waitFor();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const page = await newPage({ width: 360, height: 740, colorScheme: 'dark' });
    await page.goto(plain.url('/signin'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
