import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sentBodies } from '../../../test/fetch-mock.ts';
import { fill } from '../../../test/render.tsx';
import { renderLeadPage } from './lead-detail.test-render.tsx';
import { LEAD_API, makeLead, NOTE_ID } from './leads.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const note = makeLead().notes[0];
const NOTES_API = `${LEAD_API}/notes`;

function renderNotes() {
  return renderLeadPage(makeLead(), 'notes', (path, init) => {
    const method = init?.method ?? 'GET';
    if (path === NOTES_API && method === 'GET') return jsonResponse({ data: [note], meta: { page: 1, limit: 20, total: 1 } });
    if (path === NOTES_API && method === 'POST')
      return jsonResponse({ data: { ...note, _id: 'f7f7f7f7f7f7f7f7f7f7f7f7', content: 'Call back Monday' } }, 201);
    if (path === `${NOTES_API}/${NOTE_ID}` && method === 'PUT') return jsonResponse({ data: { ...note, content: 'Wants the Q2 deck.' } });
    if (path === `${NOTES_API}/${NOTE_ID}` && method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
}

describe('LeadNotesTab', () => {
  it("adds a note from 'Add note' (?modal=create), Save disabled while the text is empty or only whitespace", async () => {
    const { user, router, fetchMock } = renderNotes();
    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getByText('Wants the Q1 deck.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(router.state.location.search).toBe('?modal=create');
    const dialog = await screen.findByRole('dialog', { name: 'Add note' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const field = within(dialog).getByRole('textbox', { name: 'Note' });
    await fill(user, field, '   \n  ');
    expect(save).toBeDisabled();
    await user.clear(field);
    await fill(user, field, 'Call back Monday');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Lead note - Successfully created')).toBeInTheDocument();
    expect(sentBodies(fetchMock, NOTES_API)).toEqual([{ content: 'Call back Monday' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add note' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('opens the Add note dialog from the address', async () => {
    renderLeadPage(makeLead(), 'notes?modal=create');
    expect(await screen.findByRole('dialog', { name: 'Add note' })).toBeInTheDocument();
  });

  it("edits a note in 'Edit note' and deletes one after confirmation", async () => {
    const { user, fetchMock } = renderNotes();
    const list = await screen.findByRole('list', { name: 'Notes' });
    await user.click(within(list).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit note' });
    const field = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(field).toHaveValue('Wants the Q1 deck.');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(field);
    expect(save).toBeDisabled();
    await fill(user, field, 'Wants the Q2 deck.');
    await user.click(save);
    expect(await screen.findByText('Lead note - Successfully updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${NOTES_API}/${NOTE_ID}`)).toEqual([{ content: 'Wants the Q2 deck.' }]);

    await user.click(within(list).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete note?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Lead note - Successfully deleted')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(`/notes/${NOTE_ID}`) && init?.method === 'DELETE')).toBe(true);
  });

  it("shows the server's reason when a note is refused", async () => {
    const { user } = renderLeadPage(makeLead(), 'notes', (path, init) =>
      path === NOTES_API && init?.method === 'POST'
        ? jsonResponse({ error: { type: 'forbidden', name: 'ForbiddenError', message: 'Viewers cannot change leads', status: 403 } }, 403)
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add note' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Note' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating lead notes: Viewers cannot change leads')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add note' })).toBeInTheDocument();
  });
});
