import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderLeadPage } from './lead-detail.test-render.tsx';
import { LEAD_API, LEAD_ID, makeLead } from './leads.test-helpers.ts';
import { PII_MASK } from './lead-pii.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LeadDetailPage', () => {
  it('shows the profile, the five tabs with Activity first, and the right-hand accordions', async () => {
    const { router, user, fetchMock } = renderLeadPage(makeLead());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Lead sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Activity', 'Notes', 'Emails', 'Messages', 'Documents']);
    expect(router.state.location.pathname).toBe(`/institution/leads/${LEAD_ID}`);
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated /, { selector: 'p' })).toBeInTheDocument();
    // The activity feed is searched, sorted and paged as every timeline, newest first by default.
    const events = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((u) => u.pathname === `${LEAD_API}/events`);
    expect(events?.search).toBe('?page=1&limit=20&sort=createdAt&direction=desc');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();

    // Details: company, title, origin, interests and tags as chips.
    expect(screen.getByText('Analytical Engines LLC')).toBeInTheDocument();
    expect(screen.getByText('Multifamily')).toBeInTheDocument();
    expect(screen.getByText('Wants the Q1 deck.')).toBeInTheDocument();

    for (const title of ['Investor Account', 'Workflows', 'Marketing Campaigns', 'Investments Made', 'Investment Entities'])
      expect(screen.getByRole('button', { name: title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Investments Made' }));
    expect(await screen.findByText('Coming Soon')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Emails' }));
    expect(await screen.findByText('feature coming soon')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
  });

  it('hides the name, e-mail and phone behind the PII toggle, marked data-pii, and remembers the choice', async () => {
    const event = {
      _id: '0b0b0b0b0b0b0b0b0b0b0b0b',
      type: 'invite',
      entity: LEAD_ID,
      entityType: 'tenant-lead',
      message: 'Grace Hopper invited Ada Lovelace (ada@lovelace.example)',
      user: null,
      userName: 'Grace Hopper',
      meta: {},
      refs: [],
      createdAt: '2026-11-26T10:00:00.000Z',
    };
    const { user } = renderLeadPage(makeLead(), '', (path) =>
      path === `${LEAD_API}/events` ? jsonResponse({ data: [event], meta: { page: 1, limit: 20, total: 1 } }) : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(await screen.findByText(event.message)).toBeInTheDocument();
    expect(screen.getByText('ada@lovelace.example')).toHaveAttribute('data-pii');
    expect(screen.getByText('+14045550123')).toHaveAttribute('data-pii');

    await user.click(screen.getByRole('switch', { name: 'Hide personal data' }));
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
    expect(screen.queryByText('ada@lovelace.example')).not.toBeInTheDocument();
    expect(screen.queryByText('+14045550123')).not.toBeInTheDocument();
    const masked = screen.getAllByText(PII_MASK);
    // The heading, the name, e-mail and phone in the profile.
    expect(masked.length).toBeGreaterThanOrEqual(4);
    for (const el of masked) expect(el).toHaveAttribute('data-pii');
    expect(localStorage.getItem('tessera.lead-pii-hidden')).toBe('true');
    // The activity names the lead too: masked there as well.
    expect(await screen.findByText(`Grace Hopper invited ${PII_MASK} (${PII_MASK})`)).toBeInTheDocument();
    expect(screen.queryByText(event.message)).not.toBeInTheDocument();
  });

  it('deletes the lead after confirmation and goes back to the list', async () => {
    const { user, fetchMock, router } = renderLeadPage(makeLead(), '', (path, init) =>
      path === LEAD_API && init?.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete lead?' });
    expect(within(dialog).getByText(/their notes and the documents shared with them are deleted/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Lead - Successfully deleted')).toBeInTheDocument();
    expect(await screen.findByText('The lead list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/institution/leads');
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(LEAD_API) && init?.method === 'DELETE')).toBe(true);
  });

  it('keeps the lead when the delete fails, saying why', async () => {
    const { user } = renderLeadPage(makeLead(), '', (path, init) =>
      path === LEAD_API && init?.method === 'DELETE'
        ? jsonResponse({ error: { type: 'forbidden', name: 'ForbiddenError', message: 'Viewers cannot change leads', status: 403 } }, 403)
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete lead' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete lead?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting lead: Viewers cannot change leads')).toBeInTheDocument();
  });

  it("shows the app's not-found page for a lead that is not there", async () => {
    renderLeadPage(makeLead(), '', (path) =>
      path === LEAD_API
        ? jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Lead not found', status: 404 } }, 404)
        : undefined,
    );
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
  });

  it("saves the details from 'Edit details' with 'Lead updated'", async () => {
    // The server's copy: the lead refetches after the change.
    let current = makeLead();
    const { user, fetchMock } = renderLeadPage(current, '', (path, init) => {
      if (path === `${LEAD_API}/details` && init?.method === 'PUT') {
        current = makeLead({ company: 'Difference Engines', tags: ['Warm', 'VIP'] });
        return jsonResponse({ data: current });
      }
      return path === LEAD_API && init?.method === 'GET' ? jsonResponse({ data: current }) : undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit details' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const company = within(dialog).getByRole('textbox', { name: 'Company' });
    await user.clear(company);
    await user.type(company, 'Difference Engines');
    await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'VIP{Enter}');
    await user.click(save);
    expect(await screen.findByText('Lead updated')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/details') && init?.method === 'PUT');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      middlename: '',
      company: 'Difference Engines',
      companyTitle: 'Managing Partner',
      origin: 'manual',
      interests: ['Multifamily'],
      tags: ['Warm', 'VIP'],
    });
    expect(await screen.findByText('Difference Engines')).toBeInTheDocument();
  });
});
