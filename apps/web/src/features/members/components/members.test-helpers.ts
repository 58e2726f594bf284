import type { TenantMemberAdmin } from '@tessera/domain';
import { TENANT_ID, USER_ID } from '../../../test/fixtures.ts';

export const MEMBER_ID = 'e5e5e5e5e5e5e5e5e5e5e5e5';

/** A member as the admin API returns it, for component tests. */
export function makeMember(overrides: Partial<TenantMemberAdmin> = {}): TenantMemberAdmin {
  return {
    _id: MEMBER_ID,
    tenant: TENANT_ID,
    user: USER_ID,
    firstname: 'Ada',
    middlename: null,
    lastname: 'Lovelace',
    email: 'ada@example.com',
    image: null,
    tags: [],
    groups: [],
    membershipStatus: 'active',
    signupStatus: 'complete',
    rbac: { _id: 'f6f6f6f6f6f6f6f6f6f6f6f6', role: 'member', attributes: { 'investment:make': true }, expiresAt: null },
    preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
