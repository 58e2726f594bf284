import type { LeadCreateBody, TenantLead } from '@tessera/domain';
import type { TestApp } from '../../../test/build-test-app.ts';
import { bearer, type Method, type SignedUp, uniqueEmail } from '../../../test/factories.ts';

/** Calls /api/v1/tenant/{slug}/leads… as `who`, at their host. */
export function leadApi(t: () => TestApp, slug = 'acme') {
  return (who: SignedUp, method: Method, path = '', payload?: object) =>
    t().app.inject({
      method,
      url: `/api/v1/tenant/${slug}/leads${path}`,
      headers: { host: who.host, ...bearer(who.token) },
      ...(payload ? { payload } : {}),
    });
}

/**
 * POST tenant/{t}/leads as `who` for an institution (a fresh e-mail and names unless overridden); the new lead, failing
 * the test on anything but 201.
 */
export async function createLead(
  t: TestApp,
  who: SignedUp,
  institution: string,
  overrides: Partial<LeadCreateBody> = {},
  slug = 'acme',
): Promise<TenantLead> {
  const res = await leadApi(() => t, slug)(who, 'POST', '', {
    institution,
    email: uniqueEmail('lead'),
    firstname: 'Ada',
    lastname: 'Lovelace',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`createLead: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: TenantLead }).data;
}
