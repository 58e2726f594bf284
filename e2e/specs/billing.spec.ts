import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACCOUNT_SECURITY_REFUSALS, BILLING_TEXTS, BUILTIN_TEST_CARDS } from '@tessera/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { allow, checkPage } from '../support/guard.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, uniqueSlug, type JourneyTenant, type Person } from '../support/tenant.ts';

const { newPage } = useBrowser();

/** Screenshots to look at when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

let tenant: JourneyTenant;
let gp: Person;
let institutionId: string;

beforeAll(async () => {
  tenant = await createJourneyTenant({ slugPrefix: 'billing' });
  const slug = uniqueSlug('summit');
  const { data: institution } = await tenant.api<{ data: { _id: string } }>('POST', `/tenant/${tenant.tenantId}/institutions`, {
    token: tenant.owner.token,
    body: { name: `Summit Ridge ${slug}`, slug, type: 'fund', descriptionShort: 'An institution of the billing journey' },
  });
  institutionId = institution._id;
  // The institution's owner: an investor of the tenant whom the tenant owner puts on the team as owner, in Raise mode on it.
  gp = await tenant.investor({ firstname: 'Dana', lastname: 'Whitfield' });
  await tenant.api('POST', `/tenant/${tenant.tenantId}/institutions/${institutionId}/team/invite`, {
    token: tenant.owner.token,
    body: { email: gp.email, firstname: 'Dana', lastname: 'Whitfield', role: 'owner' },
  });
  await tenant.api('PUT', `/user/${gp.userId}/tenant-member/mode`, {
    token: gp.token,
    body: { appMode: 'institution', institution: institutionId },
  });
});

/** Answers "Confirm it's you" with the password if the server asks for it before a card is added. */
async function confirmIfAsked(page: Page, done: string) {
  const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
  await stepUp
    .or(page.getByRole('alert').filter({ hasText: done }))
    .first()
    .waitFor();
  if (await stepUp.isVisible()) {
    await stepUp.getByLabel('Password').fill(gp.password);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
  }
  await expectToast(page, done);
}

describe('billing (issue #23)', () => {
  it('an institution owner upgrades from the trial to Core, adds a card through the built-in provider, downloads the invoice PDF and saves the billing profile', async () => {
    const page = await newPage();
    allow(page, {
      status: 403,
      method: 'POST',
      path: /^\/api\/v1\/tenant\/[^/]+\/institutions\/[^/]+\/billing\/payment-methods$/,
      reason: `adding a card may answer '${ACCOUNT_SECURITY_REFUSALS.stepUpRequired}' until the person confirms it is them`,
    });

    // Settings → Billing: the trial, its usage and the plans.
    await signInThroughUi(page, gp, '/institution/settings');
    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.waitForURL((url) => url.pathname === '/institution/settings/billing');
    const current = page.getByRole('heading', { name: 'Current plan' }).locator('xpath=ancestor::div[contains(@class,"MuiCard-root")]');
    await current.getByText(/^Trial ends /).waitFor();
    await current.getByText(/^Offers 0 of \d+$/).waitFor();
    await current.getByText(/^Team seats \d+ of \d+$/).waitFor();
    await page.getByText('No payment methods yet').waitFor();
    // The invoices' grid is below the fold: it loads as the owner scrolls down to it.
    await page.getByRole('heading', { name: 'Invoices' }).scrollIntoViewIfNeeded();
    await page.getByText('No invoices yet').waitFor();
    await checkPage(page);
    await shot(page, 'billing-trial');

    // Upgrade to Core: the proration first, then the change.
    const core = page.getByRole('region', { name: 'Core' });
    await core.getByRole('button', { name: 'Upgrade' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Core (Monthly)' });
    await upgrade.getByRole('table', { name: 'Proration' }).waitFor();
    const due = await upgrade.getByText('Total due now').locator('xpath=following-sibling::dd[1]').innerText();
    expect(due).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(due).not.toBe('$0.00');
    await checkPage(page);
    await shot(page, 'billing-proration');
    await upgrade.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, BILLING_TEXTS.planChanged);
    await upgrade.waitFor({ state: 'hidden' });
    await current.getByText('Core · Monthly').waitFor();

    // A card through the built-in provider's vault; the billing API only ever sees its token.
    const sentToBilling: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.includes('/billing') && request.postData()) sentToBilling.push(request.postData()!);
    });
    await page.getByRole('button', { name: 'Add payment method' }).click();
    const add = page.getByRole('dialog', { name: 'Add payment method' });
    await add.getByLabel('Card number').fill('4242 4242 4242 4242');
    await add.getByLabel('Expiry (MM/YY)').fill('12/34');
    await add.getByLabel('CVC').fill('123');
    await add.getByLabel('Name on card').fill('Dana Whitfield');
    await checkPage(page);
    await add.getByRole('button', { name: 'Add card' }).click();
    await confirmIfAsked(page, BILLING_TEXTS.paymentMethodAdded);
    await add.waitFor({ state: 'hidden' });
    const cards = page.getByRole('list', { name: 'Payment methods' });
    await cards.getByText('Visa •••• 4242').waitFor();
    await cards.getByText('Primary').waitFor();
    await cards.getByText(/^Expires 12\/2034/).waitFor();
    for (const body of sentToBilling) expect(body).not.toContain(BUILTIN_TEST_CARDS.succeeds.slice(0, 12));

    // The upgrade's invoice, its details and its PDF.
    const invoices = page.getByRole('grid', { name: 'Invoices' });
    const number = invoices.getByText(/^INV-\d{4}-\d{5}$/).first();
    await number.waitFor();
    const invoiceNumber = await number.innerText();
    await number.click();
    const details = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
    await details.getByRole('table', { name: 'Invoice lines' }).waitFor();
    await checkPage(page);
    await shot(page, 'billing-invoice');
    const download = page.waitForEvent('download');
    await details.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    // A GP records no bank transfers: that is the tenant owner's.
    expect(await details.getByRole('button', { name: 'Mark as paid' }).count()).toBe(0);
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    // The billing profile.
    const profile = page.getByRole('form', { name: 'Billing profile' });
    await profile.getByLabel('Company').fill('Summit Ridge Capital LLC');
    await profile.getByLabel('Billing e-mail').fill('billing@summitridge.example');
    await profile.getByLabel('Tax ID').fill('US12-3456789');
    await profile.getByLabel('Address line 1').fill('1 Market St');
    await profile.getByLabel('City').fill('San Francisco');
    await profile.getByLabel('Postal code').fill('94105');
    await profile.getByLabel('Country').selectOption('US');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'billing updated');
    await page.reload();
    expect(await page.getByRole('form', { name: 'Billing profile' }).getByLabel('Company').inputValue()).toBe('Summit Ridge Capital LLC');
    await checkPage(page);
    await shot(page, 'billing-core');

    // The tenant's owner sees the same tab in the admin area and records the bank transfer.
    const admin = await newPage();
    await signInThroughUi(admin, tenant.owner, `/tenant/marketplace/institutions/${institutionId}/billing`);
    await admin.getByRole('heading', { name: 'Invoices' }).scrollIntoViewIfNeeded();
    const adminInvoices = admin.getByRole('grid', { name: 'Invoices' });
    await adminInvoices.getByText(invoiceNumber).click();
    const open = admin.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
    await open.getByText('Payment reference').waitFor();
    await checkPage(admin);
    await open.getByRole('button', { name: 'Mark as paid' }).click();
    await expectToast(admin, BILLING_TEXTS.invoicePaid);
    await open.waitFor({ state: 'hidden' });
    await adminInvoices.getByText('Paid', { exact: true }).waitFor();
    await shot(admin, 'billing-tenant-owner');
  });

  it('the Billing tab reads at 360 px in dark mode', async () => {
    const page = await newPage({ width: 360, height: 780, colorScheme: 'dark' });
    await signInThroughUi(page, gp, '/institution/settings/billing');
    await page.getByRole('heading', { name: 'Current plan' }).waitFor();
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('region', { name: 'Pro' }).waitFor();
    await page.getByRole('form', { name: 'Billing profile' }).waitFor();
    // The invoices' grid loads as the owner scrolls down to it.
    await page.getByRole('heading', { name: 'Invoices' }).scrollIntoViewIfNeeded();
    await page.getByRole('grid', { name: 'Invoices' }).waitFor();
    // The page fits the phone: nothing wider than the viewport (the invoice grid scrolls inside itself).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkPage(page);
    await shot(page, 'billing-360-dark');
  });
});
