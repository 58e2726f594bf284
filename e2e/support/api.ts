import { expect } from 'vitest';
import { urlOf } from './browser.ts';

let sequence = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now().toString(36)}-${process.pid}-${++sequence}@example.com`;
export const PASSWORD = 'journey-password-1';
export const DEMO_OWNER = { email: 'owner@demo.tessera.local', password: 'demo-owner-2026' };
/** The e2e server's platform admin (global-setup passes it as ADMIN_EMAIL / ADMIN_PASSWORD). */
export const PLATFORM_ADMIN = { email: 'admin@e2e.tessera.local', password: 'e2e-platform-admin-2026' };

async function call<T>(method: string, path: string, body?: unknown, token?: string, slug?: string): Promise<T> {
  // Node cannot resolve {slug}.localhost as browsers do: send to localhost with the tenant's host instead.
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (slug) headers.host = new URL(urlOf('/', slug)).host;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(urlOf(`/api/v1${path}`), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  expect(res.ok, `${method} ${path}: ${json.error?.message}`).toBe(true);
  return json;
}

/** Seeds a user through the API, as the journeys' own data. */
export async function signUpViaApi(slug?: string, overrides: { firstname?: string; lastname?: string } = {}) {
  const email = uniqueEmail();
  const { data } = await call<{ data: { token: string; user: { _id: string } } }>(
    'POST', '/auth/signup',
    { email, password: PASSWORD, firstname: overrides.firstname ?? 'Journey', lastname: overrides.lastname ?? 'Tester', acceptDisclosures: true },
    undefined, slug,
  );
  return { email, password: PASSWORD, token: data.token, userId: data.user._id };
}

export async function signInViaApi(email: string, password: string, slug?: string) {
  const { data } = await call<{ data: { token: string } }>('POST', '/auth/signin', { email, password }, undefined, slug);
  return data.token;
}

export async function inviteViaApi(token: string, body: { email: string; firstname: string; lastname: string; role?: string }) {
  return call('POST', '/auth/invite', body, token);
}

/** The link in the newest dev-mailbox mail to an address. */
export async function linkInLastMail(to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { data } = await call<{ data: { text: string }[] }>('GET', `/dev/mailbox?to=${encodeURIComponent(to)}&limit=1&allTenants=true`);
    const link = data[0]?.text.match(/https?:\/\/\S+token=\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with a link to ${to}`);
}

/** Seeds an individual profile of the user (the owner of the token). */
export async function createIndividualProfileViaApi(token: string, userId: string, names: { firstname: string; lastname: string }) {
  const { data } = await call<{ data: { _id: string } }>('POST', '/individual-profile', { ...names, user: userId, acceptDisclosures: true }, token);
  return data;
}
