import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../support/api.ts';
import { urlOf, useBrowser } from '../support/browser.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';

const { newPage } = useBrowser();

const DEMO_INVESTOR = { email: 'investor@demo.tessera.local', password: 'demo-investor-2026' };
const RAISE_REFUSED = 'To access the GP / Institution mode, you must contact your admin.';

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(urlOf(`/api/v1${path}`), {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  expect(res.ok, `${method} ${path}: ${json.error?.message}`).toBe(true);
  return json;
}

/**
 * A fresh institution of the demo tenant, created by the demo owner (who joins its team), seeded through the API; the owner starts
 * in Invest mode with nothing picked, whatever an earlier journey left.
 */
async function seedInstitution(name: string): Promise<string> {
  const { data: owner } = await api<{ data: { token: string; user: { _id: string } } }>('POST', '/auth/signin', '', DEMO_OWNER);
  const token = owner.token;
  await api('PUT', `/user/${owner.user._id}/tenant-member/mode`, token, { appMode: 'investor', institution: null });
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const { data } = await api<{ data: { _id: string; isTeamMember: boolean } }>('POST', '/tenant/demo/institutions', token, { name, slug, type: 'fund', descriptionShort: 'A fund met on the journey' });
  // Its creator is on its team, so the picker offers it.
  expect(data.isTeamMember).toBe(true);
  return data._id;
}

describe('Raise mode', () => {
  it('refuses the demo investor with the exact text and keeps them in Invest mode', async () => {
    const page = await newPage({ width: 360, height: 740 });
    await signInThroughUi(page, DEMO_INVESTOR, '/');
    await page.getByRole('button', { name: 'Raise mode' }).click();
    await expectToast(page, RAISE_REFUSED);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('button', { name: 'Invest mode' }).getAttribute('aria-pressed')).toBe('true');

    // The server refuses the same switch, with the same words.
    const { data: investor } = await api<{ data: { token: string; user: { _id: string } } }>('POST', '/auth/signin', '', DEMO_INVESTOR);
    const res = await fetch(urlOf(`/api/v1/user/${investor.user._id}/tenant-member/mode`), {
      method: 'PUT', headers: { authorization: `Bearer ${investor.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ appMode: 'institution' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(RAISE_REFUSED);
  });

  it('switches the demo owner to Raise, picks an institution, shows its dashboard, and switches back to Invest', async () => {
    const name = `Journey Fund ${Date.now().toString(36)}`;
    const institutionId = await seedInstitution(name);

    const page = await newPage();
    await signInThroughUi(page, DEMO_OWNER, '/');
    await page.getByRole('button', { name: 'Raise mode' }).click();

    // With no institution picked yet the app asks for one (a search narrows the picker to this journey's fund).
    const dialog = page.getByRole('dialog', { name: /Select an institution/ });
    await dialog.getByText(DEMO_OWNER.email).waitFor();
    await dialog.getByLabel('Search institutions').fill(name);
    await dialog.getByRole('button', { name: new RegExp(name) }).click();
    await page.waitForURL((url) => url.pathname === '/institution/dashboard');

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.getByRole('button', { name: '1 month' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: '7 days' }).click();
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByText('No offers yet. Create the first one to start raising.').waitFor();
    await page.getByText('No leads yet').waitFor();
    const nav = page.getByRole('navigation', { name: 'Institution' });
    await nav.getByText(name).waitFor();
    expect(await page.getByRole('link', { name: /Marketplace Profile/ }).getAttribute('href')).toBe(`/marketplace/institutions/${institutionId}`);

    // The choice is the member's: a reload of the root lands on the institution dashboard again.
    await page.goto(urlOf('/'));
    await page.waitForURL((url) => url.pathname === '/institution/dashboard');

    await page.getByRole('button', { name: 'Invest mode' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.goto(urlOf('/institution/dashboard'));
    await page.waitForURL((url) => url.pathname === '/');
  });
});
