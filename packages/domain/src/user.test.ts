import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  hasPermission,
  hasRole,
  notificationPreferences,
  tenantMember,
  type TenantMember,
} from './user.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

function member(overrides: Partial<TenantMember['rbac']> = {}): TenantMember {
  return {
    _id: id(1),
    tenant: id(2),
    user: id(3),
    firstname: 'Ana',
    middlename: null,
    lastname: 'Smith',
    email: 'ana@example.com',
    image: null,
    tags: [],
    groups: [],
    membershipStatus: 'active',
    rbac: { _id: id(4), role: 'member', attributes: {}, expiresAt: null, ...overrides },
    preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

describe('notification preferences', () => {
  it('default to everything but marketing', () => {
    expect(notificationPreferences.parse(DEFAULT_NOTIFICATION_PREFERENCES)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(DEFAULT_NOTIFICATION_PREFERENCES.marketing).toBe(false);
  });

  it('need every category', () => {
    expect(notificationPreferences.safeParse({ marketing: true }).success).toBe(false);
  });
});

describe('tenant member', () => {
  it('parses a member', () => {
    expect(tenantMember.parse(member())).toEqual(member());
  });

  it('rejects unknown permissions and roles', () => {
    expect(tenantMember.safeParse(member({ attributes: { 'fly:plane': true } as never })).success).toBe(false);
    expect(tenantMember.safeParse(member({ role: 'superuser' as never })).success).toBe(false);
  });
});

describe('hasPermission', () => {
  it('holds only when the attribute is exactly true', () => {
    expect(hasPermission(member({ attributes: { 'investment:make': true } }), 'investment:make')).toBe(true);
    expect(hasPermission(member({ attributes: { 'investment:make': false } }), 'investment:make')).toBe(false);
    expect(hasPermission(member(), 'investment:make')).toBe(false);
    expect(hasPermission(null, 'investment:make')).toBe(false);
    expect(hasPermission(undefined, 'marketplace:view')).toBe(false);
  });
});

describe('hasRole', () => {
  it('compares the member role', () => {
    expect(hasRole(member({ role: 'owner' }), 'owner')).toBe(true);
    expect(hasRole(member(), 'owner')).toBe(false);
    expect(hasRole(null, 'member')).toBe(false);
  });
});
