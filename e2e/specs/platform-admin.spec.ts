import { describe, expect, it } from 'vitest';
import { linkInLastMail, PASSWORD, PLATFORM_ADMIN, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { createJourneyTenant } from '../support/tenant.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';

const { newPage } = useBrowser();

describe('platform admin', () => {
  it('creates a tenant whose owner accepts the invitation on the new address and lands signed in there', async () => {
    const slug = `e2e-${Date.now().toString(36)}`;
    const ownerEmail = uniqueEmail('tenant-owner');
    const admin = await newPage();
    await signInThroughUi(admin, PLATFORM_ADMIN, '/admin/tenant/create');

    await admin.getByRole('heading', { name: 'Create Tenant' }).waitFor();
    await admin.getByLabel(/^Name/).fill(`Journey ${slug}`);
    expect(await admin.getByLabel(/^Slug/).inputValue()).toBe(`journey-${slug}`);
    await admin.getByLabel(/^Slug/).fill(slug);
    await admin.getByLabel(/^Name/).fill(`Journey Capital ${slug}`);
    expect(await admin.getByLabel(/^Slug/).inputValue()).toBe(slug);
    await admin.getByText('This address is available').waitFor();
    expect(await admin.getByTestId('tenant-address').textContent()).toMatch(new RegExp(`^${slug}\\.localhost:\\d+$`));
    await admin.getByLabel(/^Owner email/).fill(ownerEmail);
    await admin.getByRole('button', { name: 'Create Tenant' }).click();
    await expectToast(admin, `Tenant Journey Capital ${slug} created and owner invited`);
    await admin.getByRole('heading', { name: `Journey Capital ${slug}` }).waitFor();
    await admin.getByRole('tab', { name: 'Access' }).click();
    await admin.getByRole('gridcell', { name: ownerEmail }).waitFor();

    const link = await linkInLastMail(ownerEmail);
    expect(new URL(link).hostname).toBe(`${slug}.localhost`);
    const owner = await newPage();
    await owner.goto(link);
    await owner.getByText('Finish your invitation').first().waitFor();
    expect(await owner.getByLabel('Email').inputValue()).toBe(ownerEmail);
    await owner.getByLabel('First name').fill('Olive');
    await owner.getByLabel('Last name').fill('Owner');
    await owner.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await owner.getByRole('checkbox').check();
    await owner.getByRole('button', { name: /finish|accept|continue/i }).click();
    await owner.getByRole('heading', { name: 'Welcome, Olive Owner' }).waitFor();
    expect(new URL(owner.url()).hostname).toBe(`${slug}.localhost`);

    await admin.reload();
    await admin.getByRole('gridcell', { name: 'Active' }).waitFor();
  });

  it('refuses the admin area to a user who is not a platform admin', async () => {
    const tenant = await createJourneyTenant();
    const investor = await tenant.investor();
    const page = await newPage();
    await signInThroughUi(page, investor, '/admin');
    await page.getByText('Only platform admins can open the platform admin area.').waitFor();
  });
});
