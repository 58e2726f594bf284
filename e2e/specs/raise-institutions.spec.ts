import { beforeAll, describe, it } from 'vitest';
import { uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { choose, expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});

describe('tenant institutions', () => {
  it('the owner creates an institution, edits its details, invites a team member and sees it all in History', async () => {
    const tag = Date.now().toString(36);
    const name = `Harbor Fund ${tag}`;
    const email = uniqueEmail('team');

    // Create from the marketplace list: the slug follows the name.
    const page = await newPage();
    await signInThroughUi(page, tenant.owner, '/tenant/marketplace/institutions');
    await page.getByRole('heading', { name: 'Institutions', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Institution' }).click();
    await page.waitForURL(/modal=create/);
    const create = page.getByRole('dialog', { name: 'Add Institution' });
    await create.getByLabel('Name').fill(name);
    const slug = create.getByLabel('Slug');
    if ((await slug.inputValue()) !== `harbor-fund-${tag}`) throw new Error(`slug not derived: ${await slug.inputValue()}`);
    await create.getByText(/^Available\./).waitFor();
    await choose(create, 'Type', 'Lender');
    await create.getByLabel('Short description').fill('Senior loans for mid-market companies');
    await create.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Institution created');
    await page.waitForURL(/\/tenant\/marketplace\/institutions\/[0-9a-f]{24}/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // Details: a new short description and custom metric.
    await page.getByRole('tab', { name: 'Details' }).click();
    const update = page.getByRole('button', { name: 'Update' });
    if (await update.isEnabled()) throw new Error('Update is enabled before any change');
    await page.getByLabel('Short description').fill('Senior secured loans for mid-market companies');
    await page.getByRole('button', { name: 'Add metric' }).click();
    await page.getByRole('group', { name: 'Metric 1' }).getByLabel('Name').fill('AUM');
    await page.getByRole('group', { name: 'Metric 1' }).getByLabel('Value').fill('$250M');
    await update.click();
    await expectToast(page, 'Institution details updated');
    await page.getByText('Senior secured loans for mid-market companies').first().waitFor();

    // Team: invite a new address, who shows as invited.
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByText('Tenant members on this team can manage the institution', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Invite Team Member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Team Member' });
    await invite.getByLabel('Email').fill('not-an-email');
    await invite.getByLabel('First name').click();
    await invite.getByText('Enter a valid email address').waitFor();
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('First name').fill('Grace');
    await invite.getByLabel('Last name').fill('Hopper');
    await invite.getByText('Leave blank for no expiration').waitFor();
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expectToast(page, 'team member invited');
    await invite.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: email }).getByText('Invited').waitFor();

    // History: the creation, the details change and the invitation.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByText(`created the institution ${name}`, { exact: false }).waitFor();
    await page.getByText(`updated the details of ${name}`, { exact: false }).waitFor();
    await page.getByText(`invited ${email} to the team as member`, { exact: false }).waitFor();
  });
});
