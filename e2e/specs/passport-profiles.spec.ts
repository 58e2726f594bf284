import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIndividualProfileViaApi } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { useTempFiles } from '../support/files.ts';
import { choose, expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});
const files = useTempFiles();
const PROFILES = '/user/passport/individual-profiles';

/** A fresh user with one profile seeded through the API, signed in on that profile's tab. */
async function openSeededProfile(tab: 'contact' | 'identity'): Promise<Page> {
  const user = await tenant.investor();
  const profile = await createIndividualProfileViaApi(user, { firstname: 'Mara', lastname: 'Quill' });
  const page = await newPage();
  await signInThroughUi(page, user, `${PROFILES}/${profile._id}/${tab}`);
  await page.getByRole('heading', { name: 'Mara Quill' }).waitFor();
  return page;
}

describe('individual profiles', () => {
  it('creates a profile from the list and saves its details with masked inputs (SSN, TIN, EIN, CRD)', async () => {
    const user = await tenant.investor();
    const page = await newPage();
    await signInThroughUi(page, user, PROFILES);

    await page.getByRole('button', { name: 'New Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Profile' });
    const create = dialog.getByRole('button', { name: 'Create' });
    await dialog.getByLabel('First name').fill('Ada');
    await dialog.getByLabel('Last name').fill('Byron');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('I agree to the terms and conditions').check();
    await create.click();
    await expectToast(page, 'Profile created successfully');
    await page.waitForURL(/\/individual-profiles\/[^/]+\/details$/);
    await page.getByRole('heading', { name: 'Ada Byron' }).waitFor();

    // Digits typed into the masked fields come out formatted.
    const ssn = page.getByLabel('SSN');
    await ssn.pressSequentially('123456789');
    expect(await ssn.inputValue()).toBe('123-45-6789');
    await page.getByRole('button', { name: 'Show value' }).first().click();
    expect(await ssn.getAttribute('type')).toBe('text');
    // TIN and EIN take their own patterns, 000-00-0000 and 00-0000000.
    const tin = page.getByLabel('TIN');
    await tin.pressSequentially('987654321');
    expect(await tin.inputValue()).toBe('987-65-4321');
    const ein = page.getByLabel('EIN');
    await ein.pressSequentially('12a3456789');
    expect(await ein.inputValue()).toBe('12-3456789');
    const crd = page.getByLabel('CRD');
    await crd.pressSequentially('12a3456789012');
    expect(await crd.inputValue()).toBe('1234567890');
    await page.getByLabel('Occupation').fill('Analyst');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Profile details updated');
    // Saved, the form is clean: leaving it does not ask. Back again after a reload, the SSN is on file (masked).
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.waitForURL(/\/contact$/);
    expect(await page.getByRole('dialog', { name: 'Unsaved Changes' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.waitForURL(/\/details$/);
    await page.reload();
    expect(await page.getByLabel('Occupation').inputValue()).toBe('Analyst');
    // Saved, each shows only its last four digits in its own pattern until revealed.
    await page.getByText('On file: ***-**-6789').waitFor();
    await page.getByText('On file: ***-**-4321').waitFor();
    await page.getByText('On file: **-***6789').waitFor();
    await page.getByRole('button', { name: 'Reveal saved values' }).click();
    await expect.poll(() => ssn.inputValue()).toBe('123-45-6789');
    expect(await tin.inputValue()).toBe('987-65-4321');
    expect(await ein.inputValue()).toBe('12-3456789');

    // Deleting asks first, then returns to the list without the profile.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete Profile' });
    await confirmDelete.getByText(/Delete Ada Byron\?/).waitFor();
    await confirmDelete.getByRole('button', { name: 'Delete Profile' }).click();
    await expectToast(page, 'Deleted Ada Byron');
    await page.waitForURL((url) => url.pathname === PROFILES);
    await page.getByText('Ada Byron').waitFor({ state: 'detached' });
  });

  it('adds an address, e-mails, a phone and a fax, and moves the primary between e-mails', async () => {
    const page = await openSeededProfile('contact');
    await page.getByText('No contact items found').waitFor();

    /** Create menu → kind → fill the dialog → Save; the item then shows in its section. */
    async function addItem(kind: 'Address' | 'Email' | 'Phone' | 'Fax', fill: (dialog: Locator) => Promise<void>, shown: string) {
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('menuitem', { name: kind, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `New ${kind.toLowerCase()}` });
      await fill(dialog);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: `Edit ${shown}` }).waitFor();
    }

    await addItem(
      'Address',
      async (d) => {
        await d.getByLabel('Address line 1').fill('1 Main Street');
        await d.getByLabel('City').fill('Austin');
        await d.getByLabel('State').fill('TX');
        await d.getByLabel('Zip').pressSequentially('78701-1234');
        expect(await d.getByLabel('Zip').inputValue()).toBe('78701');
      },
      '1 Main Street, Austin, TX 78701',
    );
    await expectToast(page, 'Contact saved');

    await addItem(
      'Email',
      async (d) => {
        await d.getByLabel('Email').fill('first@example.com');
        await d.getByLabel('Primary').check();
      },
      'first@example.com',
    );
    await addItem(
      'Email',
      async (d) => {
        await choose(d, 'Type', 'Personal');
        await d.getByLabel('Email').fill('second@example.com');
      },
      'second@example.com',
    );

    await addItem(
      'Phone',
      async (d) => {
        await d.getByLabel('Phone').pressSequentially('5551234567');
        expect(await d.getByLabel('Phone').inputValue()).toBe('(555) 123-4567');
      },
      '(555) 123-4567',
    );
    await addItem(
      'Fax',
      async (d) => {
        await d.getByLabel('Fax').pressSequentially('5559876543');
      },
      '(555) 987-6543',
    );

    for (const section of ['Addresses', 'Emails', 'Phones', 'Faxes']) await page.getByRole('region', { name: section }).waitFor();

    const emails = page.getByRole('region', { name: 'Emails' });
    const item = (email: string) => emails.getByRole('listitem').filter({ hasText: email });
    const primaries = emails.getByText('Primary', { exact: true });
    expect(await item('first@example.com').getByText('Primary', { exact: true }).count()).toBe(1);
    expect(await item('second@example.com').getByText('Secondary', { exact: true }).count()).toBe(1);

    await emails.getByRole('button', { name: 'Make second@example.com primary' }).click();
    await item('second@example.com').getByText('Primary', { exact: true }).waitFor();
    await item('first@example.com').getByText('Secondary', { exact: true }).waitFor();
    expect(await primaries.count()).toBe(1);
    expect(await emails.getByRole('button', { name: 'Make second@example.com primary' }).isDisabled()).toBe(true);

    // The choice is saved, not only shown.
    await page.reload();
    await item('second@example.com').getByText('Primary', { exact: true }).waitFor();
    expect(await primaries.count()).toBe(1);
  });

  it('adds a government photo ID with both images through the Add ID dialog', async () => {
    const page = await openSeededProfile('identity');
    await page.getByText('No government photo IDs found').waitFor();

    await page.getByRole('button', { name: 'Add ID' }).click();
    await page.waitForURL(/\/identity\/create$/);
    const dialog = page.getByRole('dialog', { name: 'Add ID' });
    const create = dialog.getByRole('button', { name: 'Create' });
    await dialog.getByLabel('Number').fill('P1234567');
    await dialog.getByLabel('Issuing Date').fill('2020-01-15');
    await dialog.getByLabel('Expiration Date').fill('2030-01-14');
    await choose(dialog, 'Issuing State', 'Texas');
    await dialog.getByLabel('Issuing Authority').fill('U.S. Department of State');
    expect(await create.isDisabled()).toBe(true);

    for (const side of ['Front', 'Back']) {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        dialog.getByRole('button', { name: new RegExp(`^${side} of the ID`) }).click(),
      ]);
      await chooser.setFiles(files.png(`${side.toLowerCase()}.png`));
      await dialog.getByText(`${side.toLowerCase()}.png`).waitFor();
    }
    await expect.poll(() => dialog.getByLabel('Uploaded').count()).toBe(2);

    await create.click();
    await expectToast(page, 'Gov Photo ID Submitted — Once we have verified your information, you will be notified via email.');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/identity$/);
    // 'issuing country type - number', the number masked but its last four digits.
    await page.getByText('US Passport - ****4567', { exact: true }).waitFor();
    await page.getByText('by U.S. Department of State', { exact: false }).waitFor();

    // The ID opens from the list, and from its settings-style address (/settings/gov-photo-ids/{id}, issue #17 item 8).
    await page.getByRole('button', { name: /^US Passport - \*+4567/ }).click();
    const details = page.getByRole('dialog', { name: 'US Passport - ****4567' });
    await details.getByText('U.S. Department of State', { exact: true }).waitFor();
    const govPhotoId = new URL(page.url()).searchParams.get('id');
    expect(govPhotoId).toMatch(/^[0-9a-f]{24}$/);
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });
    await page.goto(tenant.url(`/settings/gov-photo-ids/${govPhotoId}`));
    await details.getByText('Texas', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/identity$/);
  });
});
