import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkInLastMail, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { pdfDocument } from '../support/files.ts';
import { allow, checkPage } from '../support/guard.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant, type Person } from '../support/tenant.ts';

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

/** 001 §9: before July the latest tax year is two years ago, otherwise last year (the browser's clock is this one). */
function yearPair(now = new Date()) {
  const currYear = now.getUTCMonth() < 6 ? now.getUTCFullYear() - 2 : now.getUTCFullYear() - 1;
  return { prevYear: currYear - 1, currYear };
}

/** Picks an option of the screen's one choice (each screen asks one question, so its option names are unique). */
const choose = (page: Page, option: string) => page.getByRole('radio', { name: new RegExp(`^${option}`) }).check();
const next = (page: Page, label = 'Next') => page.getByRole('button', { name: label, exact: true });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 }).waitFor();

async function uploadTo(page: Page, label: string, fileName: string, text: string) {
  await page.locator(`input[type=file][aria-label="Files for ${label}"]`).setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: await pdfDocument(text),
  });
  await page
    .getByRole('list', { name: `Uploaded for ${label}` })
    .getByText(fileName)
    .waitFor();
}

/** Signs the investor in and starts an application from the Applications page; resolves to its id. */
async function startApplication(page: Page, investor: Person): Promise<string> {
  await signInThroughUi(page, investor, '/investor/applications?modal=create');
  const dialog = page.getByRole('dialog', { name: 'Start an accreditation application' });
  await dialog.getByRole('button', { name: 'Start application' }).click();
  await page.waitForURL((url) => /^\/investor\/applications\/[0-9a-f]{24}$/.test(url.pathname));
  await heading(page, 'Who is applying?');
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

describe('accreditation', () => {
  it('takes an individual through income with four tax documents to a reviewer’s approval, then views and shares the letter', async () => {
    const investor = await tenant.investor({ firstname: 'Ines', lastname: 'Income' });
    const page = await newPage();
    const applicationId = await startApplication(page, investor);
    const { prevYear, currYear } = yearPair();

    expect(await next(page).isDisabled()).toBe(true);
    await choose(page, 'An individual');
    await next(page).click();
    await heading(page, 'How do you qualify?');
    await choose(page, 'Income');
    await next(page).click();
    await heading(page, 'How will you show your income?');
    await choose(page, 'Upload documents');
    await next(page).click();

    await heading(page, 'Upload your income documents');
    await uploadTo(page, `${prevYear} tax documents`, `return-${prevYear}.pdf`, `Form 1040 ${prevYear}`);
    await uploadTo(page, `${currYear} tax documents`, `return-${currYear}.pdf`, `Form 1040 ${currYear}`);
    await uploadTo(page, `Spouse's ${prevYear} tax documents`, `spouse-${prevYear}.pdf`, `Spouse W-2 ${prevYear}`);
    await uploadTo(page, `Spouse's ${currYear} tax documents`, `spouse-${currYear}.pdf`, `Spouse W-2 ${currYear}`);
    expect(await next(page).isDisabled()).toBe(true);
    // The last upload's answer may re-render the step as a box is ticked (seen once under load): tick until it holds.
    for (const name of [/I had an individual income above \$200,000/, /true, complete and unaltered/]) {
      const box = page.getByRole('checkbox', { name });
      await expect
        .poll(
          async () => {
            if (!(await box.isChecked())) await box.click();
            return box.isChecked();
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(true);
    }
    await checkPage(page);
    await next(page).click();
    await heading(page, 'Your application is under review');
    await shot(page, 'accreditation-submitted-1280');

    // A reviewer (the tenant's owner) finds it in 'To review', reads the answers and approves it with a note.
    const reviewer = await newPage();
    await signInThroughUi(reviewer, tenant.owner, '/investor/applications?view=review');
    const grid = reviewer.getByRole('grid', { name: 'Applications to review' });
    await grid.getByText(investor.email).click();
    await reviewer.waitForURL((url) => url.pathname === `/investor/applications/${applicationId}/details`);
    await reviewer.getByText('Completed Questions').waitFor();
    await reviewer.getByRole('link', { name: `return-${currYear}.pdf` }).waitFor();
    await reviewer.getByRole('tab', { name: 'Documents' }).click();
    await reviewer.getByText(`spouse-${prevYear}.pdf`).waitFor();
    await reviewer.getByRole('tab', { name: 'Details' }).click();
    await reviewer.getByRole('button', { name: 'Approve' }).click();
    const approve = reviewer.getByRole('dialog', { name: 'Approve the application' });
    await approve.getByLabel('Note').fill('Both years of returns show joint income above $300,000.');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expectToast(reviewer, 'Application approved');
    await reviewer.getByText('Verified Accredited Investor').first().waitFor();
    await checkPage(reviewer);
    await shot(reviewer, 'accreditation-review-1280');

    // The investor's wizard now opens the details; the dashboard's certificate card views and shares the sealed letter.
    await page.goto(tenant.url(`/investor/applications/${applicationId}`));
    await page.waitForURL((url) => url.pathname === `/investor/applications/${applicationId}/details`);
    const application = await tenant.api<{ data: { certificateCode: string; approvalDoc: string } }>(
      'GET',
      `/application/${applicationId}`,
      {
        token: investor.token,
      },
    );
    await page.goto(tenant.url('/user/passport/account'));
    const banner = page.getByRole('status', { name: 'Accreditation' });
    await banner.getByText('Verified Accredited Investor').waitFor();
    await banner.getByRole('link', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === `/document/${application.data.approvalDoc}`);
    await page
      .getByText(/Accreditation certificate/)
      .first()
      .waitFor();
    await page.goBack();
    await banner.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share your accreditation certificate' });
    const sponsor = uniqueEmail('sponsor');
    await share.getByLabel('Email').fill(sponsor);
    await share.getByRole('button', { name: 'Share' }).click();
    await expectToast(page, `Invitation sent to ${sponsor}`);
    await checkPage(page);

    // Anyone holding the letter checks its code on the public verification page.
    const visitor = await newPage();
    await visitor.goto(tenant.url(`/verify/${application.data.certificateCode}`));
    await visitor.getByText('Ines Income').waitFor();
    await visitor.getByText('Valid', { exact: true }).waitFor();
    await checkPage(visitor);
  });

  it('lets an evaluator upload the letter from the e-mailed link, which submits the application', async () => {
    const investor = await tenant.investor({ firstname: 'Eve', lastname: 'Evaluated' });
    const page = await newPage();
    const applicationId = await startApplication(page, investor);
    await choose(page, 'An individual');
    await next(page).click();
    await choose(page, 'Income');
    await next(page).click();
    await choose(page, 'Ask an evaluator to send the letter');
    await next(page).click();

    await heading(page, 'Ask your evaluator for a letter');
    const evaluatorEmail = uniqueEmail('cpa');
    await page.getByLabel("Evaluator's first name").fill('Carla');
    await page.getByLabel("Evaluator's last name").fill('Reyes');
    await page.getByLabel("Evaluator's email").fill('carla@');
    await page.getByLabel("Evaluator's email").blur();
    await page.getByText('Invalid email').waitFor();
    await page.getByLabel("Evaluator's email").fill(evaluatorEmail);
    await next(page, 'Send request').click();
    await page.getByText("Waiting for your evaluator's letter").waitFor();
    await checkPage(page);

    // The evaluator opens the link without an account, uploads the letter and submits.
    const link = await linkInLastMail(evaluatorEmail);
    const evaluator = await newPage();
    await evaluator.goto(link);
    await evaluator.getByText('Eve Evaluated').first().waitFor();
    const submit = evaluator.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await evaluator.getByLabel('Letter file').setInputFiles({
      name: 'reyes-cpa-letter.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfDocument('Reyes CPA: Eve Evaluated had income above $200,000 in each of the last two years.'),
    });
    await evaluator.getByRole('list', { name: 'Uploaded documents' }).getByText('reyes-cpa-letter.pdf').waitFor();
    await evaluator.getByLabel('Notes').fill('Letter on our letterhead.');
    await submit.click();
    const done = evaluator.getByRole('dialog', { name: 'Application Submitted' });
    await done.getByText('The application has been submitted and is now under review').waitFor();
    await checkPage(evaluator);
    await shot(evaluator, 'accreditation-eval-upload-1280');

    // A link for another application (or a made-up token) shows nothing of the applicant.
    const stranger = await newPage();
    allow(stranger, { status: 404, path: /\/evaluator\/view$/, reason: 'the made-up token this test opens' });
    await stranger.goto(tenant.url(`/eval-upload?userId=${investor.userId}&applicationId=${applicationId}&token=${'x'.repeat(43)}`));
    await stranger
      .getByText(/not valid or has expired/)
      .first()
      .waitFor();
    expect(await stranger.getByText('Eve Evaluated').count()).toBe(0);

    // The applicant's application is now under review.
    await page.reload();
    await heading(page, 'Your application is under review');
    const data = await tenant.api<{ data: { status: string } }>('GET', `/application/${applicationId}`, { token: investor.token });
    expect(data.data.status).toBe('submitted');
  });

  it('takes a business through its owners to submission', async () => {
    const investor = await tenant.investor({ firstname: 'Bo', lastname: 'Business' });
    const page = await newPage();
    await startApplication(page, investor);
    await choose(page, 'A business');
    await next(page).click();
    await heading(page, 'Which business is applying?');
    await page.getByText(/Looks like you haven't added any businesses yet/).waitFor();
    await page.getByRole('button', { name: 'Add business' }).click();

    await page.getByLabel('Legal name').fill('Harbor Holdings LLC');
    await page.getByLabel('DBA').fill('Harbor Holdings');
    await page.getByLabel('Net worth').fill('6500000');
    await page.getByLabel('Revenue').fill('1200000');
    await page.getByLabel('EIN').fill('12-3456789');
    await page.getByLabel('Business type').click();
    await page.getByRole('option', { name: 'Limited Liability Company' }).click();
    await page.getByLabel('Address line 1').fill('1 Harbor Way');
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State').fill('MA');
    await page.getByLabel('Zip').fill('02110');
    await page.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Created business: Harbor Holdings LLC');
    await heading(page, 'Which business is applying?');
    await choose(page, 'Harbor Holdings LLC');
    await next(page).click();

    await heading(page, 'Owners of Harbor Holdings LLC');
    expect(await next(page, 'Continue').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add owner' }).click();
    const owner = page.getByRole('dialog', { name: 'Add owner' });
    await owner.getByLabel('Title').fill('Managing Member');
    await owner.getByLabel('Equity').fill('100');
    await owner.getByLabel('Email').fill(uniqueEmail('member'));
    await owner.getByLabel('First name').fill('Mara');
    await owner.getByLabel('Last name').fill('Member');
    await owner.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully updated Business Owners: Harbor Holdings LLC');
    await page.getByRole('table', { name: 'Business owners' }).getByText('Managing Member').waitFor();
    await next(page, 'Continue').click();

    await heading(page, 'How does your business qualify?');
    await choose(page, 'All owners are accredited');
    await next(page).click();
    await heading(page, 'How will you show that every owner is accredited?');
    await choose(page, 'Upload documents');
    await next(page).click();
    await heading(page, "Upload the owners' accreditation documents");
    await page.locator('input[type=file][aria-label^="Files for"]').setInputFiles({
      name: 'owner-accreditation.pdf',
      mimeType: 'application/pdf',
      buffer: await pdfDocument('Mara Member: accredited investor letter'),
    });
    await page.getByText('owner-accreditation.pdf').waitFor();
    await page.getByRole('checkbox').check();
    await checkPage(page);
    await next(page).click();
    await heading(page, 'Your application is under review');
    await shot(page, 'accreditation-business-submitted-1280');
  });

  it('shows the rejection text with the support address when no method applies', async () => {
    const investor = await tenant.investor({ firstname: 'Nina', lastname: 'None' });
    const page = await newPage();
    await startApplication(page, investor);
    await choose(page, 'An individual');
    await next(page).click();
    await choose(page, 'None of these');
    await next(page).click();
    await heading(page, 'Requirements not met');
    await page.getByText("Unfortunately, it looks like you don't meet the legal requirements for accreditation").waitFor();
    await page.getByRole('link', { name: 'support@tessera.local' }).waitFor();
    await checkPage(page);
    // Back returns to the method screen, in progress again.
    await page.getByRole('button', { name: 'Back' }).click();
    await heading(page, 'How do you qualify?');
  });
});
