import { beforeAll, describe, it } from 'vitest';
import { linkInLastMail, PASSWORD, uniqueEmail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { checkPage } from '../support/guard.ts';
import { choose, expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

let tenant: JourneyTenant;
beforeAll(async () => {
  tenant = await createJourneyTenant();
});

describe('tenant members and groups', () => {
  it('the owner invites a member who accepts and shows as active, then puts them in a new group', async () => {
    const email = uniqueEmail('member');
    const tag = Date.now().toString(36);
    const lastname = `Hopper${tag}`;

    // The owner invites a new address from the members list.
    const owner = await newPage();
    await signInThroughUi(owner, tenant.owner, '/tenant/membership/members');
    await owner.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await checkPage(owner);
    await owner.getByRole('button', { name: 'Invite Member' }).click();
    await owner.waitForURL(/modal=create/);
    const dialog = owner.getByRole('dialog', { name: 'Invite Member' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Last name').fill(lastname);
    await choose(dialog, 'Role', 'Viewer');
    await dialog.getByText('Leave blank for no expiration').waitFor();
    await checkPage(owner);
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expectToast(owner, 'Member invited');
    await dialog.waitFor({ state: 'hidden' });

    await owner.getByLabel('Search').fill(email);
    await owner.waitForURL(/search=/);
    const row = owner.getByRole('row').filter({ hasText: email });
    await row.getByText('Invited').waitFor();

    // The invitee accepts through the e-mailed link.
    const link = await linkInLastMail(email);
    const invitee = await newPage();
    await invitee.goto(link.replace(/^http:\/\/[^/]+/, tenant.url('').replace(/\/$/, '')));
    await invitee.getByText('Finish your invitation').first().waitFor();
    await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.getByRole('checkbox').check();
    await invitee.getByRole('button', { name: /finish|accept|continue/i }).click();
    await invitee.getByRole('heading', { name: `Welcome, Grace ${lastname}` }).waitFor();

    // The owner sees them active.
    await owner.reload();
    await owner.getByRole('row').filter({ hasText: email }).getByText('Active').waitFor();

    // A new group, with that member added.
    await owner.goto(tenant.url('/tenant/membership/groups'));
    await owner.getByRole('button', { name: 'Create Group' }).click();
    const create = owner.getByRole('dialog', { name: 'Create Group' });
    const groupName = `Journey ${tag}`;
    await create.getByLabel('Name').fill(groupName);
    await create.getByLabel('Description').fill('Members met on the journey');
    await create.getByRole('button', { name: 'Create' }).click();
    await expectToast(owner, 'Group created');
    await owner.getByRole('heading', { name: groupName, level: 1 }).waitFor();
    await owner.getByLabel('Pick members').fill(email);
    await owner.getByRole('option', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(owner, 'Member added');
    await owner.getByRole('grid', { name: 'Group members' }).getByText(email).waitFor();
    await owner.getByText('1 member', { exact: true }).waitFor();

    // The member sees the group on their own membership page.
    await invitee.getByRole('button', { name: 'Account menu' }).click();
    await invitee.getByRole('menuitem', { name: 'Membership' }).click();
    await invitee.getByRole('main').getByText('Membership', { exact: true }).first().waitFor();
    // The account menu, which also shows the email, may still be fading out: read the page itself.
    await invitee.getByRole('main').getByText(email).waitFor();
    await invitee.getByRole('tab', { name: 'Groups' }).click();
    await invitee.getByRole('gridcell', { name: groupName }).waitFor();
  });
});
