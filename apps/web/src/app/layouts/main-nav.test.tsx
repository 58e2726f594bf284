import { describe, expect, it } from 'vitest';
import { mainNavSections } from './main-nav.tsx';

const labels = (options: Parameters<typeof mainNavSections>[0]) =>
  mainNavSections(options).map((section) => [section.header ?? '', section.items.map((item) => item.label)]);

describe('mainNavSections', () => {
  it("gives an investor the member's screens and nothing to manage", () => {
    expect(labels({ tenantMemberId: 'm1', tenantOwner: false, platformAdmin: false })).toEqual([
      ['', ['Dashboard', 'Investment list', 'Marketplace', 'Messages', 'Events', 'Documents']],
      ['You', ['Financial Passport', 'Membership', 'Settings']],
      ['Manage', []],
    ]);
  });

  it('adds the admin areas for the rights the user has', () => {
    expect(labels({ tenantMemberId: 'm1', tenantOwner: true, platformAdmin: false }).at(-1)).toEqual(['Manage', ['Tenant admin']]);
    expect(labels({ tenantMemberId: null, tenantOwner: true, platformAdmin: true })).toEqual([
      ['', ['Dashboard', 'Investment list', 'Marketplace', 'Messages', 'Events', 'Documents']],
      ['You', ['Financial Passport', 'Settings']],
      ['Manage', ['Tenant admin', 'Platform admin']],
    ]);
  });
});
