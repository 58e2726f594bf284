import { screen } from '@testing-library/react';
import { blockingViolations } from '../../../test/axe.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderLeadPage } from './lead-detail.test-render.tsx';
import { activeMember, makeLead } from './leads.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Lead page accessibility (axe)', () => {
  it('has no serious violations on Activity for a lead with an account', async () => {
    renderLeadPage(makeLead({ tenantMember: activeMember, inviteStatus: 'accepted', accountStatus: 'active' }));
    await screen.findByRole('button', { name: 'Refresh' });
    expect(await blockingViolations()).toEqual([]);
  });

  it('has no serious violations on Notes with the Add note dialog open, PII hidden', async () => {
    localStorage.setItem('tessera.lead-pii-hidden', 'true');
    renderLeadPage(makeLead(), 'notes?modal=create');
    await screen.findByRole('dialog', { name: 'Add note' });
    expect(await blockingViolations()).toEqual([]);
  });
});
