import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../support/api.ts';
import { urlOf, useBrowser } from '../support/browser.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';

const { newPage } = useBrowser();

async function demoTenantId(): Promise<string> {
  const res = await fetch(urlOf('/api/v1/tenant/demo/public'));
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** A server-to-server call with the key, as curl would make it. */
const callWithKey = (key: string, path: string) => fetch(urlOf(`/api/v1${path}`), { headers: { authorization: `Bearer ${key}` } });

describe('tenant API keys', () => {
  it('generates a private key shown once, uses it from a server, revokes it and sees it refused', async () => {
    const tenantId = await demoTenantId();
    const label = `Journey ${Date.now().toString(36)}`;
    const page = await newPage();
    await signInThroughUi(page, DEMO_OWNER, '/tenant/settings/api');
    await page.getByRole('button', { name: 'Generate private key' }).click();
    const form = page.getByRole('dialog', { name: 'Generate private key' });
    await form.getByLabel('Label (optional)').fill(label);
    await form.getByRole('button', { name: 'Generate' }).click();

    const shown = page.getByRole('dialog', { name: 'Private API key generated' });
    await shown.getByText('Copy this key now: it will not be shown again.').waitFor();
    const key = await shown.getByLabel('API key', { exact: true }).inputValue();
    expect(key).toMatch(/^tsk_live_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    // The toast came with the dialog, which hides the rest of the page from assistive technology until it closes.
    await expectToast(page, 'API key generated');
    expect(await page.content()).not.toContain(key);

    const ok = await callWithKey(key, `/tenant/${tenantId}/api-keys`);
    expect(ok.status).toBe(200);
    const listed = ((await ok.json()) as { data: { label: string | null; prefix: string }[] }).data.find((k) => k.label === label);
    expect(listed?.prefix).toBe(key.slice(0, 12));

    await page.getByRole('button', { name: `Revoke ${key.slice(0, 12)}… (${label})` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'API key revoked');
    await page.getByRole('row').filter({ hasText: label }).getByText('Revoked').waitFor();

    const refused = await callWithKey(key, `/tenant/${tenantId}/api-keys`);
    expect(refused.status).toBe(401);
  });

  it('documents the endpoint with an example request for this tenant', async () => {
    const page = await newPage();
    await signInThroughUi(page, DEMO_OWNER, '/tenant/docs');
    const endpoints = page.getByRole('navigation', { name: 'API endpoints' });
    await endpoints.getByRole('link', { name: /\/tenant\/\{id\}\/api-keys$/ }).first().click();
    await page.waitForURL(/\/tenant\/docs\/api\/api-keys\/get-tenant-id-api-keys$/);
    await page.getByText('Access:').waitFor();
    await page.getByRole('table', { name: 'Parameters' }).getByText('id', { exact: true }).waitFor();
    expect(await page.getByTestId('curl-example').textContent()).toContain(`${urlOf('/').replace(/\/$/, '')}/api/v1/tenant/{id}/api-keys`);
  });
});
