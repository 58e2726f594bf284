import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { identityDocuments, samplePerson } from '../../apps/api/test/identity-documents.ts';
import { PASSWORD, signInViaApi, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { checkPage } from '../support/guard.ts';
import { signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

/** Where screenshots go when E2E_SHOTS names a folder (to look at the screens, not to compare them). */
async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});

const radio = (page: Page, group: string, option: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option }).check();
const stepper = (page: Page) => page.getByRole('navigation', { name: 'Onboarding stages' });

describe('investor onboarding', () => {
  it('takes a new investor from sign-up through the questionnaire, accreditation and identity verification to the dashboard', async () => {
    const page = await newPage();
    await page.goto(tenant.url('/signup'));
    await page.getByLabel('First name').fill(samplePerson.firstName);
    await page.getByLabel('Last name').fill(samplePerson.lastName);
    const email = uniqueEmail('onboard');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // Profile: the names from sign-up, the US by default; Continue waits for the US-resident answer.
    await page.waitForURL((url) => url.pathname === '/investor/onboarding');
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(
      await stepper(page)
        .getByRole('tab', { name: /Review/ })
        .isDisabled(),
    ).toBe(true);
    const next = page.getByRole('button', { name: 'Continue' });
    expect(await next.isDisabled()).toBe(true);
    await radio(page, 'Are you a US resident?', 'Yes');
    await checkPage(page);
    await next.click();

    await page.getByRole('heading', { name: 'About your investing' }).waitFor();
    await page.getByRole('checkbox', { name: 'Cash flow' }).check();
    await radio(page, 'Risk tolerance', 'Medium');
    await radio(page, 'Liquidity needs', 'Low');
    expect(await next.isDisabled()).toBe(true);
    await radio(page, 'Investment horizon', 'Medium (3-5 years)');
    await next.click();

    await page.getByRole('heading', { name: 'Your background' }).waitFor();
    await radio(page, 'Experience level', 'Intermediate');
    await radio(page, 'Are you an accredited investor?', 'Yes');
    await page.getByRole('checkbox', { name: 'Multi Family' }).check();
    expect(await next.isDisabled()).toBe(true);
    await radio(page, 'Are you investing at the moment?', 'No');
    await checkPage(page);
    await next.click();

    // Review; the stepper jumps back to Profile with its answers, and forward again to the current stage.
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    await page.getByText(`${samplePerson.firstName} ${samplePerson.lastName}`).waitFor();
    await shot(page, 'review-1280');
    await stepper(page)
      .getByRole('tab', { name: /Profile/ })
      .click();
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.getByRole('radiogroup', { name: 'Are you a US resident?' }).getByRole('radio', { name: 'Yes' }).isChecked()).toBe(
      true,
    );
    await stepper(page)
      .getByRole('tab', { name: /Review/ })
      .click();
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Your background' }).waitFor();
    await stepper(page)
      .getByRole('tab', { name: /Review/ })
      .click();
    await page.locator('label', { hasText: '5 Stars' }).click();
    expect(await page.getByRole('radio', { name: '5 Stars' }).isChecked()).toBe(true);
    await checkPage(page);
    await page.getByRole('button', { name: 'Finish' }).click();

    // Home, with the side navigation now, and the way to the checklist.
    await page.waitForURL((url) => url.pathname === '/investor/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Investment list' }).waitFor();
    await page.getByRole('link', { name: 'Continue onboarding' }).click();
    await page.waitForURL((url) => url.pathname === '/investor/onboarding/checklist');
    const required = page.getByRole('list', { name: 'Required steps' });
    await required
      .getByRole('button', { name: /Identity Verification/ })
      .getByText('Not started')
      .waitFor();
    await required
      .getByRole('button', { name: /Investor Accreditation/ })
      .getByText('Not Applied')
      .waitFor();
    await checkPage(page);

    // The accreditation step creates the application on the first click and opens it.
    await required.getByRole('button', { name: /Investor Accreditation/ }).click();
    await page.waitForURL((url) => /^\/investor\/applications\/[0-9a-f]{24}$/.test(url.pathname));
    const applicationId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('heading', { name: 'Who is applying?' }).waitFor();
    await checkPage(page);

    // The investor applies by license (through the API: the wizard has its own journey) and a reviewer approves it;
    // the checklist reads it, the identity step is still to do.
    const token = await signInViaApi(email, PASSWORD, tenant.slug);
    const step = (questionId: string, answers: Record<string, unknown>) =>
      tenant.api('PUT', `/application/${applicationId}`, { token, body: { direction: 'next', questionId, answers } });
    await step('identity', { identity: 'individual' });
    await step('individual-method', { individualMethod: 'license' });
    await step('individual-license', {
      individualLicenseType: 'series-65',
      individualLicenseCrd: '7654321',
      individualLicenseConfirm: true,
    });
    await tenant.api('PUT', `/application/${applicationId}/status`, { token: tenant.owner.token, body: { status: 'approved' } });
    await page.goto(tenant.url('/investor/onboarding/checklist'));
    await required
      .getByRole('button', { name: /Investor Accreditation/ })
      .getByText('Verified Accredited Investor')
      .waitFor();
    expect(await page.getByRole('button', { name: /^Continue to/ }).count()).toBe(0);
    await required.getByRole('button', { name: /Investor Accreditation/ }).click();
    // An approved application opens on its details (the wizard redirects there, replacing history).
    await page.waitForURL((url) => url.pathname === `/investor/applications/${applicationId}/details`);
    await page.getByText('Verified Accredited Investor').first().waitFor();
    await shot(page, 'application-1280');
    await page.goto(tenant.url('/investor/applications'));
    await page.getByRole('link', { name: /Accreditation application/ }).waitFor();

    // Identity verification with the built-in verifier, which reads the passport's machine-readable zone by OCR.
    await page.goto(tenant.url('/investor/onboarding/checklist'));
    await required.getByRole('button', { name: /Identity Verification/ }).click();
    await page.waitForURL((url) => url.pathname === '/investor/onboarding/verify-identity');
    const frame = page.frameLocator('iframe[title="Identity verification"]');
    const box = await page.getByTestId('identity-frame').boundingBox();
    expect([box?.width, box?.height]).toEqual([400, 650]);
    await frame.getByRole('radio', { name: 'Passport' }).check();
    await frame.getByRole('button', { name: 'Next' }).click();
    await frame
      .getByLabel('Front of the document')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: await identityDocuments.passport.valid('png') });
    const frameNext = frame.getByRole('button', { name: 'Next' });
    await expect.poll(() => frameNext.isEnabled(), { timeout: 15_000 }).toBe(true);
    await frameNext.click();
    await frame
      .getByLabel('Selfie')
      .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await identityDocuments.selfie('jpeg') });
    await expect.poll(() => frameNext.isEnabled(), { timeout: 15_000 }).toBe(true);
    await frameNext.click();
    await frame.getByLabel('First name').fill(samplePerson.firstName);
    await frame.getByLabel('Last name').fill(samplePerson.lastName);
    await frame.getByLabel('Date of birth').fill(samplePerson.birthDate);
    await frame.getByLabel('Document number').fill(samplePerson.passportNumber);
    await frame.getByLabel('Expiry date').fill(samplePerson.expiryDate);
    await frameNext.click();
    await frame.getByRole('button', { name: 'Submit' }).click();
    // The verdict comes from the server's reading of the image; the screen then confirms it and returns to the checklist.
    await page.getByText('Your information has been saved successfully').waitFor({ timeout: 60_000 });
    await page.waitForURL((url) => url.pathname === '/investor/onboarding/checklist');
    const identity = required.getByRole('button', { name: /Identity Verification/ });
    await identity.getByText('Approved').waitFor();
    expect(await identity.isDisabled()).toBe(true);

    // Both approved: confetti, and 'Continue to {product}' sets onboarding to demo and goes home to the dashboard.
    const onward = page.getByRole('button', { name: /^Continue to/ });
    await onward.waitFor();
    await expect.poll(() => page.locator('body > canvas').count()).toBeGreaterThan(0);
    await checkPage(page);
    await onward.click();
    await page.waitForURL((url) => url.pathname === '/investor/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.getByText('Verified Accredited Investor').first().waitFor();
  });

  it('hides the stepper on a 360 px phone and keeps the questionnaire usable, in dark mode too', async () => {
    const investor = await tenant.investor({ firstname: 'Pam', lastname: 'Phone', onboarding: 'keep' });
    const page = await newPage({ width: 360, height: 740, colorScheme: 'dark' });
    await signInThroughUi(page, investor, '/');
    await page.waitForURL((url) => url.pathname === '/investor/onboarding');
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    // The member's theme is light until they switch (a saved preference wins over the system's).
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await stepper(page).isVisible()).toBe(false);
    await page.getByText('Step 1 of 4').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await radio(page, 'Are you a US resident?', 'No');
    await shot(page, 'questionnaire-360-dark');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'About your investing' }).waitFor();
    await shot(page, 'questionnaire-about-360-dark');
    await checkPage(page);

    await page.goto(tenant.url('/investor/onboarding/checklist'));
    await page.getByRole('heading', { name: 'Onboarding checklist' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, 'checklist-360-dark');
    await checkPage(page);
  });
});
