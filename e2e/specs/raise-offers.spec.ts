import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { allow, checkPage } from '../support/guard.ts';
import { useTempFiles } from '../support/files.ts';
import { choose, expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();
const files = useTempFiles();

/** Screenshots to look at (360 px wide, dark mode) when SCREENSHOTS names a folder. */
const SHOTS = process.env.SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});

async function createInstitutionViaApi(name: string, slug: string): Promise<{ _id: string }> {
  const { data } = await tenant.api<{ data: { _id: string } }>('POST', `/tenant/${tenant.tenantId}/institutions`, {
    token: tenant.owner.token,
    body: { name, slug, type: 'fund', descriptionShort: 'A fund made for the offers journey' },
  });
  return data;
}

/** Puts an existing account on the institution's team (the owner's call): that makes them a GP of it. */
async function addToTeamViaApi(institutionId: string, person: { email: string }) {
  await tenant.api('POST', `/tenant/${tenant.tenantId}/institutions/${institutionId}/team/invite`, {
    token: tenant.owner.token,
    body: { email: person.email, firstname: 'Gale', lastname: 'Partner', role: 'member' },
  });
}

/** A native drag and drop with the mouse, in steps, so the page sees dragstart, dragover and drop. */
async function dragOnto(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: source or target not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  // Near the target's left edge: toasts (bottom centre) may cover its middle.
  await page.mouse.move(to.x + Math.min(40, to.width / 2), to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
}

/** The order of the images in the Media tab, by image id. */
const imageOrder = (page: Page) =>
  page
    .getByRole('list', { name: 'Images' })
    .locator('[data-image]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-image')));

describe('raise offers', () => {
  it('a GP creates an offer in Raise mode, fills it in, uploads its documents and reorders images; the owner approves; the GP publishes; the owner shows it; History has each change', async () => {
    const tag = Date.now().toString(36);
    const institutionName = `Journey Capital ${tag}`;
    const institution = await createInstitutionViaApi(institutionName, `journey-capital-${tag}`);
    // The GP: an investor of the tenant whom the owner puts on the institution's team.
    const gp = await tenant.investor({ firstname: 'Gale', lastname: 'Partner' });
    await addToTeamViaApi(institution._id, gp);

    const page = await newPage();
    allow(page, {
      status: 400,
      method: 'PUT',
      path: /^\/api\/v1\/tenant\/[^/]+\/offers\/[^/]+\/publishing$/,
      reason: 'Publish before the approval, refused on purpose ("Publishing needs approval")',
    });
    await signInThroughUi(page, gp, '/');
    await page.getByRole('button', { name: 'Raise mode' }).click();
    const picker = page.getByRole('dialog', { name: /Select an institution/ });
    await picker.getByRole('button', { name: new RegExp(institutionName) }).click();
    await page.waitForURL((url) => url.pathname === '/institution/dashboard');
    await page.goto(tenant.url('/institution/offers'));
    await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();

    // Create: the slug follows the name; the institution is the picked one.
    await page.getByRole('button', { name: 'Add Offer' }).click();
    await page.waitForURL(/modal=create/);
    const dialog = page.getByRole('dialog', { name: 'Create Offer' });
    const offerName = `Harbor Lofts ${tag}`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(offerName);
    expect(await dialog.getByRole('textbox', { name: 'Slug' }).inputValue()).toBe(`harbor-lofts-${tag}`);
    await dialog.getByText(`/harbor-lofts-${tag}`).first().waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: /^Institution/ }).inputValue()).toBe(institutionName);
    await dialog.getByText('Available.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Offer - Successfully created');
    await page.waitForURL(/\/institution\/offers\/[0-9a-f]{24}\/details$/);
    const offerPath = new URL(page.url()).pathname.replace(/\/details$/, '');
    const offerId = offerPath.split('/').at(-1)!;
    await page.getByRole('heading', { name: offerName, level: 1 }).waitFor();
    // Approval and marketplace visibility are the owners' (002 §4, §6).
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Show', exact: true }).count()).toBe(0);
    await checkPage(page);

    // Details.
    await choose(page, 'Type', 'Value Add');
    await choose(page, 'Asset class', 'Multi Family');
    await choose(page, 'Equity type', 'Common Equity');
    await page.getByRole('textbox', { name: 'Short description' }).fill('Forty lofts by the harbor, renovated and let.');
    await page.getByRole('textbox', { name: 'Description', exact: true }).click();
    await page.keyboard.type('A value-add multi-family offer.');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'Offer details updated');
    await page.getByLabel('Complete', { exact: true }).first().waitFor();

    // Financials: two classes and a metric.
    await page.getByRole('tab', { name: 'Financials' }).click();
    await page.getByRole('button', { name: 'Add class', exact: true }).click();
    await page.getByRole('button', { name: 'Add class', exact: true }).click();
    for (const [index, [name, minimum]] of [
      ['Class A', '50000'],
      ['Class B', '25000'],
    ].entries()) {
      const group = page.getByRole('group', { name: `Class ${index + 1}`, exact: true });
      await group.getByLabel('Class name').fill(name!);
      await group.getByLabel('Minimum investment').fill(minimum!);
    }
    await page.getByRole('button', { name: 'Add metric', exact: true }).click();
    const metric = page.getByRole('group', { name: 'Metric 1', exact: true });
    await metric.getByLabel('Name').fill('Units');
    await metric.getByLabel('Value').fill('40');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'financials updated');

    // Documents: the four required ones.
    await page.getByRole('tab', { name: 'Documents' }).click();
    for (const label of ['Operating Agreement', 'Private Placement Memorandum', 'Subscription Agreement', 'Wire Instructions']) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: `Upload ${label}` }).click();
      await (await chooser).setFiles(files.text(`${label.toLowerCase().replace(/ /g, '-')}.txt`, `${label} of ${offerName}`));
      await page
        .getByRole('list', { name: 'Required documents' })
        .getByText(new RegExp(`^Uploaded: ${label.toLowerCase().replace(/ /g, '-')}$`))
        .waitFor();
    }
    await page.getByRole('list', { name: 'Offer documents' }).getByRole('listitem').nth(3).waitFor();

    // Media: two images, reordered by dragging.
    await page.getByRole('tab', { name: 'Media' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add images' }).click();
    await (await chooser).setFiles([files.png('front.png'), files.png('lobby.png')]);
    await page.getByRole('list', { name: 'Images' }).getByRole('listitem').nth(1).waitFor();
    await page.getByText('You have unsaved changes to images or videos').waitFor();
    const before = await imageOrder(page);
    expect(before).toHaveLength(2);
    await dragOnto(page, page.getByLabel('Drag image 1'), page.getByRole('list', { name: 'Images' }).getByRole('listitem').nth(1));
    await expect.poll(() => imageOrder(page)).toEqual([before[1], before[0]]);
    await page.getByRole('button', { name: 'Update images' }).click();
    await expectToast(page, 'images updated');

    // Publishing needs the provider's approval first.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByText(/Publishing needs approval/)
      .first()
      .waitFor();

    // The owner approves in the tenant's marketplace.
    const owner = await newPage();
    await signInThroughUi(owner, tenant.owner, `/tenant/marketplace/offers/${offerId}/details`);
    await owner.getByRole('heading', { name: offerName, level: 1 }).waitFor();
    await owner.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(owner, 'approval updated');

    // The GP publishes.
    await page.reload();
    await page.getByRole('heading', { name: offerName, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'publishing updated');

    // The owner makes it visible on the marketplace.
    await owner.reload();
    await owner.getByRole('heading', { name: offerName, level: 1 }).waitFor();
    await owner.getByRole('button', { name: 'Show', exact: true }).click();
    await expectToast(owner, 'marketplace config updated');
    expect(await owner.getByRole('button', { name: 'Hide', exact: true }).isEnabled()).toBe(true);

    // History shows every change.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    for (const text of [
      `created the offer ${offerName}`,
      `updated the details of ${offerName}`,
      `updated the financials of ${offerName}`,
      `updated the documents of ${offerName}`,
      `updated the images of ${offerName}`,
      `set the approval of ${offerName} to Approved`,
      `published ${offerName}`,
      `made ${offerName} visible on the marketplace`,
    ]) {
      await page.getByText(text).first().waitFor();
    }
    await shot(page, 'history-desktop');
    await page.getByRole('tab', { name: 'Financials' }).click();
    await page.getByRole('button', { name: 'Add class', exact: true }).waitFor();
    await shot(page, 'financials-desktop');
    await page
      .getByRole('button', { name: 'All Offers' })
      .or(page.getByRole('link', { name: 'All Offers' }))
      .click();
    await page.getByRole('button', { name: 'Add Offer' }).click();
    await page.getByRole('dialog', { name: 'Create Offer' }).waitFor();
    await shot(page, 'create-desktop');

    // A look at 360 px wide in dark mode.
    if (SHOTS) {
      const small = await newPage({ width: 360, height: 780, colorScheme: 'dark' });
      await signInThroughUi(small, tenant.owner, '/tenant/marketplace/offers');
      await small.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();
      await small.getByRole('button', { name: 'Switch to dark mode' }).click();
      await small.getByRole('gridcell', { name: offerName }).waitFor();
      await shot(small, 'list-360-dark');
      await small.getByRole('gridcell', { name: offerName }).click();
      await small.getByRole('heading', { name: offerName, level: 1 }).waitFor();
      await shot(small, 'details-360-dark');
      for (const tab of ['Financials', 'Media', 'Documents']) {
        await small.getByRole('tab', { name: tab }).click();
        await small.getByRole('tab', { name: tab, selected: true }).waitFor();
        await small.getByRole('tabpanel').first().waitFor();
        await shot(small, `${tab.toLowerCase()}-360-dark`);
      }
      await small.goto(tenant.url('/tenant/marketplace/offers?modal=create'));
      await small.getByRole('dialog', { name: 'Create Offer' }).waitFor();
      await shot(small, 'create-360-dark');
    }
  });
});
