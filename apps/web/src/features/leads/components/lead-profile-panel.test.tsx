import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse, sentBodies } from '../../../test/fetch-mock.ts';
import { fill } from '../../../test/render.tsx';
import { renderLeadPage } from './lead-detail.test-render.tsx';
import { LEAD_API, makeLead } from './leads.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const IMAGE_ID = 'c8c8c8c8c8c8c8c8c8c8c8c8';

describe('Lead profile panel', () => {
  it("uploads a new avatar (POST image type lead, tags lead and profile), then PUT …/image: 'Lead image updated'", async () => {
    const { fetchMock } = renderLeadPage(makeLead(), '', (path, init) => {
      if (path === '/api/v1/image' && init?.method === 'POST')
        return jsonResponse({ data: { _id: IMAGE_ID, url: `/api/v1/image/${IMAGE_ID}` } }, 201);
      if (path === `${LEAD_API}/image` && init?.method === 'PUT') return jsonResponse({ data: makeLead({ image: IMAGE_ID }) });
      if (path === `/api/v1/image/${IMAGE_ID}`) return new Response(new Blob(['png']), { status: 200 });
      return undefined;
    });
    // jsdom has no object URLs: the avatar's bytes become one once uploaded.
    Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:avatar', configurable: true, writable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
    });
    const input = await screen.findByTestId('lead-image-input');
    fireEvent.change(input, { target: { files: [new File(['png'], 'ada.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Lead image updated')).toBeInTheDocument();
    const upload = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api/v1/image') && init?.method === 'POST');
    const form = upload?.[1]?.body as FormData;
    expect(form.get('type')).toBe('lead');
    expect(form.get('tags')).toBe(JSON.stringify(['lead', 'profile']));
    expect(sentBodies(fetchMock, `${LEAD_API}/image`)).toEqual([{ image: IMAGE_ID }]);
  });

  it("edits the contact, and says 'Error updating lead contact' with the server's reason when refused", async () => {
    const { user } = renderLeadPage(makeLead(), '', (path, init) =>
      path === `${LEAD_API}/contact` && init?.method === 'PUT'
        ? jsonResponse(
            {
              error: {
                type: 'conflict',
                name: 'ConflictError',
                message: 'The e-mail of a lead with an account cannot change',
                status: 409,
              },
            },
            409,
          )
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await fill(user, email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument();
    await user.clear(email);
    await fill(user, email, 'ada@engines.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating lead contact: The e-mail of a lead with an account cannot change')).toBeInTheDocument();
  });

  it('lists the documents shared with the lead and uploads one', async () => {
    const doc = {
      _id: 'd9d9d9d9d9d9d9d9d9d9d9d9',
      name: 'Q1 deck',
      type: 'OTHER',
      entityType: 'USER',
      tags: ['lead'],
      description: null,
      mimeType: 'application/pdf',
      size: 2048,
      url: '/api/v1/document/d9d9d9d9d9d9d9d9d9d9d9d9/download',
      uploadedBy: 'b8b8b8b8b8b8b8b8b8b8b8b8',
      originalName: 'q1-deck.pdf',
      parsed: false,
      rights: { read: true, update: true, delete: true, share: true },
      createdAt: '2026-11-26T10:00:00.000Z',
      updatedAt: '2026-11-26T10:00:00.000Z',
    };
    const { fetchMock } = renderLeadPage(makeLead(), 'documents', (path, init) => {
      if (path === `${LEAD_API}/documents` && init?.method === 'POST') return jsonResponse({ data: doc }, 201);
      if (path === `${LEAD_API}/documents`) return jsonResponse({ data: [doc], meta: { page: 1, limit: 100, total: 1 } });
      return undefined;
    });
    const list = await screen.findByRole('list', { name: 'Shared documents' });
    expect(within(list).getByText('Q1 deck')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Open Q1 deck' })).toHaveAttribute('href', `/document/${doc._id}`);
    fireEvent.change(screen.getByLabelText('Document file'), {
      target: { files: [new File(['%PDF'], 'q2-deck.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith(`${LEAD_API}/documents`) && init?.method === 'POST');
    const form = sent?.[1]?.body as FormData;
    expect([form.get('name'), form.get('type'), form.get('entityType')]).toEqual(['q2-deck', 'OTHER', 'USER']);
  });
});
