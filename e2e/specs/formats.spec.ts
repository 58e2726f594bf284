import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { seedListedOffer } from '../support/marketplace.ts';
import { choose, expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

// Issue #17, items 6 and 7: amounts read '$1,000,000' where they are typed and where they are shown, and the date
// format a user picks is the one every table and record page writes.
const { newPage } = useBrowser();

let tenant: JourneyTenant;
let offerId: string;
const tag = Date.now().toString(36);
const OFFER = { name: `Format Lofts ${tag}`, slug: `format-lofts-${tag}` };

beforeAll(async () => {
  tenant = await createJourneyTenant();
  ({ offerId } = await seedListedOffer(tenant, {
    ...OFFER,
    assetClass: 'multi-family',
    irr: 12.5,
    ctaUrl: 'https://example.com/formats',
    institution: { name: `Format Capital ${tag}`, slug: `format-capital-${tag}` },
  }));
});

/** A date as 'YYYY.MM.DD' in this machine's time zone (the browser's too). */
const dotted = (d: Date) => `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;

describe('formats', () => {
  it("the owner picks 'YYYY.MM.DD' and types an amount: tables, the offer page and the input follow", async () => {
    const page = await newPage();
    await signInThroughUi(page, tenant.owner, '/user/passport/account');

    // Settings: the date format, saved as soon as it is picked.
    await choose(page, 'Date format', `YYYY.MM.DD (${dotted(new Date())})`);
    await expectToast(page, 'Profile details updated');

    // A table: the offers list's Created column.
    await page.goto(tenant.url('/tenant/marketplace/offers'));
    const row = page.getByRole('row').filter({ hasText: OFFER.name });
    await row.getByRole('gridcell', { name: dotted(new Date()), exact: true }).waitFor();

    // A form: the amount is grouped as it is typed and saved as the number.
    await page.goto(tenant.url(`/tenant/marketplace/offers/${offerId}/financials`));
    const minimum = page.getByRole('group', { name: 'Class 1', exact: true }).getByRole('textbox', { name: 'Minimum investment' });
    await minimum.fill('');
    await minimum.pressSequentially('1000000');
    expect(await minimum.inputValue()).toBe('$1,000,000');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'financials updated');
    const { data } = await tenant.api<{ data: { classes: { minimumInvestment: number }[] } }>(
      'GET',
      `/tenant/${tenant.tenantId}/offers/${offerId}`,
      { token: tenant.owner.token },
    );
    expect(data.classes[0]?.minimumInvestment).toBe(1_000_000);

    // The offer's public page: the amount in its financials, its open date (yesterday) in the user's format.
    await page.goto(tenant.url(`/marketplace/offers/${OFFER.slug}/home`));
    await page.getByRole('heading', { name: OFFER.name, level: 1 }).waitFor();
    await page.getByText('$1,000,000').first().waitFor();
    await page.getByRole('tab', { name: 'About' }).click();
    await page.getByText(dotted(new Date(Date.now() - 86_400_000)), { exact: true }).waitFor();
  });
});
