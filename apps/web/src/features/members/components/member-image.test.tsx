import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MemberImage } from './member-image.tsx';
import { makeMember, MEMBER_ID } from './members.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const IMAGE_ID = 'c7c7c7c7c7c7c7c7c7c7c7c7';
const IMAGE_PATH = `/api/v1/tenant/${TENANT_ID}/members/${MEMBER_ID}/image`;
const refused = (message: string) => jsonResponse({ error: { type: 'bad-request', name: 'BadRequestError', message, status: 400 } }, 400);

function setup(answerPut: () => Response) {
  // Defined, not assigned: another test file of the worker may have left it read-only.
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn(() => 'blob:member-image') });
  const fetchMock = mockFetch((path, init) => {
    if (path === '/api/v1/image' && init?.method === 'POST')
      return jsonResponse({ data: { _id: IMAGE_ID, url: `/api/v1/image/${IMAGE_ID}` } });
    if (path === IMAGE_PATH && init?.method === 'PUT') return answerPut();
    if (path === `/api/v1/image/${IMAGE_ID}`) return new Response(new Blob(['png'], { type: 'image/png' }));
    return jsonResponse({}, 404);
  });
  const utils = renderRoutes([{ path: '/', element: <MemberImage tenantId={TENANT_ID} member={makeMember()} /> }]);
  return { ...utils, fetchMock };
}

describe('MemberImage', () => {
  it("uploads the picked image, sets it as the member's image and toasts 'Member image updated'", async () => {
    const { user, fetchMock } = setup(() => jsonResponse({ data: makeMember({ image: IMAGE_ID }) }));
    expect(await screen.findByRole('button', { name: 'Change member image' })).toBeInTheDocument();
    await user.upload(screen.getByTestId('member-image-input'), new File(['png'], 'face.png', { type: 'image/png' }));
    expect(await screen.findByText('Member image updated')).toBeInTheDocument();

    const upload = fetchMock.mock.calls.find(([input]) => new URL(String(input), 'http://localhost').pathname === '/api/v1/image');
    const form = upload![1]!.body as FormData;
    expect((form.get('file') as File).name).toBe('face.png');
    expect(form.get('type')).toBe('tenant-member');
    expect(sentBodies(fetchMock, IMAGE_PATH)).toEqual([{ image: IMAGE_ID }]);
  });

  it('shows the server message when the image is refused', async () => {
    const { user, fetchMock } = setup(() => refused('image: no such image in this organization'));
    await user.upload(await screen.findByTestId('member-image-input'), new File(['png'], 'face.png', { type: 'image/png' }));
    expect(await screen.findByText('image: no such image in this organization')).toBeInTheDocument();
    expect(screen.queryByText('Member image updated')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change member image' })).toBeEnabled());
    expect(sentBodies(fetchMock, IMAGE_PATH)).toHaveLength(1);
  });
});
