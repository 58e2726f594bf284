import { beforeAll, describe, expect, it } from 'vitest';
import { linkInLastMail, PASSWORD, uniqueEmail } from '../support/api.ts';
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

describe('documents', () => {
  it('uploads a document, shares it with a member by e-mail and invites an address with no account; both then find and open it', async () => {
    const owner = await tenant.investor({ firstname: 'Owen', lastname: 'Uploader' });
    const reader = await tenant.investor({ firstname: 'Rhea', lastname: 'Reader' });
    const page = await newPage();
    await signInThroughUi(page, owner, '/document');

    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/\/document\/create$/);
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Choose file' }).click()]);
    await chooser.setFiles(files.text('wire-notes.txt', 'Wire instructions for the journey.\n'));
    await dialog.getByText(/^wire-notes\.txt \(/).waitFor();
    // The name starts as the file's, without its extension.
    expect(await dialog.getByLabel('Name').inputValue()).toBe('wire-notes');
    await dialog.getByLabel('Name').fill('Journey wire notes');
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await choose(dialog, 'Type', 'Other');
    await choose(dialog, 'Entity Type', 'User');
    await save.click();
    await expectToast(page, 'File uploaded');
    await page.waitForURL(/\/document\/[^/]+$/);
    await page.getByRole('heading', { name: 'Journey wire notes', level: 1 }).waitFor();
    const documentPath = new URL(page.url()).pathname;

    await page.getByRole('tab', { name: 'Access' }).click();
    await page.getByText('Only you have access to this document.').waitFor();
    // Nobody is suggested to someone who shares with no one yet (issue #21): a member is shared with by typing their
    // e-mail, which offers 'Invite "{value}"' and, for a member, shares at once.
    await page.getByLabel('Person or e-mail').fill(reader.email);
    await page.getByRole('option', { name: `Invite "${reader.email}"` }).click();
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expectToast(page, 'Shared with Rhea Reader');
    await page.getByRole('listitem').filter({ hasText: reader.email }).getByText('Rhea Reader').waitFor();
    // Now they share, she is suggested by name.
    const person = page.getByRole('combobox', { name: 'Person or e-mail' });
    await person.fill('Rhea');
    await page.getByRole('option', { name: `Rhea Reader (${reader.email})` }).waitFor();
    await person.fill('');
    await person.press('Escape');

    // An address with no account gets 'Invite "{value}"': the account and the grant are made, the invitation mailed.
    const newcomer = uniqueEmail('newcomer');
    await page.getByLabel('Person or e-mail').fill(newcomer);
    await page.getByRole('option', { name: `Invite "${newcomer}"` }).click();
    await page.getByText('An invitation is e-mailed to this address').waitFor();
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expectToast(page, `Invitation sent to ${newcomer}`);
    const invitedRow = page.getByRole('listitem').filter({ hasText: newcomer });
    await invitedRow.getByText('Invited', { exact: true }).waitFor();
    await invitedRow.getByRole('button', { name: `Resend invite to ${newcomer}` }).waitFor();

    const other = await newPage();
    await signInThroughUi(other, reader, '/document');
    const grid = other.getByRole('grid', { name: 'Documents' });
    await grid.getByRole('gridcell', { name: 'Journey wire notes' }).click();
    await other.waitForURL((url) => url.pathname === documentPath);
    await other.getByRole('heading', { name: 'Journey wire notes', level: 1 }).waitFor();
    await other.getByText('This document was shared with you to read.').waitFor();
    // A reader cannot share it on.
    expect(await other.getByRole('tab', { name: 'Access' }).count()).toBe(0);
    const [download] = await Promise.all([other.waitForEvent('download'), other.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('wire-notes.txt');

    // The newcomer follows the invitation from the mailbox, finishes signing up and finds the document.
    const link = await linkInLastMail(newcomer);
    const invitee = await newPage();
    await invitee.goto(link.replace(/^http:\/\/[^/]+/, tenant.url('').replace(/\/$/, '')));
    await invitee.getByText('Finish your invitation').first().waitFor();
    expect(await invitee.getByLabel('Email').inputValue()).toBe(newcomer);
    await invitee.getByLabel('First name').fill('Nia');
    await invitee.getByLabel('Last name').fill('Newcomer');
    await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.getByRole('checkbox').check();
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.waitForURL((url) => url.pathname === '/investor/dashboard');
    await invitee.goto(tenant.url('/document'));
    await invitee.getByRole('grid', { name: 'Documents' }).getByRole('gridcell', { name: 'Journey wire notes' }).click();
    await invitee.waitForURL((url) => url.pathname === documentPath);
    await invitee.getByRole('heading', { name: 'Journey wire notes', level: 1 }).waitFor();
    await invitee.getByText('This document was shared with you to read.').waitFor();
  });
});
