import { describe, expect, it } from 'vitest';
import {
  accreditationStatusLabel,
  applicationStatus,
  appMode,
  appType,
  defaultAppMode,
  fontFamily,
  identityVerificationStatus,
  membershipStatus,
  notificationCategory,
  permission,
  scopeKind,
  tenantRole,
  themeMode,
  timelineEntityType,
  userRole,
} from './enums.ts';

describe('enumerations (§3)', () => {
  it('declares the spec values', () => {
    expect(applicationStatus.options).toEqual(['approved', 'rejected', 'not-started', 'in-progress', 'submitted', 'error']);
    expect(tenantRole.options).toEqual(['owner', 'member', 'investor', 'invited', 'viewer', 'editor', 'evaluator']);
    expect(userRole.options).toEqual(['user', 'admin', 'demo', 'institution-admin', 'evaluator']);
    expect(scopeKind.options).toEqual(['admin', 'tenant', 'institution', 'investor']);
    expect(permission.options).toEqual(['institution:manage', 'investment:make', 'marketplace:view']);
    expect(membershipStatus.options).toEqual(['active', 'invited', 'invite-rejected', 'requested', 'request-denied', 'suspended']);
    expect(identityVerificationStatus.options).toEqual(['approved', 'rejected', 'started', 'not-started', 'submitted', 'error']);
    expect(themeMode.options).toEqual(['light', 'dark']);
    expect(notificationCategory.options).toEqual(['investment-updates', 'account-management', 'product-updates', 'marketing']);
  });

  it("offers the spec's font choices that can ship: 13, without the commercial TT Chocolates (issue #17)", () => {
    expect(fontFamily.options).toHaveLength(13);
    expect(fontFamily.options).toContain('Roboto');
    expect(fontFamily.options).not.toContain('TT Chocolates');
  });

  it('covers every timeline entity type of §3, pipeline stages included, applications, identity inquiries and workflows', () => {
    // §3's twenty, issue #18's applications and identity inquiries, issue #20's workflows and issue #24's advisor chats.
    expect(timelineEntityType.options).toHaveLength(24);
    expect(timelineEntityType.options).toContain('workflow');
    expect(timelineEntityType.options).toContain('application');
    expect(timelineEntityType.options).toContain('identity-inquiry');
    expect(timelineEntityType.options).toContain('advisor-thread');
    expect(timelineEntityType.options).toEqual(expect.arrayContaining(['pipeline', 'pipeline-stage', 'gov-photo-id', 'tenant-lead']));
  });

  it('rejects values outside an enumeration', () => {
    expect(userRole.safeParse('root').success).toBe(false);
    expect(applicationStatus.safeParse('Approved').success).toBe(false);
  });

  it('labels every accreditation status as §1 says', () => {
    expect(Object.keys(accreditationStatusLabel).sort()).toEqual([...applicationStatus.options].sort());
    expect(accreditationStatusLabel).toEqual({
      approved: 'Verified Accredited Investor',
      rejected: 'Not Accredited',
      'in-progress': 'Application In Review',
      submitted: 'Application In Review',
      error: 'Error – Please Retry',
      'not-started': 'Not Applied',
    });
  });

  it('opens the manage app in tenant mode and the platform app in investor mode', () => {
    expect(defaultAppMode).toEqual({ manage: 'tenant', platform: 'investor' });
    for (const type of appType.options) expect(appMode.options).toContain(defaultAppMode[type]);
  });
});
