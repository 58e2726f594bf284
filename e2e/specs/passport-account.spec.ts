import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { checkPage } from '../support/guard.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});
const ACCOUNT = '/user/passport/account';

describe('account', () => {
  it('exports the personal data as a JSON file holding the e-mail', async () => {
    const user = await tenant.investor();
    const page = await newPage();
    await signInThroughUi(page, user, ACCOUNT);
    await page.getByRole('heading', { name: 'Your Personal Data' }).waitFor();
    await checkPage(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    await expectToast(page, 'Data exported successfully');
    expect(download.suggestedFilename()).toMatch(/^tessera-export-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'tessera-export', account: { email: user.email } });
  });

  it('asks before leaving a changed profile, and keeps the typed value on Stay on Page', async () => {
    const user = await tenant.investor({ firstname: 'Journey' });
    const page = await newPage();
    await signInThroughUi(page, user, ACCOUNT);
    const firstName = page.getByLabel('First name');
    await expect.poll(() => firstName.inputValue()).toBe('Journey');
    await firstName.fill('Changed');

    const activity = page.getByRole('tab', { name: 'Activity' });
    const dialog = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await activity.click();
    await dialog.getByText('You have unsaved changes').waitFor();
    await dialog.getByRole('button', { name: 'Leave Page' }).waitFor();
    await dialog.getByRole('button', { name: 'Stay on Page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(ACCOUNT);
    expect(await firstName.inputValue()).toBe('Changed');

    await activity.click();
    await dialog.getByRole('button', { name: 'Leave Page' }).click();
    await page.waitForURL(/\/user\/passport\/activity$/);
  });
});
