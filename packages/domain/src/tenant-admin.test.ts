import { describe, expect, it } from 'vitest';
import { tenantDashboardQuery, tenantDetailsBody } from './tenant-admin.ts';

describe('tenant details body', () => {
  it('trims the name and stores empty description and website as null', () => {
    expect(tenantDetailsBody.parse({ name: '  Acme  ', description: '- -', website: '' })).toEqual({
      name: 'Acme',
      description: null,
      website: null,
    });
  });

  it('refuses a blank name and a website without its scheme', () => {
    const result = tenantDetailsBody.safeParse({ name: ' ', description: null, website: 'acme.example' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['name', 'Name is required'],
      ['website', 'Enter a full web address starting with http:// or https://'],
    ]);
  });
});

describe('dashboard query', () => {
  it('takes 7, 30 or 90 days, 30 by default', () => {
    expect(tenantDashboardQuery.parse({})).toEqual({ days: 30 });
    expect(tenantDashboardQuery.parse({ days: '90' })).toEqual({ days: 90 });
    expect(tenantDashboardQuery.safeParse({ days: '14' }).success).toBe(false);
  });
});
