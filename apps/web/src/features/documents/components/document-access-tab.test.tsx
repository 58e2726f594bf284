import { screen, within } from '@testing-library/react';
import type { AccessGrant, DocumentRecord } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { DocumentAccessTab } from './document-access-tab.tsx';
import { DocumentPage } from './document-page.tsx';

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

const DOC_ID = 'd4d4d4d4d4d4d4d4d4d4d4d4';
const DOC: DocumentRecord = {
  _id: DOC_ID,
  name: 'Tax return 2024',
  type: 'INCOME_TAX',
  entityType: 'USER',
  tags: [],
  description: null,
  mimeType: 'application/pdf',
  size: 10,
  url: `/api/v1/document/${DOC_ID}/download`,
  uploadedBy: USER_ID,
  originalName: 'return.pdf',
  parsed: false,
  rights: { read: true, update: true, delete: true, share: true },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let sequence = 0;
function grant(email: string, role: AccessGrant['role'], subjectSignupStatus: AccessGrant['subjectSignupStatus']): AccessGrant {
  sequence += 1;
  const id = String(sequence).padStart(24, 'e');
  // Until the invitation is accepted the API names no account and gives the e-mail as the name.
  const pending = subjectSignupStatus === 'partial';
  return {
    _id: id,
    subject: pending ? null : String(sequence).padStart(24, 'f'),
    subjectType: 'user',
    subjectEmail: email,
    subjectName: pending ? email : email.split('@')[0]!,
    subjectSignupStatus,
    resource: DOC_ID,
    resourceType: 'document',
    resourceEmail: null,
    role,
    expiresAt: null,
    expired: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const MEMBER = grant('member@example.com', 'member', 'complete');
const VIEWER = grant('viewer@example.com', 'viewer', 'complete');
const INVITED = grant('invited@example.com', 'owner', 'partial');

function setup() {
  sessionStore.signIn(makeAuthResult());
  const fetchMock = mockFetch((path, init) => {
    if (path === `/api/v1/document/${DOC_ID}`) return jsonResponse({ data: DOC });
    if (path === `/api/v1/document/${DOC_ID}/access` && (init?.method ?? 'GET') === 'GET')
      return jsonResponse({ data: [MEMBER, VIEWER, INVITED], meta: { page: 1, limit: 100, total: 3 } });
    if (path === `/api/v1/document/${DOC_ID}/access/${MEMBER._id}`) return jsonResponse({ data: { ...MEMBER, role: 'owner' } });
    if (path.endsWith('/resend-invite')) return jsonResponse({ data: { sent: true } });
    if (path === `/api/v1/document/${DOC_ID}/access` && init?.method === 'POST') {
      const { subjectEmail } = JSON.parse(String(init.body)) as { subjectEmail: string };
      if (subjectEmail === 'busy@example.com') {
        const message = 'Too many attempts. Please try again in 58 minutes.';
        return jsonResponse({ error: { type: 'rate-limited', name: 'TooManyRequestsError', message, status: 429 } }, 429);
      }
      return jsonResponse({ data: grant(subjectEmail, 'viewer', 'partial') }, 201);
    }
    if (path === `/api/v1/user/${USER_ID}/share-entity-options`) {
      return jsonResponse({
        data: [{ _id: 'c5c5c5c5c5c5c5c5c5c5c5c5', name: 'Grace Hopper', email: 'grace@example.com' }],
        meta: { page: 1, limit: 10, total: 1 },
      });
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: `${path} not found`, status: 404 } }, 404);
  });
  const utils = renderRoutes(
    [{ path: '/document/:documentId', element: <DocumentPage />, children: [{ path: 'access', element: <DocumentAccessTab /> }] }],
    { initialEntries: [`/document/${DOC_ID}/access`] },
  );
  return { ...utils, fetchMock };
}

const rowOf = async (email: string) => (await screen.findByText(new RegExp(`^${email}`))).closest('li')!;

describe('DocumentAccessTab', () => {
  it('offers the inline role change only between owner and member', async () => {
    const { user, fetchMock } = setup();
    const member = await rowOf(MEMBER.subjectEmail);
    const viewer = await rowOf(VIEWER.subjectEmail);
    const invited = await rowOf(INVITED.subjectEmail);
    expect(within(member).getByRole('combobox')).toHaveTextContent('Member');
    expect(within(invited).getByRole('combobox')).toHaveTextContent('Owner');
    // A viewer's role shows as a badge; changing it needs the edit dialog.
    expect(within(viewer).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(viewer).getByText('Viewer')).toBeInTheDocument();

    await user.click(within(member).getByRole('combobox'));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Owner', 'Member']);
    await user.click(screen.getByRole('option', { name: 'Owner' }));
    await vi.waitFor(() => expect(sentBodies(fetchMock, `/api/v1/document/${DOC_ID}/access/${MEMBER._id}`)).toEqual([{ role: 'owner' }]));
  });

  it("shows 'Resend invite' only for a subject whose signup is partial, and resends it", async () => {
    const { user, fetchMock } = setup();
    const invited = await rowOf(INVITED.subjectEmail);
    expect(within(invited).getByText('Invited')).toBeInTheDocument();
    for (const email of [MEMBER.subjectEmail, VIEWER.subjectEmail]) {
      expect(within(await rowOf(email)).queryByRole('button', { name: /Resend invite/ })).not.toBeInTheDocument();
    }
    expect(screen.getAllByRole('button', { name: /^Resend invite/ })).toHaveLength(1);
    await user.click(within(invited).getByRole('button', { name: `Resend invite to ${INVITED.subjectEmail}` }));
    expect(await screen.findByText(`Invitation sent to ${INVITED.subjectEmail}`)).toBeInTheDocument();
    const resends = fetchMock.mock.calls.filter(([input]) => String(input).endsWith(`/access/${INVITED._id}/resend-invite`));
    expect(resends).toHaveLength(1);
  });

  it("invites a typed address through 'Invite \"{value}\"', names it by the e-mail alone, and shows a 429's message", async () => {
    const { user, fetchMock } = setup();
    const invited = await rowOf(INVITED.subjectEmail);
    // A pending invitation's row names the address once, with the Invited chip.
    expect(within(invited).getAllByText(new RegExp(INVITED.subjectEmail))).toHaveLength(1);
    expect(within(invited).getByText('Never expires')).toBeInTheDocument();

    const person = await screen.findByRole('combobox', { name: 'Person or e-mail' });
    await fill(user, person, 'newcomer@example.com');
    await user.click(await screen.findByRole('option', { name: 'Invite "newcomer@example.com"' }));
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent to newcomer@example.com')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/document/${DOC_ID}/access`).at(-1)).toEqual({
      subjectEmail: 'newcomer@example.com',
      role: 'viewer',
    });

    await fill(user, person, 'busy@example.com');
    await user.click(await screen.findByRole('option', { name: 'Invite "busy@example.com"' }));
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Too many attempts. Please try again in 58 minutes.')).toBeInTheDocument();
  });

  it("asks the user's share-entity-options for people to share with", async () => {
    const { user, fetchMock } = setup();
    await fill(user, await screen.findByRole('combobox', { name: 'Person or e-mail' }), 'grace');
    expect(await screen.findByRole('option', { name: 'Grace Hopper (grace@example.com)' })).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('share-entity-options'));
    expect(asked).toEqual([`/api/v1/user/${USER_ID}/share-entity-options?search=grace&limit=10`]);
  });
});
