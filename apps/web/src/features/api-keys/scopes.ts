import {
  apiKeyResource,
  apiKeyScope,
  INSTITUTION_KEY_SCOPES,
  READ_ONLY_SCOPES,
  type ApiKeyResource,
  type ApiKeyScope,
} from '@tessera/domain';

export const apiKeyResourceLabels: Record<ApiKeyResource, string> = {
  tenant: 'Organization',
  members: 'Members and groups',
  institutions: 'Institutions',
  offers: 'Offers',
  leads: 'Leads',
  marketplace: 'Public marketplace',
};

/** The scopes a private key of this owner may hold: an institution's key reaches only its own institution. */
export const scopesFor = (institution: boolean): ApiKeyScope[] => (institution ? INSTITUTION_KEY_SCOPES : apiKeyScope.options);

export interface ScopeGroup {
  resource: ApiKeyResource;
  read: ApiKeyScope | null;
  write: ApiKeyScope | null;
}

/** The scopes by resource, in the domain's order, each with its read and write scope when the owner may hold it. */
export function scopeGroups(available: readonly ApiKeyScope[]): ScopeGroup[] {
  return apiKeyResource.options
    .map((resource) => {
      const pick = (access: 'read' | 'write') => available.find((s) => s === `${resource}:${access}`) ?? null;
      return { resource, read: pick('read'), write: pick('write') };
    })
    .filter((g) => g.read !== null || g.write !== null);
}

export type ScopePreset = 'read-only' | 'full';
export const scopePresetLabels: Record<ScopePreset, string> = { 'read-only': 'Read-only', full: 'Full access' };

export function presetScopes(preset: ScopePreset, available: readonly ApiKeyScope[]): ApiKeyScope[] {
  return preset === 'full' ? [...available] : available.filter((s) => READ_ONLY_SCOPES.includes(s));
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s) => b.includes(s));

/** The preset a key's scopes amount to, if any: the list shows one chip for it rather than every scope. */
export function presetOf(scopes: readonly ApiKeyScope[], available: readonly ApiKeyScope[]): ScopePreset | null {
  if (sameSet(scopes, presetScopes('full', available))) return 'full';
  if (sameSet(scopes, presetScopes('read-only', available))) return 'read-only';
  return null;
}
