import { screen } from '@testing-library/react';
import type { DocumentRecord } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { DocumentUploadDialog } from './document-upload-dialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DOC: DocumentRecord = {
  _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
  name: 'Return',
  type: 'INCOME_TAX',
  entityType: 'USER',
  tags: [],
  description: null,
  mimeType: 'application/pdf',
  size: 10,
  url: '/api/v1/document/d4d4d4d4d4d4d4d4d4d4d4d4/download',
  uploadedBy: 'b2b2b2b2b2b2b2b2b2b2b2b2',
  originalName: 'return.pdf',
  parsed: false,
  rights: { read: true, update: true, delete: true, share: true },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

async function prepare(status: number) {
  const fetchMock = mockFetch(() =>
    status === 200
      ? jsonResponse({ data: DOC })
      : jsonResponse({ error: { type: 'bad-request', name: 'BadRequestError', message: 'nope', status } }, status),
  );
  const onUploaded = vi.fn();
  const { user } = renderRoutes([{ path: '/', element: <DocumentUploadDialog open onClose={() => {}} onUploaded={onUploaded} /> }]);
  const save = await screen.findByRole('button', { name: 'Save' });
  await user.upload(screen.getByLabelText('File'), new File(['%PDF-1.4'], 'return.pdf', { type: 'application/pdf' }));
  return { user, save, onUploaded, fetchMock };
}

async function choose(user: Awaited<ReturnType<typeof prepare>>['user'], label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('DocumentUploadDialog', () => {
  it('keeps Save disabled until a name, a type and an entity type are set', async () => {
    const { user, save } = await prepare(200);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('return');
    expect(save).toBeDisabled();
    await choose(user, /^Type/, 'Income Tax');
    expect(save).toBeDisabled();
    await choose(user, /^Entity Type/, 'User');
    expect(save).toBeEnabled();
    await user.clear(screen.getByLabelText(/^Name/));
    expect(save).toBeDisabled();
    await fill(user, screen.getByLabelText(/^Name/), 'Return');
    expect(save).toBeEnabled();
  });

  it("toasts 'File uploaded' and sends the file with its metadata", async () => {
    const { user, save, onUploaded, fetchMock } = await prepare(200);
    await choose(user, /^Type/, 'Income Tax');
    await choose(user, /^Entity Type/, 'User');
    await user.click(save);
    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    await vi.waitFor(() => expect(onUploaded).toHaveBeenCalledWith(DOC));
    const body = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/document'))![1]!.body as FormData;
    expect(body.get('type')).toBe('INCOME_TAX');
    expect(body.get('entityType')).toBe('USER');
    expect(body.get('name')).toBe('return');
    expect((body.get('file') as File).name).toBe('return.pdf');
  });

  it("toasts 'Failed to upload file' when the server refuses", async () => {
    const { user, save, onUploaded } = await prepare(400);
    await choose(user, /^Type/, 'Income Tax');
    await choose(user, /^Entity Type/, 'User');
    await user.click(save);
    expect(await screen.findByText('Failed to upload file')).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });
});
