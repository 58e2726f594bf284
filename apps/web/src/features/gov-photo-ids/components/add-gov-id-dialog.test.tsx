import { fireEvent, screen } from '@testing-library/react';
import { EMPTY_CONTACT, GOV_ID_TEXTS, type GovPhotoId, type IndividualProfile } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { AddGovIdDialog } from './add-gov-id-dialog.tsx';
import { IdentityTab } from './identity-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PROFILE = 'e6e6e6e6e6e6e6e6e6e6e6e6';
const ids = ['f1f1f1f1f1f1f1f1f1f1f1f1', 'f2f2f2f2f2f2f2f2f2f2f2f2'];
const CREATED: GovPhotoId = {
  _id: 'f3f3f3f3f3f3f3f3f3f3f3f3',
  user: 'b2b2b2b2b2b2b2b2b2b2b2b2',
  individualProfile: PROFILE,
  type: 'passport',
  number: '*****5678',
  expirationDate: '2031-05-01',
  issuingCountry: 'US',
  issuingState: 'NY',
  issuingDate: '2021-05-01',
  issuingAuthority: 'State Dept',
  documentFrontId: ids[0]!,
  documentBackId: ids[1]!,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const PROFILE_ROW: IndividualProfile = {
  _id: PROFILE,
  user: CREATED.user,
  firstname: 'Ada',
  lastname: 'Lovelace',
  middlename: '',
  birthDate: null,
  birthPlace: 'US',
  gender: 'male',
  citizenship: 'US',
  occupation: null,
  crd: null,
  ssn: null,
  tin: null,
  ein: null,
  image: null,
  contact: EMPTY_CONTACT,
  govPhotoIds: [],
  financialAccounts: [],
  revealed: false,
  createdAt: CREATED.createdAt,
  updatedAt: CREATED.updatedAt,
};

function documentResponse(index: number) {
  return jsonResponse({
    data: {
      _id: ids[index],
      name: 'x',
      type: 'GOVERNMENT_ID',
      entityType: 'USER',
      tags: [],
      description: null,
      mimeType: 'image/png',
      size: 1,
      url: '/x',
      uploadedBy: CREATED.user,
      originalName: 'x.png',
      parsed: false,
      rights: { read: true, update: true, delete: true, share: true },
      createdAt: CREATED.createdAt,
      updatedAt: CREATED.updatedAt,
    },
  });
}

// The country and state menus make these renders slow in jsdom on a busy machine.
describe('AddGovIdDialog', { timeout: 30_000 }, () => {
  it('enables Create only with all nine fields, then toasts the submitted text', async () => {
    let uploads = 0;
    const fetchMock = mockFetch((path) => {
      if (path === '/api/v1/document') return documentResponse(uploads++);
      if (path === '/api/v1/gov-photo-id') return jsonResponse({ data: CREATED }, 201);
      if (path === `/api/v1/individual-profile/${PROFILE}`) return jsonResponse({ data: PROFILE_ROW });
      if (path === `/api/v1/individual-profile/${PROFILE}/gov-photo-id`)
        return jsonResponse({ data: { ...PROFILE_ROW, govPhotoIds: [CREATED._id] } });
      return jsonResponse({}, 404);
    });
    const onCreated = vi.fn();
    const { user } = renderRoutes([
      { path: '/', element: <AddGovIdDialog open individualProfileId={PROFILE} onClose={() => {}} onCreated={onCreated} /> },
    ]);
    const create = await screen.findByRole('button', { name: 'Create' });
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Passport');
    await fill(user, screen.getByLabelText(/^Number/), 'X12345678');
    fireEvent.change(screen.getByLabelText(/^Issuing Date/), { target: { value: '2021-05-01' } });
    fireEvent.change(screen.getByLabelText(/^Expiration Date/), { target: { value: '2031-05-01' } });
    await user.click(screen.getByRole('combobox', { name: /^Issuing State/ }));
    await user.click(await screen.findByRole('option', { name: 'New York' }));
    await fill(user, screen.getByLabelText(/^Issuing Authority/), 'State Dept');
    await user.upload(screen.getByLabelText('Front of the ID'), new File(['png'], 'front.png', { type: 'image/png' }));
    expect(create).toBeDisabled();
    await user.upload(screen.getByLabelText('Back of the ID'), new File(['png'], 'back.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(create).toBeEnabled());

    await user.click(create);
    expect(await screen.findByText(GOV_ID_TEXTS.submitted)).toBeInTheDocument();
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED));
    expect(sentBodies(fetchMock, '/api/v1/gov-photo-id')[0]).toEqual({
      type: 'passport',
      number: 'X12345678',
      expirationDate: '2031-05-01',
      issuingCountry: 'US',
      issuingState: 'NY',
      issuingDate: '2021-05-01',
      issuingAuthority: 'State Dept',
      documentFrontId: ids[0],
      documentBackId: ids[1],
      individualProfile: PROFILE,
    });
    // §4: the new ID joins the profile's list.
    expect(sentBodies(fetchMock, `/api/v1/individual-profile/${PROFILE}/gov-photo-id`)).toEqual([{ govPhotoIds: [CREATED._id] }]);
  });

  it('offers the support e-mail when an upload fails', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          error: {
            type: 'payload-too-large',
            name: 'PayloadTooLargeError',
            message: 'The file is too large: the limit is 25 MB',
            status: 413,
          },
        },
        413,
      ),
    );
    const { user } = renderRoutes([
      { path: '/', element: <AddGovIdDialog open individualProfileId={PROFILE} onClose={() => {}} onCreated={() => {}} /> },
    ]);
    await user.upload(await screen.findByLabelText('Front of the ID'), new File(['png'], 'front.png', { type: 'image/png' }));
    expect(await screen.findByText(/The file is too large/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@tessera.local' })).toHaveAttribute('href', 'mailto:support@tessera.local');
  });
});

describe('IdentityTab', () => {
  it("lists IDs as 'issuing country type - number', or says none were found", async () => {
    mockFetch(() => jsonResponse({ data: [CREATED], meta: { page: 1, limit: 100, total: 1 } }));
    renderRoutes([{ path: '/', element: <IdentityTab individualProfileId={PROFILE} /> }]);
    expect(await screen.findByText('US Passport - *****5678')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add ID' })).toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    mockFetch(() => jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } }));
    renderRoutes([{ path: '/', element: <IdentityTab individualProfileId={PROFILE} /> }]);
    expect(await screen.findByText('No government photo IDs found')).toBeInTheDocument();
  });
});
