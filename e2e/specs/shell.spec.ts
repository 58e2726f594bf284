import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { urlOf, useBrowser } from '../support/browser.ts';

const { newPage } = useBrowser();

/** The enabled Sign In button takes the tenant's primary colour (polled: it fades in from disabled). */
async function expectPrimary(page: Page, rgb: string): Promise<void> {
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('whatever-password');
  const button = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect.poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
}

describe('tenants and pages', () => {
  it("shows each tenant's own name and colours on its {slug}.localhost address", async () => {
    const demo = await newPage();
    await demo.goto(urlOf('/signin', 'demo'));
    await demo.getByText('Welcome back to Tessera Demo.').waitFor();
    await expectPrimary(demo, 'rgb(26, 58, 101)'); // #1A3A65

    const northwind = await newPage();
    await northwind.goto(urlOf('/signin', 'northwind'));
    await northwind.getByText('Welcome back to Northwind Capital.').waitFor();
    await expectPrimary(northwind, 'rgb(11, 110, 79)'); // #0B6E4F
    // Its font is fetched on demand and applied.
    const montserratLoaded = () =>
      northwind.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Montserrat' && f.status === 'loaded'));
    await expect.poll(montserratLoaded).toBe(true);
    expect(await northwind.getByRole('heading', { name: 'Sign In' }).evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Montserrat');
  });

  it('shows the not-found page with the address and the support sentence', async () => {
    const page = await newPage();
    await page.goto(urlOf('/no/such/page?x=1'));
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('/no/such/page?x=1').waitFor();
    await page.getByText('If you believe this is an error, please contact support.').waitFor();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const page = await newPage({ width: 360, height: 740, colorScheme: 'dark' });
    await page.goto(urlOf('/signin'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
