import { describe, it } from 'vitest';
import { linkInLastMail } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { checkPage } from '../support/guard.ts';
import { choose, expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();

describe('invitations (issue #21)', () => {
  it("an owner invites another tenant's account, which shows as typed until the person accepts from the mailed link", async () => {
    const [acme, globex] = await Promise.all([createJourneyTenant({ slugPrefix: 'inv-a' }), createJourneyTenant({ slugPrefix: 'inv-b' })]);
    // Someone with an account on globex, whose name acme has no way to know.
    const gloria = await globex.investor({ firstname: 'Gloria', lastname: `Globex${Date.now().toString(36)}` });

    const owner = await newPage();
    await signInThroughUi(owner, acme.owner, '/tenant/membership/members');
    await owner.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await owner.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite Member' });
    await dialog.getByLabel('Email').fill(gloria.email);
    await dialog.getByLabel('First name').fill('Typed');
    await dialog.getByLabel('Last name').fill('Name');
    await choose(dialog, 'Role', 'Viewer');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    // The same answer as for an address with no account: invited, under the names typed.
    await expectToast(owner, 'Member invited');
    await dialog.waitFor({ state: 'hidden' });
    await owner.getByLabel('Search').fill(gloria.email);
    await owner.waitForURL(/search=/);
    const row = owner.getByRole('row').filter({ hasText: gloria.email });
    await row.getByText('Invited').waitFor();
    await row.getByText('Typed Name').waitFor();
    if ((await owner.getByText(gloria.lastname).count()) > 0) throw new Error('the account’s real name shows before she accepts');

    // She opens the mailed link on acme's address: she already has an account, so she signs in to accept.
    const link = await linkInLastMail(gloria.email);
    const invitee = await newPage();
    await invitee.goto(link.replace(/^http:\/\/[^/]+/, acme.url('').replace(/\/$/, '')));
    await invitee.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    await invitee.getByText(`${gloria.email} already has an account: sign in to accept.`).waitFor();
    await checkPage(invitee);
    await invitee.getByRole('link', { name: 'Sign in to accept' }).click();
    await invitee.waitForURL(/\/signin/);
    await invitee.getByLabel('Email').fill(gloria.email);
    await invitee.getByLabel('Password', { exact: true }).fill(gloria.password);
    await invitee.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Back on the invitation, signed in: one press accepts it.
    await invitee.getByText(`Join ${acme.name} as ${gloria.email}.`).waitFor();
    await checkPage(invitee);
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await expectToast(invitee, `You joined ${acme.name}`);
    await invitee.waitForURL((url) => !url.pathname.startsWith('/invite-accept'));

    // The owner now sees her, active, by her own name.
    await owner.reload();
    const accepted = owner.getByRole('row').filter({ hasText: gloria.email });
    await accepted.getByText('Active').waitFor();
    await accepted.getByText(`Gloria ${gloria.lastname}`).waitFor();
    await checkPage(owner);
  });
});
