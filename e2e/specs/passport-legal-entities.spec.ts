import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIndividualProfileViaApi } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { choose, expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});

/** Add Stakeholder → fill the dialog → Save; the stakeholder then shows in the list. */
async function addStakeholder(page: Page, fill: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Add Stakeholder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Stakeholder' });
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Stakeholder created successfully');
  await dialog.waitFor({ state: 'hidden' });
}

describe('legal entity profiles', () => {
  it('creates a legal entity, then adds, edits and deletes its stakeholders', async () => {
    const user = await tenant.investor();
    // Stakeholders are individual profiles of the same user.
    await createIndividualProfileViaApi(user, { firstname: 'Olive', lastname: 'Owner' });
    await createIndividualProfileViaApi(user, { firstname: 'Tobias', lastname: 'Trustee' });
    const page = await newPage();
    await signInThroughUi(page, user, '/user/passport/legal-entity-profiles');

    await page.getByRole('button', { name: 'New Legal Entity' }).click();
    const create = page.getByRole('dialog', { name: 'New Legal Entity' });
    await create.getByLabel('Name').fill('Quill Holdings');
    await choose(create, 'Legal entity type', 'Limited Liability Company (LLC)');
    expect(await create.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await create.getByLabel('I agree to the terms and conditions').check();
    await create.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Profile created successfully');
    await page.waitForURL(/\/legal-entity-profiles\/[^/]+\/details$/);
    await page.getByRole('heading', { name: 'Quill Holdings' }).waitFor();
    await page.getByText('Limited Liability Company (LLC)').first().waitFor();

    await page.getByRole('tab', { name: 'Ownership' }).click();
    await page.getByText('No stakeholders found').waitFor();
    const stakeholders = page.getByRole('list', { name: 'Stakeholders' });
    const row = (name: string) => stakeholders.getByRole('listitem').filter({ hasText: name });

    await addStakeholder(page, async (d) => {
      await choose(d, 'Individual profile', 'Olive Owner');
      await d.getByLabel('Title').fill('Managing Member');
      await d.getByLabel('Equity').pressSequentially('40');
    });
    await row('Olive Owner').getByText('Beneficial Owner · Managing Member · 40%').waitFor();
    await page.getByText('Beneficial owners hold 40% of 100%').waitFor();

    await addStakeholder(page, async (d) => {
      await choose(d, 'Individual profile', 'Tobias Trustee');
      await choose(d, 'Stakeholder type', 'Fiduciary');
      await choose(d, 'Fiduciary role', 'Trustee');
    });
    await row('Tobias Trustee').getByText('Fiduciary · Trustee').waitFor();

    await page.getByRole('button', { name: 'Edit Olive Owner' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Olive Owner' });
    const equity = edit.getByLabel('Equity');
    await equity.fill('');
    await equity.pressSequentially('60');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Updated Olive Owner');
    await row('Olive Owner').getByText('Beneficial Owner · Managing Member · 60%').waitFor();
    await page.getByText('Beneficial owners hold 60% of 100%').waitFor();

    await page.getByRole('button', { name: 'Delete Tobias Trustee' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Tobias Trustee' });
    await confirm.getByText('Are you sure you want to delete this stakeholder?').waitFor();
    await confirm.getByRole('button', { name: 'Ok' }).click();
    await expectToast(page, 'Deleted Tobias Trustee');
    await row('Tobias Trustee').waitFor({ state: 'detached' });
    expect(await stakeholders.getByRole('listitem').count()).toBe(1);

    // What is left is saved.
    await page.reload();
    await row('Olive Owner').getByText('Beneficial Owner · Managing Member · 60%').waitFor();
    expect(await row('Tobias Trustee').count()).toBe(0);

    // The entity itself can be deleted, after a confirmation.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete Legal Entity' });
    await confirmDelete.getByText(/Delete Quill Holdings\?/).waitFor();
    await confirmDelete.getByRole('button', { name: 'Delete Legal Entity' }).click();
    await expectToast(page, 'Deleted Quill Holdings');
    await page.waitForURL((url) => url.pathname === '/user/passport/legal-entity-profiles');
    await page.getByText('Quill Holdings').waitFor({ state: 'detached' });
  });
});
