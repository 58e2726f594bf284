import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { LEAD_TEXTS } from '@tessera/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkInLastMail, PASSWORD, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { allow, checkPage } from '../support/guard.ts';
import { seedListedOffer } from '../support/marketplace.ts';
import { choose, expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, uniqueSlug, type JourneyTenant, type Person } from '../support/tenant.ts';

const { newPage } = useBrowser();

/**
 * Screenshots to look at when E2E_SHOTS names a folder. The lead's personal data carries data-pii and is masked in
 * every screenshot, as the issue asks.
 */
async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true, mask: [page.locator('[data-pii]')] });
}

let tenant: JourneyTenant;
let gp: Person;
let institutionId: string;
let offerSlug: string;
const OFFER = 'Magnolia Yards Fund';
const CTA_URL = 'https://journey-cta.example/magnolia';

beforeAll(async () => {
  tenant = await createJourneyTenant({ slugPrefix: 'leads' });
  const slug = uniqueSlug('magnolia');
  offerSlug = slug;
  const seeded = await seedListedOffer(tenant, {
    name: OFFER,
    slug,
    assetClass: 'multi-family',
    irr: 12,
    ctaUrl: CTA_URL,
    institution: { name: `Magnolia Capital ${slug}`, slug: `${slug}-inst` },
  });
  institutionId = seeded.institutionId;
  // The GP: an investor of the tenant whom the owner puts on the institution's team, in Raise mode on it.
  gp = await tenant.investor({ firstname: 'Gale', lastname: 'Partner' });
  await tenant.api('POST', `/tenant/${tenant.tenantId}/institutions/${institutionId}/team/invite`, {
    token: tenant.owner.token,
    body: { email: gp.email, firstname: 'Gale', lastname: 'Partner', role: 'member' },
  });
  await tenant.api('PUT', `/user/${gp.userId}/tenant-member/mode`, {
    token: gp.token,
    body: { appMode: 'institution', institution: institutionId },
  });
});

/** An accordion of the lead page's right panel, opened. */
async function accordion(page: Page, title: string): Promise<Locator> {
  const summary = page.getByRole('button', { name: title, exact: true });
  if ((await summary.getAttribute('aria-expanded')) === 'false') await summary.click();
  return page.getByRole('region', { name: title });
}

/** A count in the lead list's 'Account status' legend. */
async function statusCount(page: Page, label: string): Promise<string> {
  const item = page.getByRole('list', { name: 'Leads by account status' }).getByRole('listitem').filter({ hasText: label });
  return (await item.innerText()).replace(label, '').trim();
}

describe('leads (issue #22)', () => {
  it('a GP creates a lead, notes and invites them; the lead signs up from the e-mail, gets an investment workflow and sees it; PII hides; the charts count the lead', async () => {
    const tag = Date.now().toString(36);
    const lead = { email: uniqueEmail('lead'), firstname: 'Lena', lastname: `Lead${tag}` };
    const page = await newPage();
    allow(page, {
      status: 409,
      method: 'POST',
      path: /^\/api\/v1\/tenant\/[^/]+\/leads$/,
      reason: 'a second lead with the same e-mail, refused on purpose',
    });

    // The side navigation's 'Lead list' opens the empty list: nothing counted yet.
    await signInThroughUi(page, gp, '/institution/dashboard');
    await page.getByRole('navigation', { name: 'Institution' }).getByRole('link', { name: 'Lead list' }).click();
    await page.waitForURL((url) => url.pathname === '/institution/leads');
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    await page.getByText('0 new leads · Last 30 days').waitFor();
    await page.getByText('No leads yet').waitFor();
    for (const label of ['All time', '24 hours', '7 days', '30 days', '1 year'])
      await page.getByRole('button', { name: label, exact: true }).waitFor();
    await checkPage(page);

    // Create Lead: the e-mail must be valid, both names are required.
    await page.getByRole('button', { name: 'Create Lead' }).first().click();
    await page.waitForURL(/modal=create/);
    const dialog = page.getByRole('dialog', { name: 'Create Lead' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await dialog.getByLabel('Email').fill('lena@');
    await dialog.getByLabel('First name').click();
    await dialog.getByText('Enter a valid email address').waitFor();
    expect(await create.isDisabled()).toBe(true);
    await checkPage(page);
    await dialog.getByLabel('Email').fill(lead.email);
    await dialog.getByLabel('First name').fill(lead.firstname);
    await dialog.getByLabel('Last name').fill(lead.lastname);
    await dialog.getByLabel('Phone').fill('4045550123');
    await create.click();
    await expectToast(page, LEAD_TEXTS.created);
    // The lead's page opens on its Activity tab.
    await page.waitForURL((url) => /^\/institution\/leads\/[0-9a-f]{24}(\/activity)?$/.test(url.pathname));
    const leadPath = new URL(page.url()).pathname.replace(/\/activity$/, '');
    const leadName = `${lead.firstname} ${lead.lastname}`;
    await page.getByText(leadName).first().waitFor();

    // The detail's tabs; a note added, then edited.
    for (const tab of ['Activity', 'Notes', 'Emails', 'Messages', 'Documents']) await page.getByRole('tab', { name: tab }).waitFor();
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    await page
      .getByText(/^Last updated/)
      .first()
      .waitFor();
    await checkPage(page);
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByRole('button', { name: 'Add note' }).click();
    const add = page.getByRole('dialog', { name: 'Add note' });
    await add.getByLabel('Note').fill('   ');
    expect(await add.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await add.getByLabel('Note').fill('Met at the Atlanta summit; wants the Q1 deck.');
    await checkPage(page);
    await add.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, LEAD_TEXTS.noteCreated);
    await add.waitFor({ state: 'hidden' });
    await page.getByRole('list', { name: 'Notes' }).getByText('Met at the Atlanta summit; wants the Q1 deck.').waitFor();
    await page.getByRole('list', { name: 'Notes' }).getByRole('button', { name: 'Edit' }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit note' });
    await edit.getByLabel('Note').fill('Met at the Atlanta summit; sent the Q1 deck.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, LEAD_TEXTS.noteUpdated);
    await page.getByRole('list', { name: 'Notes' }).getByText('Met at the Atlanta summit; sent the Q1 deck.').waitFor();

    // Invite: the panel says the invite went out.
    let account = await accordion(page, 'Investor Account');
    await account.getByRole('button', { name: 'Invite', exact: true }).click();
    await expectToast(page, LEAD_TEXTS.inviteSent);
    await account.getByText('Invite Sent').first().waitFor();
    await shot(page, 'lead-invited');

    // The lead signs up from the e-mailed invitation, on the tenant's address.
    const link = await linkInLastMail(lead.email);
    const invitee = await newPage();
    await invitee.goto(link.replace(/^http:\/\/[^/]+/, tenant.url('').replace(/\/$/, '')));
    await invitee.getByText('Finish your invitation').first().waitFor();
    if ((await invitee.getByLabel('First name').inputValue()) === '') await invitee.getByLabel('First name').fill(lead.firstname);
    if ((await invitee.getByLabel('Last name').inputValue()) === '') await invitee.getByLabel('Last name').fill(lead.lastname);
    await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.getByRole('checkbox').check();
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.waitForURL((url) => !url.pathname.startsWith('/invite-accept'));

    // The GP's panel shows the account, active.
    await page.reload();
    account = await accordion(page, 'Investor Account');
    await account.getByText('Active').first().waitFor();

    // An investment workflow for the lead, in the institution's offer.
    const workflows = await accordion(page, 'Workflows');
    await workflows.getByRole('button', { name: 'Create workflow' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create workflow' });
    await choose(wizard, 'Type', 'Investment');
    await checkPage(page);
    for (let pageNo = 0; pageNo < 6; pageNo++) {
      const offer = wizard.getByRole('combobox', { name: /^Offer\b/ });
      if ((await offer.count()) > 0 && !(await offer.innerText()).includes(OFFER)) {
        await offer.click();
        await page.getByRole('option', { name: OFFER }).click();
      }
      const done = wizard.getByRole('button', { name: 'Done' });
      if ((await done.count()) > 0) {
        await done.click();
        break;
      }
      await wizard.getByRole('button', { name: 'Next' }).click();
    }
    await expectToast(page, LEAD_TEXTS.created);
    await wizard.waitFor({ state: 'hidden' });
    await workflows.getByText(new RegExp(OFFER)).first().waitFor();

    // The lead sees it among their investments.
    await invitee.goto(tenant.url('/investor/investments'));
    await invitee.getByRole('heading', { name: 'Investments', level: 1 }).waitFor();
    await invitee.getByRole('region', { name: 'Investments in progress' }).getByText(OFFER).first().waitFor();
    await checkPage(invitee);

    // The PII toggle hides the name, e-mail and phone on screen; they carry data-pii for screenshots.
    await page.getByLabel('Hide personal data').check();
    await page.getByText('••••••').first().waitFor();
    await expect.poll(() => page.getByText(lead.email).count()).toBe(0);
    await expect.poll(() => page.getByText('(404) 555-0123').count()).toBe(0);
    expect(await page.locator('[data-pii]').count()).toBeGreaterThan(0);
    await checkPage(page);
    await shot(page, 'lead-detail-pii');
    await page.getByLabel('Hide personal data').uncheck();
    await page.getByText(lead.email).first().waitFor();

    // The list counts the new lead in the charts, now with an account; its row opens the lead again.
    await page.goto(tenant.url('/institution/leads'));
    await page.getByText('1 new lead · Last 30 days').waitFor();
    await expect.poll(() => statusCount(page, 'Active')).toBe('1');
    const row = page.getByRole('row').filter({ hasText: lead.email });
    await row.getByText('Active').waitFor();
    await shot(page, 'lead-list');

    // A second lead with the same e-mail is refused with the server's words, and the dialog keeps what was typed.
    await page.getByRole('button', { name: 'Create Lead' }).click();
    const again = page.getByRole('dialog', { name: 'Create Lead' });
    await again.getByLabel('Email').fill(lead.email);
    await again.getByLabel('First name').fill('Lena');
    await again.getByLabel('Last name').fill('Again');
    await again.getByRole('button', { name: 'Create', exact: true }).click();
    // The toast shows behind the open dialog (so outside its accessibility tree); the e-mail field says it too.
    await page.getByText(LEAD_TEXTS.duplicate).first().waitFor();
    await again.getByText(LEAD_TEXTS.duplicate).waitFor();
    expect(await again.getByLabel('Email').inputValue()).toBe(lead.email);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Unsaved Changes' }).getByRole('button', { name: 'Discard' }).click();
    await again.waitFor({ state: 'hidden' });

    await row.getByText(lead.email).click();
    await page.waitForURL((url) => url.pathname.startsWith(leadPath));
  });

  it('the list and a lead read at 360 px in dark mode, the filters surviving a reload', async () => {
    const { data: created } = await tenant.api<{ data: { _id: string } }>('POST', `/tenant/${tenant.tenantId}/leads`, {
      token: gp.token,
      body: { institution: institutionId, email: uniqueEmail('narrow'), firstname: 'Nora', lastname: 'Narrow' },
    });
    const page = await newPage({ width: 360, height: 780, colorScheme: 'dark' });
    await signInThroughUi(page, gp, '/institution/leads?status=none&search=Narrow&scale=7days');
    await page.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    // On a phone the grid is under the charts: it loads as the member scrolls down to it.
    const scrollToGrid = () => page.getByLabel('Search leads').scrollIntoViewIfNeeded();
    await scrollToGrid();
    await page.getByText('Nora Narrow').first().waitFor();
    await page.reload();
    await scrollToGrid();
    await page.getByText('Nora Narrow').first().waitFor();
    expect(await page.getByRole('button', { name: '7 days', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Search leads').inputValue()).toBe('Narrow');
    await page.getByRole('button', { name: 'All time', exact: true }).click();
    await page.waitForURL(/scale=all-time/);
    await page.getByText(/^\d+ new leads? · All time$/).waitFor();
    // The page fits the phone: nothing wider than the viewport.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkPage(page);
    await shot(page, 'lead-list-360-dark');

    await page.goto(tenant.url(`/institution/leads/${created._id}`));
    await page.getByText('Nora Narrow').first().waitFor();
    await page.getByRole('tab', { name: 'Activity' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkPage(page);
    await shot(page, 'lead-detail-360-dark');
  });

  it("a signed-in investor who clicks an offer's call to action arrives in the institution's list as a marketplace lead", async () => {
    const investor = await tenant.investor({ firstname: 'Mara', lastname: `Market${Date.now().toString(36)}` });
    const visitor = await newPage();
    await visitor
      .context()
      .route('https://journey-cta.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<h1>Reserved for the journey</h1>' }),
      );
    await signInThroughUi(visitor, investor, '/investor/dashboard');
    await visitor.goto(tenant.url(`/marketplace/offers/${offerSlug}`));
    // Clicked once the page has settled as a person sees it: the top bar's signed-in controls (a chunk of their own)
    // and the offer's Home tab drawn by the app. A clean clone's run once saw the click open nothing (30 s): clicked
    // as the page was still coming in.
    await visitor.getByRole('button', { name: /Account menu/ }).waitFor();
    await visitor.getByRole('tab', { name: 'Home', selected: true }).waitFor();
    const tab = visitor.context().waitForEvent('page');
    await visitor.getByRole('button', { name: 'Reserve a Spot' }).click();
    await (await tab).getByRole('heading', { name: 'Reserved for the journey' }).waitFor();
    // The click is an analytics event, sent in the queue's next batch: the lead appears once it is in.
    await expect
      .poll(
        async () => {
          const search = `?institution=${institutionId}&search=${encodeURIComponent(investor.lastname)}`;
          const { data } = await tenant.api<{ data: { origin: string }[] }>('GET', `/tenant/${tenant.tenantId}/leads${search}`, {
            token: gp.token,
          });
          return data.map((l) => l.origin);
        },
        { timeout: 15_000, interval: 500 },
      )
      .toEqual(['marketplace']);

    const page = await newPage();
    await signInThroughUi(page, gp, `/institution/leads?search=${encodeURIComponent(investor.lastname)}`);
    const row = page.getByRole('row').filter({ hasText: investor.email });
    await row.getByText('Marketplace').waitFor();
    await row.getByText('Active').waitFor();
    await row.getByText(investor.email).click();
    await page.waitForURL((url) => /^\/institution\/leads\/[0-9a-f]{24}/.test(url.pathname));
    await page.getByText(`${investor.firstname} ${investor.lastname}`).first().waitFor();
    await checkPage(page);
  });
});
