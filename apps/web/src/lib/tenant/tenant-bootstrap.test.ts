import { DEFAULT_BRANDING, TENANT_BOOTSTRAP_ID, type TenantBootstrap } from '@tessera/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../query-client.ts';
import { tenantContextQueryOptions } from './get-tenant-context.ts';
import { tenantPublicQueryOptions } from './get-tenant-public.ts';
import { seedTenantBootstrap } from './tenant-bootstrap.ts';

const TENANT_ID = '6b04bc6c370ce592f361f0c6';
const BOOTSTRAP: TenantBootstrap = {
  tenantId: TENANT_ID,
  tenantSlug: 'acme',
  appType: 'platform',
  tenant: {
    _id: TENANT_ID,
    slug: 'acme',
    name: 'Acme',
    branding: DEFAULT_BRANDING,
    supportEmail: 'support@acme.example',
    highMinimumPath: false,
  },
};

function writeScript(text: string) {
  const script = document.createElement('script');
  script.id = TENANT_BOOTSTRAP_ID;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => document.getElementById(TENANT_BOOTSTRAP_ID)?.remove());

describe('seedTenantBootstrap', () => {
  it('seeds the tenant context and public view the page carries', () => {
    writeScript(JSON.stringify(BOOTSTRAP).replace(/</g, '\\u003c'));
    const client = createQueryClient();
    expect(seedTenantBootstrap(client)).toBe(true);
    expect(client.getQueryData(tenantContextQueryOptions().queryKey)).toEqual({
      tenantId: TENANT_ID,
      tenantSlug: 'acme',
      appType: 'platform',
    });
    expect(client.getQueryData(tenantPublicQueryOptions('acme').queryKey)).toEqual(BOOTSTRAP.tenant);
  });

  it('seeds an empty context for a host without a tenant', () => {
    writeScript(JSON.stringify({ tenantId: null, tenantSlug: null, appType: 'manage', tenant: null }));
    const client = createQueryClient();
    expect(seedTenantBootstrap(client)).toBe(true);
    expect(client.getQueryData(tenantContextQueryOptions().queryKey)).toEqual({ tenantId: null, tenantSlug: null, appType: 'manage' });
  });

  it.each([
    ['no script', null],
    ['broken JSON', '{'],
    ['another shape', '{"tenantId":1}'],
  ])('leaves the fetch to the app with %s', (_, text) => {
    if (text !== null) writeScript(text);
    const client = createQueryClient();
    expect(seedTenantBootstrap(client)).toBe(false);
    expect(client.getQueryData(tenantContextQueryOptions().queryKey)).toBeUndefined();
  });
});
