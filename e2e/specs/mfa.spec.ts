import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { allow, checkPage } from '../support/guard.ts';
import { expectToast } from '../support/session.ts';
import { createJourneyTenant, signUpOn, type JourneyTenant, type Person } from '../support/tenant.ts';

const { newPage } = useBrowser();

/** Where screenshots go when E2E_SHOTS names a folder (to look at the screens, not to compare them). */
async function shot(page: Page, name: string, part?: Locator) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  if (part) return void (await part.screenshot({ path }));
  // A dialog covers the viewport: the page behind it would only lengthen the picture.
  const dialog = (await page.getByRole('dialog').count()) > 0;
  await page.screenshot({ path, fullPage: !dialog });
}

/**
 * The authenticator app the journey holds. A step whose code was used never works again (nor an older one), and the
 * server accepts one step either side of now: each code is for a newer step than the last, waiting when that step is
 * still more than one step ahead.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
  let lastStep = -1;
  return async () => {
    const step = Math.max(totp.counter(), lastStep + 1);
    lastStep = step;
    const acceptedFrom = (step - 1) * 30_000;
    if (Date.now() < acceptedFrom) await new Promise((resolve) => setTimeout(resolve, acceptedFrom - Date.now() + 500));
    return totp.generate({ timestamp: step * 30_000 });
  };
}

/** A platform authenticator with a resident key and user verification, as a laptop's fingerprint reader is. */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

async function passwordStep(page: Page, tenant: JourneyTenant, person: { email: string; password: string }) {
  await page.goto(tenant.url('/signin'));
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page) {
  // A clean-clone run under full load once stayed on /settings for 15 s after Sign Out (2026-11-28, not reproduced
  // alone). A person clicks again; a second miss fails with what was on screen, to find the cause.
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    try {
      await page.waitForURL(/\/signin/, { timeout: 7_500 });
      return;
    } catch (error) {
      if (attempt < 2 && !page.url().includes('/signin')) continue;
      const shot = join(tmpdir(), `tessera-signout-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => {});
      const dialogs = await page
        .getByRole('dialog')
        .allInnerTexts()
        .catch(() => []);
      throw new Error(`Sign Out left the page at ${page.url()}; dialogs: ${JSON.stringify(dialogs)}; screenshot ${shot}`, { cause: error });
    }
  }
}

/** Sets up the authenticator app from the Account page's dialog; answers the app (a code maker) and the recovery codes. */
async function enrolAuthenticator(page: Page, options: { shots?: string } = {}) {
  await page.getByRole('button', { name: 'Set up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
  const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? '';
  const code = authenticator(secret);
  await dialog.getByLabel('6-digit code').fill(await code());
  const turnOn = dialog.getByRole('button', { name: 'Verify and turn on' });
  await expect.poll(() => turnOn.isEnabled()).toBe(true);
  if (options.shots) await shot(page, `${options.shots}-enrolment`);
  await checkPage(page);
  await turnOn.click();
  const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const items = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await items.first().waitFor();
  const codes = await items.allTextContents();
  if (options.shots) await shot(page, `${options.shots}-recovery-codes`);
  await checkPage(page);
  await codesDialog.getByRole('checkbox', { name: 'I have stored my recovery codes' }).check();
  await codesDialog.getByRole('button', { name: 'Done' }).click();
  await codesDialog.waitFor({ state: 'hidden' });
  // Told once back on the page (a toast under the dialog would be hidden from screen readers).
  await expectToast(page, 'Two-step verification turned on');
  return { code, codes };
}

describe('two-step verification', () => {
  it('an owner sets up an authenticator app and a passkey, then signs in with each', async () => {
    const tenant = await createJourneyTenant();
    const page = await newPage();
    await addVirtualAuthenticator(page);
    await passwordStep(page, tenant, tenant.owner);
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await page.goto(tenant.url('/settings'));
    const section = page.getByRole('region', { name: 'Two-step verification' });
    await section.getByText('No passkeys yet.').waitFor();

    const { code, codes } = await enrolAuthenticator(page);
    expect(codes).toHaveLength(10);
    await section.getByText(/^10 codes left\./).waitFor();

    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await add.getByLabel('Passkey name').fill('Journey laptop');
    await add.getByRole('button', { name: 'Add passkey' }).click();
    await expectToast(page, 'Passkey added');
    await section.getByRole('list', { name: 'Passkeys' }).getByText('Journey laptop').waitFor();
    await checkPage(page);

    // The authenticator app's code.
    await signOut(page);
    await passwordStep(page, tenant, tenant.owner);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
    await checkPage(page);
    // Sent by itself on the sixth digit.
    await page.getByLabel('Code', { exact: true }).fill(await code());
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

    // The passkey.
    await signOut(page);
    await passwordStep(page, tenant, tenant.owner);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await page.goto(tenant.url('/settings'));
    await section.getByText(/^Added .* · Last used (?!never)/).waitFor();

    // A recovery code works once.
    await signOut(page);
    await passwordStep(page, tenant, tenant.owner);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  });

  it("the tenant's policy sends an owner without a second factor to set one up before anything else", async () => {
    const tenant = await createJourneyTenant();
    const owner = await newPage();
    await passwordStep(owner, tenant, tenant.owner);
    await owner.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await owner.goto(tenant.url('/settings'));
    await enrolAuthenticator(owner);

    // A second owner, who has no second factor.
    const second: Person = await signUpOn(tenant.slug, { firstname: 'Sam', lastname: 'Second', onboarding: 'keep' });
    const { data: signedIn } = await tenant.api<{ data: { tenantMember: { _id: string } } }>('POST', '/auth/signin', {
      body: { email: second.email, password: second.password },
    });
    await tenant.api('PUT', `/tenant/${tenant.tenantId}/members/${signedIn.tenantMember._id}/role`, {
      token: tenant.owner.token,
      body: { role: 'owner' },
    });

    // The first owner requires two-step verification in the tenant's settings; the history says so.
    await owner.goto(tenant.url('/tenant/settings/details'));
    const security = owner.getByRole('region', { name: 'Security' });
    const require = security.getByRole('switch', { name: 'Require two-step verification for owners and team members' });
    await require.check();
    await expectToast(owner, 'Security settings updated');
    expect(await require.isChecked()).toBe(true);
    await owner.getByRole('tab', { name: 'History' }).click();
    await owner.getByText(`Two-step verification is now required of ${tenant.name}'s owners and institution teams`).waitFor();

    // The second owner signs in and can only set up a factor; once set up, the tenant's pages open.
    const page = await newPage();
    await passwordStep(page, tenant, second);
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByText('Your organization requires two-step verification. Set it up to continue.').waitFor();
    await page.getByRole('region', { name: 'Two-step verification' }).waitFor();
    await page.goto(tenant.url('/tenant/dashboard'));
    await page.waitForURL((url) => url.pathname === '/settings');
    await checkPage(page);
    await enrolAuthenticator(page);
    await page.getByText('Your organization requires two-step verification. Set it up to continue.').waitFor({ state: 'hidden' });
    await page.goto(tenant.url('/tenant/dashboard'));
    await page.getByRole('navigation', { name: 'Tenant admin' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tenant/dashboard');
  });

  it('shows the second step and the set-up dialog at 360 px in dark mode', async () => {
    const tenant = await createJourneyTenant();
    const page = await newPage({ width: 360, height: 740, colorScheme: 'dark' });
    allow(page, {
      console: /WebSocket is closed before the connection is established/,
      reason: "Chromium's warning when signing out ends the session socket while its upgrade is still in flight",
    });
    await passwordStep(page, tenant, tenant.owner);
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    await page.goto(tenant.url('/settings'));
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('region', { name: 'Two-step verification' }).getByRole('button', { name: 'Set up', exact: true }).waitFor();
    const section = page.getByRole('region', { name: 'Two-step verification' });
    await shot(page, 'account-two-step-360-dark', section);
    const { code } = await enrolAuthenticator(page, { shots: '360-dark' });
    await addVirtualAuthenticator(page);
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await add.getByLabel('Passkey name').fill('Phone');
    await shot(page, '360-dark-add-passkey');
    await add.getByRole('button', { name: 'Add passkey' }).click();
    await expectToast(page, 'Passkey added');
    await section.getByRole('list', { name: 'Passkeys' }).getByText('Phone').waitFor();
    await shot(page, 'account-two-step-on-360-dark', section);
    await checkPage(page);
    await signOut(page);
    await passwordStep(page, tenant, tenant.owner);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByLabel('Code', { exact: true }).waitFor();
    await shot(page, 'signin-second-step-360-dark');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').waitFor();
    await shot(page, 'signin-recovery-code-360-dark');
    await checkPage(page);
    await page.getByRole('button', { name: 'Use your authenticator app' }).click();
    await page.getByLabel('Code', { exact: true }).fill(await code());
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  });
});
