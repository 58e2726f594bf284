import { screen, waitFor, within } from '@testing-library/react';
import type { LegalEntityProfile } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { LegalEntityProfilePage } from './legal-entity-profile-page.tsx';
import { LegalEntityOwnershipTab } from './ownership-tab.tsx';
import { ADA_ID, BOB_ID, ENTITY_ID, INDIVIDUALS, makeEntity, makeStakeholder } from './legal-entity-profiles.test-helpers.ts';

afterEach(() => vi.unstubAllGlobals());

const error = (message: string, status = 400) =>
  jsonResponse({ error: { type: 'validation', name: 'ValidationError', message, status } }, status);

interface Server {
  entity: LegalEntityProfile;
  onWrite?: (method: string, path: string, body: unknown) => Response;
}

function serve(server: Server) {
  return mockFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') return server.onWrite!(method, path, init?.body ? JSON.parse(String(init.body)) : undefined);
    if (path === '/api/v1/individual-profile') return jsonResponse({ data: INDIVIDUALS, meta: { page: 1, limit: 100, total: 2 } });
    if (path === `/api/v1/legal-entity-profile/${ENTITY_ID}`) return jsonResponse({ data: server.entity });
    return jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } });
  });
}

function renderOwnership() {
  return renderRoutes(
    [
      {
        path: '/user/:product/legal-entity-profiles/:legalEntityProfileId',
        element: <LegalEntityProfilePage />,
        children: [{ path: 'ownership', element: <LegalEntityOwnershipTab /> }],
      },
    ],
    { initialEntries: [`/user/passport/legal-entity-profiles/${ENTITY_ID}/ownership`] },
  );
}

async function choose(user: ReturnType<typeof renderOwnership>['user'], dialog: HTMLElement, label: RegExp, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Ownership tab', () => {
  it('shows the header and "No stakeholders found" when there are none', async () => {
    serve({ entity: makeEntity() });
    renderOwnership();
    expect(await screen.findByText('No stakeholders found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Legal Entities' })).toHaveAttribute('href', '/user/passport/legal-entity-profiles');
    expect(screen.getByRole('heading', { name: 'Orbit Holdings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ownership' })).toHaveAttribute('aria-selected', 'true');
  });

  it('enables Save only when the §5 rules hold for each type', async () => {
    serve({ entity: makeEntity() });
    const { user } = renderOwnership();
    await user.click(await screen.findByRole('button', { name: 'Add Stakeholder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stakeholder' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    // Beneficial owner: title and equity above 0 are needed besides the profile.
    await fill(user, within(dialog).getByLabelText(/Title/), 'CEO');
    await fill(user, within(dialog).getByLabelText(/Equity/), '25');
    expect(save).toBeDisabled(); // no individual profile yet
    await choose(user, dialog, /Individual profile/, 'Ada Lovelace');
    expect(save).toBeEnabled();
    await user.clear(within(dialog).getByLabelText(/Equity/));
    await fill(user, within(dialog).getByLabelText(/Equity/), '0');
    expect(save).toBeDisabled();
    // The percent input caps at 100.
    await user.clear(within(dialog).getByLabelText(/Equity/));
    await fill(user, within(dialog).getByLabelText(/Equity/), '250');
    expect(within(dialog).getByLabelText(/Equity/)).not.toHaveValue('250%');
    await user.clear(within(dialog).getByLabelText(/Equity/));
    await fill(user, within(dialog).getByLabelText(/Equity/), '40');
    await user.clear(within(dialog).getByLabelText(/Title/));
    expect(save).toBeDisabled();

    // Fiduciary: a role instead of title and equity.
    await choose(user, dialog, /Stakeholder type/, 'Fiduciary');
    expect(within(dialog).queryByLabelText(/Equity/)).not.toBeInTheDocument();
    expect(save).toBeDisabled();
    await choose(user, dialog, /Fiduciary role/, 'Trustee');
    expect(save).toBeEnabled();
  }, 20_000);

  it('creates a stakeholder with its toast, and shows the failure toast with the server message inline', async () => {
    const server: Server = { entity: makeEntity() };
    let fail = true;
    server.onWrite = (method, path, body) => {
      expect(method).toBe('POST');
      expect(path).toBe(`/api/v1/legal-entity-profile/${ENTITY_ID}/stakeholders`);
      if (fail) return error('equity: The equity of all beneficial owners together cannot exceed 100%');
      expect(body).toEqual({ individualProfile: BOB_ID, stakeholderType: 'fiduciary', title: '', equity: null, fiduciaryRole: 'executor' });
      const created = makeStakeholder({
        individualProfile: BOB_ID,
        name: 'Bob Trustee',
        stakeholderType: 'fiduciary',
        title: null,
        equity: null,
        fiduciaryRole: 'executor',
      });
      server.entity = makeEntity({ ownership: { stakeholders: [created] } });
      return jsonResponse({ data: created });
    };
    serve(server);
    const { user } = renderOwnership();
    await user.click(await screen.findByRole('button', { name: 'Add Stakeholder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stakeholder' });
    await choose(user, dialog, /Individual profile/, 'Bob Trustee');
    await choose(user, dialog, /Stakeholder type/, 'Fiduciary');
    await choose(user, dialog, /Fiduciary role/, 'Executor');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to create stakeholder')).toBeInTheDocument();
    expect(within(dialog).getByText('equity: The equity of all beneficial owners together cannot exceed 100%')).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Stakeholder created successfully')).toBeInTheDocument();
    expect(await screen.findByText('Bob Trustee')).toBeInTheDocument();
    expect(screen.getByText('Fiduciary · Executor')).toBeInTheDocument();
  }, 20_000);

  it('updates with "Updated {name}" and "Failed to update {name}" with the server message', async () => {
    const ada = makeStakeholder();
    const server: Server = { entity: makeEntity({ ownership: { stakeholders: [ada] } }) };
    let fail = true;
    server.onWrite = (method, path, body) => {
      expect(`${method} ${path}`).toBe(`PUT /api/v1/legal-entity-profile/${ENTITY_ID}/stakeholders/${ada._id}`);
      if (fail) return error('Title is required');
      expect(body).toMatchObject({ individualProfile: ADA_ID, title: 'Chair', equity: 60 });
      return jsonResponse({ data: { ...ada, title: 'Chair' } });
    };
    serve(server);
    const { user } = renderOwnership();
    expect(await screen.findByText('Beneficial Owner · CEO · 60%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
    await user.clear(within(dialog).getByLabelText(/Title/));
    await fill(user, within(dialog).getByLabelText(/Title/), 'Chair');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update Ada Lovelace: Title is required')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated Ada Lovelace')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before deleting, then toasts "Deleted {name}" or "Failed to delete {name}"', async () => {
    const ada = makeStakeholder();
    const server: Server = { entity: makeEntity({ ownership: { stakeholders: [ada] } }) };
    let fail = true;
    server.onWrite = (method, path) => {
      expect(`${method} ${path}`).toBe(`DELETE /api/v1/legal-entity-profile/${ENTITY_ID}/stakeholders/${ada._id}`);
      if (fail) return error('Stakeholder not found', 404);
      server.entity = makeEntity();
      return new Response(null, { status: 204 });
    };
    serve(server);
    const { user } = renderOwnership();
    await user.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete Ada Lovelace' });
    expect(within(confirm).getByText('Are you sure you want to delete this stakeholder?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Failed to delete Ada Lovelace')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Delete Ada Lovelace' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete Ada Lovelace' });
    await user.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Deleted Ada Lovelace')).toBeInTheDocument();
    expect(await screen.findByText('No stakeholders found')).toBeInTheDocument();
  });
});
