/**
 * The public addresses of an offer (002 §2): `{tenant}.{host}/{slug}` in production and
 * `{tenant}.staging.{host}/{slug}` on staging. The host is this app's host without the tenant's own subdomain.
 */
export function offerAddresses(tenantSlug: string | null, slug: string, host: string = window.location.host) {
  const tenant = tenantSlug ?? 'tenant';
  const base = host.startsWith(`${tenant}.`) ? host.slice(tenant.length + 1) : host;
  const path = slug || '{slug}';
  return { production: `${tenant}.${base}/${path}`, staging: `${tenant}.staging.${base}/${path}` };
}
