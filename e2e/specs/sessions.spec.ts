import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_SECURITY_TEXTS } from '@tessera/domain';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { checkPage } from '../support/guard.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

/** Where screenshots go when E2E_SHOTS names a folder (to look at the screens, not to compare them). */
async function shot(section: Locator, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await section.screenshot({ path: join(folder, `${name}.png`) });
}

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});
const ACCOUNT = '/user/passport/account';
const SECTION = "Where you're signed in";

describe('sessions you can see and end', () => {
  it('an investor ends the session of another browser from the account page, and that browser is signed out at once', async () => {
    const investor = await tenant.investor();
    const laptop = await newPage();
    const other = await newPage();
    // The socket upgrades to a WebSocket: the CSP's connect-src 'self' admits the same-origin ws: address.
    const websockets: string[] = [];
    other.on('websocket', (ws) => websockets.push(new URL(ws.url()).pathname));
    await signInThroughUi(other, investor);
    await signInThroughUi(laptop, investor, ACCOUNT);

    const section = laptop.getByRole('region', { name: SECTION });
    // This browser, the other one (the same Chrome), and the session the API sign-up opened.
    await section.getByRole('listitem', { name: 'Chrome on Linux, this device' }).waitFor();
    const sessions = section.getByRole('listitem');
    await expect.poll(() => sessions.count()).toBe(3);
    await checkPage(laptop);
    await shot(section, 'sessions-1280-light');

    const otherRow = section.getByRole('listitem', { name: 'Chrome on Linux', exact: true });
    await otherRow.getByRole('button', { name: 'Sign out Chrome on Linux' }).click();
    await expectToast(laptop, 'Session ended');
    await expect.poll(() => sessions.count()).toBe(2);

    expect(websockets).toContain('/api/v1/socket/');
    // The other browser hears it on its socket: it is on the sign-in page, saying why, without a reload.
    await other.waitForURL(/\/signin/);
    await other.getByRole('alert').filter({ hasText: ACCOUNT_SECURITY_TEXTS.sessionEnded }).waitFor();
    await checkPage(other);

    // The laptop goes on, and ends the rest in one go.
    await section.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    const dialog = laptop.getByRole('dialog', { name: 'Sign out of all other sessions?' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expectToast(laptop, 'Other sessions ended');
    await section.getByText('You are not signed in anywhere else.').waitFor();
    expect(await sessions.count()).toBe(1);
  });

  it('shows the sessions at 360 px in dark mode', async () => {
    const investor = await tenant.investor();
    const phone = await newPage({ width: 360, height: 780, colorScheme: 'dark' });
    await signInThroughUi(phone, investor, ACCOUNT);
    const section = phone.getByRole('region', { name: SECTION });
    await section.getByRole('listitem', { name: 'Chrome on Linux, this device' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    // Nothing of the section sticks out of the narrow screen.
    const box = await section.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkPage(phone);
    await shot(section, 'sessions-360-dark');
  });
});
