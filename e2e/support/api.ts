import { expectOk } from './tenant.ts';

let sequence = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now().toString(36)}-${process.pid}-${++sequence}@example.com`;
export const PASSWORD = 'journey-password-1';
/** The e2e server's platform admin (global-setup passes it as ADMIN_EMAIL / ADMIN_PASSWORD). */
export const PLATFORM_ADMIN = { email: 'admin@e2e.tessera.local', password: 'e2e-platform-admin-2026' };

/** Signs in through the API on a tenant's host; the session token. */
export async function signInViaApi(email: string, password: string, slug: string) {
  const { data } = await expectOk<{ data: { token: string } }>('POST', '/auth/signin', { slug, body: { email, password } });
  return data.token;
}

/** The link in the newest dev-mailbox mail to an address. */
export async function linkInLastMail(to: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const { data } = await expectOk<{ data: { text: string }[] }>('GET', `/dev/mailbox?to=${encodeURIComponent(to)}&limit=1&allTenants=true`);
    const link = data[0]?.text.match(/https?:\/\/\S+token=\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with a link to ${to}`);
}

/** Seeds an individual profile of a person, through the API on their tenant's host. */
export async function createIndividualProfileViaApi(person: { token: string; userId: string; slug: string }, names: { firstname: string; lastname: string }) {
  const { data } = await expectOk<{ data: { _id: string } }>('POST', '/individual-profile', {
    slug: person.slug, token: person.token, body: { ...names, user: person.userId, acceptDisclosures: true },
  });
  return data;
}
