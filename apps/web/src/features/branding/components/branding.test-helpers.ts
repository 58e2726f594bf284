import { DEFAULT_BRANDING, type Branding, type TenantPublic } from '@tessera/domain';
import { TENANT_ID } from '../../../test/fixtures.ts';

export function makeTenantPublic(branding: Partial<Branding> = {}): TenantPublic {
  return {
    _id: TENANT_ID,
    slug: 'acme',
    name: 'Acme Capital',
    branding: { ...DEFAULT_BRANDING, ...branding },
    supportEmail: 'support@acme.example',
    highMinimumPath: false,
  };
}
