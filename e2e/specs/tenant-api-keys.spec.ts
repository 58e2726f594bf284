import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});

/** A server-to-server call with the key on the tenant's host, as curl would make it. */
const callWithKey = (key: string, path: string) => callApi('GET', path, { slug: tenant.slug, token: key });

describe('tenant API keys', () => {
  it('generates a private key shown once, uses it from a server, revokes it and sees it refused', async () => {
    const tenantId = tenant.tenantId;
    const label = `Journey ${Date.now().toString(36)}`;
    const page = await newPage();
    await signInThroughUi(page, tenant.owner, '/tenant/settings/api');
    await page.getByRole('button', { name: 'Generate private key' }).click();
    const form = page.getByRole('dialog', { name: 'Generate private key' });
    await form.getByLabel('Label (optional)').fill(label);
    // A private key needs its scopes (issue #23): this one only reads.
    await form.getByRole('button', { name: 'Read-only' }).click();
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
    // The tenant's one key, this journey's.
    const keys = (ok.json as { data: { label: string | null; prefix: string }[] }).data;
    expect(keys.map((k) => [k.label, k.prefix])).toEqual([[label, key.slice(0, 12)]]);

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
    await signInThroughUi(page, tenant.owner, '/tenant/docs');
    const endpoints = page.getByRole('navigation', { name: 'API endpoints' });
    // The tenant segment is {t} (it was {id}) and endpoints are linked by operationId (they were by path): either reads.
    await endpoints
      // Named by what it shows: method, path, then the summary.
      .getByRole('link', { name: /^GET\s*\/tenant\/\{(id|t)\}\/api-keys(\s|$)/ })
      .first()
      .click();
    await page.waitForURL(/\/tenant\/docs\/api\/api-keys\/[\w-]+$/);
    await page.getByText('Access:').waitFor();
    await page
      .getByRole('table', { name: 'Parameters' })
      .getByText(/^(id|t)$/)
      .waitFor();
    const curl = (await page.getByTestId('curl-example').textContent()) ?? '';
    expect(curl).toContain(`${tenant.url('/').replace(/\/$/, '')}/api/v1/tenant/`);
    expect(curl).toMatch(/\/api\/v1\/tenant\/[^/]+\/api-keys'/);
  });
});
