import { describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { checkPage } from '../support/guard.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

describe('tenant admin', () => {
  it('lets the owner read the dashboard, edit the description and find the change in the history', async () => {
    // The tenant of this test alone: its owner and two investors, three active members.
    const tenant = await createJourneyTenant();
    await tenant.investor();
    await tenant.investor();
    const { json } = await callApi('GET', `/tenant/${tenant.tenantId}/dashboard`, { slug: tenant.slug, token: tenant.owner.token });
    const { total, byStatus } = (json as { data: { members: { total: number; byStatus: Record<string, number> } } }).data.members;
    expect(total).toBe(3);
    expect(byStatus.active).toBe(3);

    const page = await newPage();
    await signInThroughUi(page, tenant.owner, '/tenant/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Tenant admin' });
    await nav.getByText(tenant.name).waitFor();
    await page.getByText('3 members', { exact: true }).waitFor();
    const byStatusList = page.getByRole('list', { name: 'Members by status' });
    const active = (await byStatusList.getByRole('listitem').filter({ hasText: 'Active' }).textContent()) ?? '';
    expect(Number.parseInt(active.replace(/\D+/g, ''), 10)).toBe(3);
    await checkPage(page);
    await page.getByRole('button', { name: '7 days', exact: true }).click();
    await page.getByText(/in the last 7 days$/).waitFor();

    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(/\/tenant\/settings\/details$/);
    const description = `Private markets, journey ${Date.now().toString(36)}`;
    await page.getByLabel('Description').fill(description);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Tenant details updated');

    await page.getByRole('tab', { name: 'History' }).click();
    await page.waitForURL(/\/tenant\/settings\/history$/);
    const event = page
      .getByRole('listitem')
      .filter({ hasText: `Tenant ${tenant.name} details updated` })
      .first();
    await event.waitFor();
    await event.getByRole('button', { name: 'Details' }).click();
    await event.getByText(description).first().waitFor();
  });

  it('refuses an investor, in the browser and on the server', async () => {
    const tenant = await createJourneyTenant();
    const investor = await tenant.investor();
    const page = await newPage();
    await signInThroughUi(page, investor, '/tenant/dashboard');
    await page.getByRole('heading', { name: 'You need to be an owner of this tenant' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Tenant admin' }).count()).toBe(0);
    const { status } = await callApi('GET', `/tenant/${tenant.tenantId}/dashboard`, { slug: tenant.slug, token: investor.token });
    expect(status).toBe(403);
  });
});
