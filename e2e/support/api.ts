import { request } from 'node:http';
import { expect } from 'vitest';
import { urlOf } from './browser.ts';

let sequence = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now().toString(36)}-${process.pid}-${++sequence}@example.com`;
// No journey person's name in it: a password holding the person's name is refused (issue #21), and they are 'Journey …'.
export const PASSWORD = 'lantern-orchard-41';
/** The e2e server's platform admin (global-setup passes it as ADMIN_EMAIL / ADMIN_PASSWORD). */
export const PLATFORM_ADMIN = { email: 'admin@e2e.tessera.local', password: 'e2e-platform-admin-2026' };

export interface ApiAnswer {
  status: number;
  json: unknown;
}

/** One API call on a tenant's host (or the bare host when slug is undefined); the answer is returned as it came. */
export async function callApi(
  method: string,
  path: string,
  options: { slug?: string | undefined; token?: string | undefined; body?: unknown } = {},
): Promise<ApiAnswer> {
  const url = new URL(urlOf(`/api/v1${path}`));
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: Buffer | undefined;
  if (options.body instanceof FormData) {
    // A Request encodes the form as multipart with its boundary, as fetch would.
    const encoded = new Request(url, { method: 'POST', body: options.body });
    payload = Buffer.from(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
  } else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] = 'application/json';
  }
  // Node resolves no {slug}.localhost, and fetch sends its own Host: the call goes to localhost with the tenant's Host.
  if (options.slug) headers.host = new URL(urlOf('/', options.slug)).host;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as unknown) : undefined });
        } catch (error) {
          reject(new Error(`${method} ${path} answered ${res.statusCode} with no JSON: ${text.slice(0, 200)}`, { cause: error }));
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Like callApi, and fails the test, naming the call and the API's message, unless the answer is a 2xx. */
export async function expectOk<T>(
  method: string,
  path: string,
  options: { slug?: string | undefined; token?: string | undefined; body?: unknown } = {},
): Promise<T> {
  const { status, json } = await callApi(method, path, options);
  const message = (json as { error?: { message?: string } } | undefined)?.error?.message;
  expect(status >= 200 && status < 300, `${method} ${path} answered ${status}: ${message}`).toBe(true);
  return json as T;
}

/** Signs in through the API on a tenant's host; the session token. */
export async function signInViaApi(email: string, password: string, slug: string) {
  const { data } = await expectOk<{ data: { token: string } }>('POST', '/auth/signin', { slug, body: { email, password } });
  return data.token;
}

/** The link in the newest dev-mailbox mail to an address. */
export async function linkInLastMail(to: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const { data } = await expectOk<{ data: { text: string }[] }>(
      'GET',
      `/dev/mailbox?to=${encodeURIComponent(to)}&limit=1&allTenants=true`,
    );
    const link = data[0]?.text.match(/https?:\/\/\S+token=\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with a link to ${to}`);
}

/** Seeds an individual profile of a person, through the API on their tenant's host. */
export async function createIndividualProfileViaApi(
  person: { token: string; userId: string; slug: string },
  names: { firstname: string; lastname: string },
) {
  const { data } = await expectOk<{ data: { _id: string } }>('POST', '/individual-profile', {
    slug: person.slug,
    token: person.token,
    body: { ...names, user: person.userId, acceptDisclosures: true },
  });
  return data;
}
