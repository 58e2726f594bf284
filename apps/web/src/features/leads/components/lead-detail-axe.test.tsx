import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderLeadPage } from './lead-detail.test-render.tsx';
import { activeMember, makeLead } from './leads.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Serious and critical findings; colour contrast needs a layout jsdom has not (the browser journeys check it). */
async function blockingViolations() {
  const result = await axe.run(document.body, { resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}

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
