import { API_KEY_PREFIX } from '@tessera/domain';
import { useSession } from '../../../lib/session/use-session.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useApiKeys } from '../../api-keys/index.ts';

export interface ExampleCredentials {
  /** The tenant of this address as the `{t}` path segment: its slug, else its id. */
  tenant: string | null;
  /** What an example sends as the API key: the start of the owner's newest private key, or the bare prefix. */
  apiKey: string;
  /** True when `apiKey` is the start of one of this tenant's real keys. */
  ownKey: boolean;
  isOwner: boolean;
}

/**
 * What the examples fill in for this reader. Only a tenant owner's page reads the tenant's keys, and only their
 * visible prefix (the whole key is shown once, at creation, and never stored); everyone else gets a placeholder.
 */
export function useExampleCredentials(): ExampleCredentials {
  const { tenantId, tenantSlug } = useTenant();
  const { tenantMember } = useSession();
  const isOwner = tenantMember?.rbac.role === 'owner' && tenantMember.membershipStatus === 'active';
  const keys = useApiKeys(isOwner && tenantId ? { tenantId } : null);
  const newest = keys.data?.find((k) => k.kind === 'private' && k.institution === null && !k.revokedAt);
  return {
    tenant: tenantSlug ?? tenantId,
    apiKey: newest ? `${newest.prefix}…` : `${API_KEY_PREFIX.private}…`,
    ownKey: !!newest,
    isOwner,
  };
}
