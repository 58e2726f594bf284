import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { allow, checkPage } from '../support/guard.ts';
import { approvedAccreditation, investReadyProfile } from '../support/investing.ts';
import { seedListedOffer } from '../support/marketplace.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, uniqueSlug, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

/** Where screenshots go when E2E_SHOTS names a folder (to look at the screens, not to compare them). */
async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

let tenant: JourneyTenant;
const OFFER = 'Harbor Lofts Fund';
const INSTITUTION = 'Harbor Capital';

beforeAll(async () => {
  tenant = await createJourneyTenant();
  const slug = uniqueSlug('harbor');
  await seedListedOffer(tenant, {
    name: OFFER,
    slug,
    assetClass: 'multi-family',
    irr: 14,
    ctaUrl: 'https://example.com/harbor',
    institution: { name: INSTITUTION, slug: `${slug}-inst` },
  });
});

/** The step heading the workflow screen shows, and the address's `step` following it. */
async function onStep(page: Page, key: string, name: string) {
  await page.waitForURL((url) => url.searchParams.get('step') === key);
  await page.getByRole('heading', { name, level: 2 }).waitFor();
}

const proceed = (page: Page, label = 'Continue') => page.getByRole('button', { name: label, exact: true }).click();

describe('investment workflow', () => {
  it('takes an accredited investor from Invest Now to a signed subscription the institution reviews', async () => {
    const investor = await tenant.investor({ firstname: 'Iris', lastname: 'Investor' });
    await investReadyProfile(tenant, investor);
    await approvedAccreditation(tenant, investor);

    const page = await newPage();
    // The amount below the class minimum is refused by the server too when the form lets it through.
    allow(page, {
      status: 400,
      method: 'PUT',
      path: /\/workflows\/[0-9a-f]{24}\/steps\/contribution\/complete$/,
      reason: 'the amount below the minimum, refused on purpose',
    });
    await signInThroughUi(page, investor, '/investor/dashboard');
    await page.goto(tenant.url('/marketplace/offers'));
    await page.getByRole('button', { name: `Invest Now in ${OFFER}` }).click();
    await expectToast(page, 'Offer - Successfully created');
    await page.waitForURL((url) => /^\/investor\/workflow\/[0-9a-f]{24}$/.test(url.pathname));
    const workflowId = new URL(page.url()).pathname.split('/').at(-1)!;

    // Diligence: a document viewed (it opens in a new tab), the confirmation required.
    await onStep(page, 'diligence', 'Diligence');
    const documents = page.getByRole('list', { name: 'Offering documents' });
    const popup = page.context().waitForEvent('page');
    await documents
      .getByRole('button', { name: /^View / })
      .first()
      .click();
    await (await popup).close();
    await documents.getByText('Viewed').first().waitFor();
    await proceed(page);
    await page.getByText('I have reviewed the offering documents').waitFor();
    await page.getByLabel('I have reviewed the offering documents').check();
    await checkPage(page);
    await shot(page, 'workflow-diligence');
    await proceed(page);

    // Contribution: below the class minimum is refused; the minimum goes through.
    await onStep(page, 'contribution', 'Contribution');
    const amount = page.getByLabel('Investment amount');
    await amount.fill('1000');
    await proceed(page);
    await page
      .getByText(/minimum investment/i)
      .first()
      .waitFor();
    expect(new URL(page.url()).searchParams.get('step')).toBe('contribution');
    await amount.fill('25000');
    await shot(page, 'workflow-contribution');
    await proceed(page);

    await onStep(page, 'investor-type', 'Investor type');
    await page.getByRole('radio', { name: /^Individual/ }).check();
    await proceed(page);

    await onStep(page, 'ownership', 'Ownership');
    await page.getByRole('radio', { name: /^Individual$/ }).check();
    await proceed(page);

    await onStep(page, 'profiles', 'Profiles');
    await page.getByRole('checkbox', { name: /Iris Investor/ }).check();
    await shot(page, 'workflow-profiles');
    await proceed(page);

    await onStep(page, 'representations', 'Representations');
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await proceed(page);

    await onStep(page, 'purpose', 'Purpose');
    await page.getByRole('checkbox', { name: 'Growth' }).check();
    await page.getByRole('radio', { name: 'Savings' }).check();
    await proceed(page);

    await onStep(page, 'communication', 'Communication');
    await page.getByRole('radio', { name: /^Electronic/ }).check();
    await proceed(page);

    await onStep(page, 'qualification', 'Qualification');
    await page.getByRole('radio', { name: 'My verified accreditation' }).check();
    await proceed(page);

    await onStep(page, 'financial-account', 'Financial account');
    await page.getByRole('radio', { name: /Operating account/ }).check();
    await proceed(page);

    await onStep(page, 'distribution', 'Distribution');
    await page.getByRole('radio', { name: 'ACH bank transfer' }).check();
    await page.getByRole('radio', { name: /Operating account/ }).check();
    await proceed(page);

    // E-signature: the filled agreement, a drawn signature saved, consent, then Sign.
    await onStep(page, 'esignature', 'E-signature');
    await page
      .getByText(/SHA-256/)
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Draw' }).click();
    const pad = page.getByRole('img', { name: 'Draw your signature' });
    const save = page.getByRole('button', { name: 'Save signature' });
    // The pad listens once it has fitted its canvas to its box (its drawing buffer is then the box's width in pixels).
    await page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Draw your signature"]');
      return Boolean(canvas?.offsetWidth) && canvas!.width === Math.round(canvas!.offsetWidth * Math.max(devicePixelRatio, 1));
    });
    // The pad's box narrows in the middle of the stroke (a scrollbar appearing, a phone's toolbar): the pad used to
    // clear itself to fit and forget the pointer that was drawing, so the stroke never ended and Save stayed disabled.
    // Its frame is narrowed, not the window: a window at a phone's width also changes the page's layout around it.
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -18 : 18), { steps: 3 });
    const narrowed = await pad.evaluate(async (canvas: HTMLCanvasElement) => {
      const width = canvas.width;
      canvas.parentElement!.style.width = '80%';
      // Two frames: the pad's ResizeObserver has seen the new width.
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return canvas.offsetWidth * Math.max(devicePixelRatio, 1) < width;
    });
    expect(narrowed).toBe(true);
    for (let i = 7; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -18 : 18), { steps: 3 });
    await page.mouse.up();
    await pad.evaluate((canvas: HTMLCanvasElement) => (canvas.parentElement!.style.width = ''));
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Save signature' && !b.disabled),
    );
    await save.click();
    await page.getByRole('button', { name: 'Draw a new one' }).waitFor();
    await page.getByLabel(/I agree to sign this subscription agreement electronically/).check();
    await shot(page, 'workflow-esignature');
    await proceed(page, 'Sign');
    await page.getByRole('button', { name: 'Download signed agreement' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download signed agreement' }).click();
    const signed = await readFile((await (await download).path())!);
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(signed.includes(Buffer.from('/ByteRange'))).toBe(true);
    await checkPage(page);
    await shot(page, 'workflow-signed');
    await proceed(page);

    // Summary: submitting completes the workflow.
    await onStep(page, 'summary', 'Summary');
    await page.getByText('$25,000').first().waitFor();
    await proceed(page, 'Submit subscription');
    await page.getByText('Subscription submitted').first().waitFor();
    await shot(page, 'workflow-submitted');

    // The investments screen shows it completed.
    await page.goto(tenant.url('/investor/investments?status=completed'));
    await page.getByText(OFFER).first().waitFor();
    await page.getByText('Completed').first().waitFor();
    await checkPage(page);
    await shot(page, 'investments-completed');

    // The institution sees the subscription, signed, in Raise mode.
    const gp = await newPage();
    await signInThroughUi(gp, tenant.owner, '/');
    await gp.getByRole('button', { name: 'Raise mode' }).click();
    await gp
      .getByRole('dialog', { name: /Select an institution/ })
      .getByRole('button', { name: new RegExp(INSTITUTION) })
      .click();
    await gp.waitForURL((url) => url.pathname === '/institution/dashboard');
    await gp.goto(tenant.url('/institution/investments'));
    await gp.getByRole('gridcell', { name: 'Iris Investor' }).click();
    await gp.waitForURL((url) => url.pathname === `/institution/investments/${workflowId}`);
    await gp.getByRole('button', { name: /Download signed agreement/ }).waitFor();
    await gp.getByText('Completed').first().waitFor();
    await checkPage(gp);
    await shot(gp, 'institution-investment');
  });
});
