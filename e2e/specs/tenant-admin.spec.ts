import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, signInViaApi, signUpViaApi } from '../support/api.ts';
import { urlOf, useBrowser } from '../support/browser.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';

const { newPage } = useBrowser();

async function apiGet<T>(path: string, token: string): Promise<{ status: number; body: T }> {
  const res = await fetch(urlOf(`/api/v1${path}`), { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T };
}

async function demoTenantId(): Promise<string> {
  const res = await fetch(urlOf('/api/v1/tenant/demo/public'));
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

describe('tenant admin', () => {
  it('lets the demo owner read the dashboard, edit the description and find the change in the history', async () => {
    const tenantId = await demoTenantId();
    const token = await signInViaApi(DEMO_OWNER.email, DEMO_OWNER.password);
    const { body } = await apiGet<{ data: { members: { total: number; byStatus: Record<string, number> } } }>(`/tenant/${tenantId}/dashboard`, token);
    const { total, byStatus } = body.data.members;

    const page = await newPage();
    await signInThroughUi(page, DEMO_OWNER, '/tenant/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Tenant admin' });
    await nav.getByText('Tessera Demo').waitFor();
    // Other journeys add members to the demo tenant while this one runs: the page shows at least what the API said.
    const shown = page.getByText(/^\d+ members$/);
    await shown.waitFor();
    expect(Number.parseInt((await shown.textContent()) ?? '', 10)).toBeGreaterThanOrEqual(total);
    const byStatusList = page.getByRole('list', { name: 'Members by status' });
    const active = (await byStatusList.getByRole('listitem').filter({ hasText: 'Active' }).textContent()) ?? '';
    expect(Number.parseInt(active.replace(/\D+/g, ''), 10)).toBeGreaterThanOrEqual(byStatus.active ?? 0);
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByText(/in the last 7 days$/).waitFor();

    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL(/\/tenant\/settings\/details$/);
    const description = `Private markets, journey ${Date.now().toString(36)}`;
    await page.getByLabel('Description').fill(description);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'Tenant details updated');

    await page.getByRole('tab', { name: 'History' }).click();
    await page.waitForURL(/\/tenant\/settings\/history$/);
    const event = page.getByRole('listitem').filter({ hasText: 'Tenant Tessera Demo details updated' }).first();
    await event.waitFor();
    await event.getByRole('button', { name: 'Details' }).click();
    await event.getByText(description).first().waitFor();
  });

  it('refuses an investor, in the browser and on the server', async () => {
    const investor = await signUpViaApi();
    const page = await newPage();
    await signInThroughUi(page, investor, '/tenant/dashboard');
    await page.getByRole('heading', { name: 'You need to be an owner of this tenant' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Tenant admin' }).count()).toBe(0);
    const { status } = await apiGet(`/tenant/${await demoTenantId()}/dashboard`, investor.token);
    expect(status).toBe(403);
  });
});
