import { EMPTY_CONTACT, type IndividualProfile } from '@tessera/domain';
import { afterEach, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { USER_ID } from '../../../test/fixtures.ts';
import { listIndividualProfiles } from './list-individual-profiles.ts';

afterEach(() => vi.unstubAllGlobals());

const profile = (n: number): IndividualProfile => ({
  _id: n.toString(16).padStart(24, '0'),
  user: USER_ID,
  firstname: `Ada ${n}`,
  lastname: 'Lovelace',
  middlename: '',
  birthDate: null,
  birthPlace: 'US',
  gender: 'female',
  citizenship: 'US',
  occupation: 'Mathematician',
  crd: null,
  ssn: null,
  tin: null,
  ein: null,
  image: null,
  contact: EMPTY_CONTACT,
  govPhotoIds: [],
  financialAccounts: [],
  revealed: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

it('reads the whole list page after page of 100, the most the API gives at once', async () => {
  const all = Array.from({ length: 150 }, (_, i) => profile(i + 1));
  const fetchMock = mockFetch((_path, _init, url) => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return jsonResponse({ data: all.slice((page - 1) * limit, page * limit), meta: { page, limit, total: all.length } });
  });
  expect(await listIndividualProfiles()).toEqual(all);
  expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').search)).toEqual([
    '?page=1&limit=100',
    '?page=2&limit=100',
  ]);
});
