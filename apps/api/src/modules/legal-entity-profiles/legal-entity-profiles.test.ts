import { EQUITY_TOTAL_ERROR, type LegalEntityProfile, type Stakeholder, type TimelineEvent } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { legalEntityProfiles, legalEntityStakeholders } from '../../db/schema/index.ts';
import { hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, callerOf, type SignedUp, signUp, someObjectId, useTestApp } from '../../../test/factories.ts';
import { PNG } from '../documents/documents.test-helpers.ts';

let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
let admin: SignedUp;
let foreign: SignedUp;
useTestApp(async (app) => {
  t = app;
  [owner, other, admin, foreign] = await Promise.all([
    signUp(t.app, 'acme'),
    signUp(t.app, 'acme'),
    signUp(t.app, 'acme', { admin: true }),
    signUp(t.app, 'globex'),
  ]);
});

const call = callerOf(() => t.app);

async function createEntity(who: SignedUp, body: object = {}): Promise<LegalEntityProfile> {
  const res = await call(who, 'POST', 'legal-entity-profile', {
    name: 'Acme Holdings',
    legalEntityType: 'llc',
    acceptDisclosures: true,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
async function createIndividual(who: SignedUp, firstname = 'Ada', lastname = 'Lovelace'): Promise<string> {
  const res = await call(who, 'POST', 'individual-profile', { firstname, lastname, user: who.user._id, acceptDisclosures: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}
const profileCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(legalEntityProfiles))[0]!.n;
const stakeholderCount = async (profileId: string) =>
  (
    await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(legalEntityStakeholders)
      .where(eq(legalEntityStakeholders.legalEntityProfileId, profileId))
  )[0]!.n;
async function events(who: SignedUp, id: string): Promise<TimelineEvent[]> {
  const res = await call(who, 'GET', `legal-entity-profile/${id}/events?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const beneficial = (individualProfile: string, equity: number, title = 'Partner') => ({
  individualProfile,
  stakeholderType: 'beneficial-owner',
  title,
  equity,
});
const fiduciary = (individualProfile: string, fiduciaryRole = 'trustee') => ({
  individualProfile,
  stakeholderType: 'fiduciary',
  fiduciaryRole,
});

describe('create', () => {
  it('creates a profile for the caller with the timeline event', async () => {
    const entity = await createEntity(owner, { name: '  Orbit Trust ', legalEntityType: 'irrevocable-trust', owner: owner.user._id });
    expect(entity).toMatchObject({
      name: 'Orbit Trust',
      legalEntityType: 'irrevocable-trust',
      owner: owner.user._id,
      parentLegalEntity: null,
      image: null,
      gics: { sector: null, industryGroup: null, industry: null, subIndustry: null },
      ownership: { stakeholders: [] },
      verificationStatus: 'not-started',
    });
    const [created] = await events(owner, entity._id);
    expect(created).toMatchObject({ type: 'create', entityType: 'legal-entity-profile', user: owner.user._id });
    expect(created!.meta.change).toMatchObject({ name: { old: null, new: 'Orbit Trust' } });
  });

  it.each([
    [{ name: '' }, 'body.name', 'Name is required'],
    [{ legalEntityType: 'partnership' }, 'body.legalEntityType', 'Choose a legal entity type from the list'],
    [{ acceptDisclosures: false }, 'body.acceptDisclosures', 'You must agree to the terms and conditions'],
  ])('refuses %j naming the field, writing nothing', async (override, field, message) => {
    const before = await profileCount();
    const res = await call(owner, 'POST', 'legal-entity-profile', {
      name: 'X',
      legalEntityType: 'llc',
      acceptDisclosures: true,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
    expect(res.json().error.message).toContain(message);
    expect(await profileCount()).toBe(before);
  });

  it('refuses another owner (403) and a parent that is not the caller’s (400)', async () => {
    const before = await profileCount();
    expect(
      (
        await call(owner, 'POST', 'legal-entity-profile', {
          name: 'X',
          legalEntityType: 'llc',
          acceptDisclosures: true,
          owner: other.user._id,
        })
      ).statusCode,
    ).toBe(403);
    const theirs = await createEntity(other);
    const res = await call(owner, 'POST', 'legal-entity-profile', {
      name: 'X',
      legalEntityType: 'llc',
      acceptDisclosures: true,
      parentLegalEntity: theirs._id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('parentLegalEntity');
    expect(await profileCount()).toBe(before + 1);
  });
});

describe('read and list', () => {
  it('lists only the caller’s profiles, searchable, and hides others’ with 404', async () => {
    const mine = await createEntity(owner, { name: 'Zephyr Searchable LLC' });
    const theirs = await createEntity(other, { name: 'Zephyr Other LLC' });
    const list = await call(owner, 'GET', 'legal-entity-profile?search=zephyr');
    expect(list.json().data.map((p: LegalEntityProfile) => p._id)).toEqual([mine._id]);
    expect(list.json().meta).toMatchObject({ page: 1, limit: 20, total: 1 });
    expect((await call(owner, 'GET', `legal-entity-profile?owner=${other.user._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `legal-entity-profile/${theirs._id}`)).statusCode).toBe(404);
    expect((await call(foreign, 'GET', `legal-entity-profile/${mine._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `legal-entity-profile/${someObjectId()}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', 'legal-entity-profile/not-an-id')).statusCode).toBe(400);
  });

  it('lets a platform admin read any profile of the tenant, but not change it', async () => {
    const mine = await createEntity(owner);
    expect((await call(admin, 'GET', `legal-entity-profile/${mine._id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `legal-entity-profile?owner=${owner.user._id}`)).json().data.length).toBeGreaterThan(0);
    expect((await call(admin, 'PUT', `legal-entity-profile/${mine._id}/details`, { name: 'Admin' })).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/legal-entity-profile', headers: { host: hostOf('acme') } });
    expect(res.statusCode).toBe(401);
  });
});

describe('details', () => {
  it('updates the details with GICS and organisation, recording old and new', async () => {
    const parent = await createEntity(owner, { name: 'Parent Co' });
    const entity = await createEntity(owner, { name: 'Child Co' });
    const gics = { sector: '45', industryGroup: '4510', industry: '451030', subIndustry: '45103010' };
    const res = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/details`, {
      parentLegalEntity: parent._id,
      name: 'Child Company',
      displayname: 'Child',
      website: 'https://child.example',
      gics,
      legalEntityType: 'c-corporation',
      natureOfBusiness: 'Software',
      countryOfOrganization: 'US',
      stateOfOrganization: 'DE',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      parentLegalEntity: parent._id,
      name: 'Child Company',
      gics,
      countryOfOrganization: 'US',
      stateOfOrganization: 'DE',
    });
    const [update] = await events(owner, entity._id);
    expect(update).toMatchObject({ type: 'update' });
    expect(update!.meta.change).toMatchObject({
      name: { old: 'Child Co', new: 'Child Company' },
      legalEntityType: { old: 'llc', new: 'c-corporation' },
    });

    const cleared = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/details`, {
      displayname: '-',
      website: '',
      parentLegalEntity: null,
    });
    expect(cleared.json().data).toMatchObject({ displayname: null, website: null, parentLegalEntity: null, name: 'Child Company' });

    // The plain PUT takes the same body as /details.
    const plain = await call(owner, 'PUT', `legal-entity-profile/${entity._id}`, { displayname: 'Child' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({ displayname: 'Child', name: 'Child Company' });
  });

  it.each([
    [{ website: 'child.example' }, 'body.website'],
    [{ gics: { sector: '45', industryGroup: '1010', industry: null, subIndustry: null } }, 'industryGroup'],
    [{ gics: { sector: '99', industryGroup: null, industry: null, subIndustry: null } }, 'Unknown GICS sector'],
    [{ countryOfOrganization: 'ZZ' }, 'body.countryOfOrganization'],
    [{ countryOfOrganization: 'US', stateOfOrganization: 'Ontario' }, 'stateOfOrganization'],
    [{ name: '' }, 'body.name'],
  ])('refuses %j with 400 and changes nothing', async (body, field) => {
    const entity = await createEntity(owner);
    const res = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/details`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
    expect((await call(owner, 'GET', `legal-entity-profile/${entity._id}`)).json().data.updatedAt).toBe(entity.updatedAt);
  });

  it('refuses a parent cycle and itself as parent', async () => {
    const a = await createEntity(owner, { name: 'A' });
    const b = await createEntity(owner, { name: 'B', parentLegalEntity: a._id });
    expect((await call(owner, 'PUT', `legal-entity-profile/${a._id}/details`, { parentLegalEntity: b._id })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', `legal-entity-profile/${a._id}/details`, { parentLegalEntity: a._id })).statusCode).toBe(400);
  });

  it('keeps another user’s and another tenant’s profile out of reach', async () => {
    const entity = await createEntity(owner);
    expect((await call(other, 'PUT', `legal-entity-profile/${entity._id}/details`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(foreign, 'PUT', `legal-entity-profile/${entity._id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `legal-entity-profile/${entity._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `legal-entity-profile/${entity._id}`)).json().data.name).toBe('Acme Holdings');
  });

  it('updates the legal fields through /legal and the contact through /contact', async () => {
    const entity = await createEntity(owner);
    const legal = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/legal`, {
      natureOfBusiness: 'Mining',
      countryOfOrganization: 'CA',
      stateOfOrganization: 'Ontario',
    });
    expect(legal.json().data).toMatchObject({ natureOfBusiness: 'Mining', countryOfOrganization: 'CA', stateOfOrganization: 'Ontario' });
    const contact = {
      addresses: [],
      emails: [
        { _id: someObjectId(), email: 'ops@acme.example', emailType: 'work', isPrimary: true, isEnabled: true, enabledCommunications: [] },
      ],
      phones: [],
      faxes: [],
      links: [],
    };
    const res = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/contact`, { contact });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.contact.emails[0].email).toBe('ops@acme.example');
    const bad = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/contact`, {
      contact: { ...contact, emails: [{ ...contact.emails[0], email: 'nope' }] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('stakeholders', () => {
  it('adds a beneficial owner and a fiduciary, updates and deletes them, with events', async () => {
    const entity = await createEntity(owner);
    const ada = await createIndividual(owner, 'Ada', 'Lovelace');
    const bob = await createIndividual(owner, 'Bob', 'Trustee');
    const created = await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(ada, 60, 'CEO'));
    expect(created.statusCode, created.body).toBe(201);
    const owned: Stakeholder = created.json().data;
    expect(created.headers.location).toBe(`/api/v1/legal-entity-profile/${entity._id}/stakeholders/${owned._id}`);
    expect(owned).toMatchObject({
      individualProfile: ada,
      name: 'Ada Lovelace',
      stakeholderType: 'beneficial-owner',
      title: 'CEO',
      equity: 60,
      fiduciaryRole: null,
    });

    const fid = await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, { ...fiduciary(bob, 'executor'), equity: 50 });
    expect(fid.json().data).toMatchObject({ stakeholderType: 'fiduciary', fiduciaryRole: 'executor', equity: null });

    const profile = (await call(owner, 'GET', `legal-entity-profile/${entity._id}`)).json().data as LegalEntityProfile;
    expect(profile.ownership.stakeholders.map((s) => s.name)).toEqual(['Ada Lovelace', 'Bob Trustee']);

    const updated = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/stakeholders/${owned._id}`, beneficial(ada, 75.5, 'CEO'));
    expect(updated.json().data.equity).toBe(75.5);
    const deleted = await call(owner, 'DELETE', `legal-entity-profile/${entity._id}/stakeholders/${fid.json().data._id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await stakeholderCount(entity._id)).toBe(1);

    const history = await events(owner, entity._id);
    expect(history.map((e) => e.type)).toEqual(['delete', 'update', 'create', 'create', 'create']);
    expect(history[1]!.meta.change).toEqual({ equity: { old: 60, new: 75.5 } });
    expect(history[1]!.refs).toEqual([{ entity: ada, entityType: 'individual-profile' }]);
    expect(history[0]!.meta.delete).toMatchObject({ individualProfile: bob, fiduciaryRole: 'executor' });
  });

  it.each([
    [
      { stakeholderType: 'beneficial-owner', title: 'CEO', equity: 10, withProfile: false },
      'individualProfile',
      'Choose an individual profile',
    ],
    [{ stakeholderType: 'beneficial-owner', equity: 10, withProfile: true }, 'title', 'Title is required'],
    [{ stakeholderType: 'beneficial-owner', title: 'CEO', equity: 0, withProfile: true }, 'equity', 'Equity must be above 0%'],
    [{ stakeholderType: 'beneficial-owner', title: 'CEO', withProfile: true }, 'equity', 'Equity must be above 0%'],
    [{ stakeholderType: 'beneficial-owner', title: 'CEO', equity: 100.01, withProfile: true }, 'equity', 'Equity must be at most 100%'],
    [{ stakeholderType: 'fiduciary', withProfile: true }, 'fiduciaryRole', 'Choose a fiduciary role'],
    [{ stakeholderType: 'fiduciary', fiduciaryRole: 'guardian', withProfile: true }, 'fiduciaryRole', 'Choose a fiduciary role'],
    [{ stakeholderType: 'partner', withProfile: true }, 'stakeholderType', 'Choose a stakeholder type'],
  ])('§5: refuses %j naming %s, writing nothing', async ({ withProfile, ...body }, field, message) => {
    const entity = await createEntity(owner);
    const individualProfile = withProfile ? await createIndividual(owner) : undefined;
    const res = await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, { ...body, individualProfile });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
    expect(res.json().error.message).toContain(message);
    expect(await stakeholderCount(entity._id)).toBe(0);
  });

  it('refuses equity that takes the beneficial owners past 100% in total, on create and on update', async () => {
    const entity = await createEntity(owner);
    const [a, b, c] = [
      await createIndividual(owner, 'A', 'One'),
      await createIndividual(owner, 'B', 'Two'),
      await createIndividual(owner, 'C', 'Three'),
    ];
    expect((await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(a, 60))).statusCode).toBe(201);
    const second = await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(b, 40));
    expect(second.statusCode).toBe(201);
    const over = await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(c, 0.01));
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toContain(EQUITY_TOTAL_ERROR);
    expect(over.json().error.message).toContain('at most 0% is left');
    // A fiduciary holds no equity, so it still fits.
    expect((await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, fiduciary(c))).statusCode).toBe(201);
    const raise = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/stakeholders/${second.json().data._id}`, beneficial(b, 41));
    expect(raise.statusCode).toBe(400);
    expect(raise.json().error.message).toContain(EQUITY_TOTAL_ERROR);
    const lower = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/stakeholders/${second.json().data._id}`, beneficial(b, 39));
    expect(lower.statusCode).toBe(200);
    expect(await stakeholderCount(entity._id)).toBe(3);
  });

  it('refuses an individual profile of another user (400) and the same person twice in one role (409)', async () => {
    const entity = await createEntity(owner);
    const theirs = await createIndividual(other);
    const res = await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(theirs, 10));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('individualProfile');
    const mine = await createIndividual(owner);
    expect((await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(mine, 10))).statusCode).toBe(201);
    expect((await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(mine, 10))).statusCode).toBe(409);
    expect((await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, fiduciary(mine))).statusCode).toBe(201);
  });

  it('hides stakeholders of others’ profiles (404) and unknown stakeholders (404)', async () => {
    const entity = await createEntity(owner);
    const ada = await createIndividual(owner);
    const s = (await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(ada, 10))).json()
      .data as Stakeholder;
    expect((await call(other, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(ada, 10))).statusCode).toBe(404);
    expect((await call(other, 'PUT', `legal-entity-profile/${entity._id}/stakeholders/${s._id}`, beneficial(ada, 20))).statusCode).toBe(
      404,
    );
    expect((await call(foreign, 'DELETE', `legal-entity-profile/${entity._id}/stakeholders/${s._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `legal-entity-profile/${entity._id}/stakeholders/${someObjectId()}`)).statusCode).toBe(404);
    const elsewhere = await createEntity(owner);
    expect((await call(owner, 'DELETE', `legal-entity-profile/${elsewhere._id}/stakeholders/${s._id}`)).statusCode).toBe(404);
    expect(await stakeholderCount(entity._id)).toBe(1);
  });
});

describe('media', () => {
  const png = PNG;
  const upload = (who: SignedUp, id: string, data: Buffer, filename: string) => {
    const boundary = '----tessera';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/legal-entity-profile/${id}/media`,
      headers: { host: who.host, ...bearer(who.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };

  it('stores an image, serves it to the owner only and replaces the old one', async () => {
    const entity = await createEntity(owner);
    const res = await upload(owner, entity._id, png, 'logo.png');
    expect(res.statusCode, res.body).toBe(200);
    const imageId = res.json().data.image as string;
    const image = await call(owner, 'GET', `legal-entity-profile/${entity._id}/media/${imageId}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await call(other, 'GET', `legal-entity-profile/${entity._id}/media/${imageId}`)).statusCode).toBe(404);
    expect((await upload(other, entity._id, png, 'logo.png')).statusCode).toBe(404);
    const second = await upload(owner, entity._id, png, 'logo2.png');
    expect((await call(owner, 'GET', `legal-entity-profile/${entity._id}/media/${imageId}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `legal-entity-profile/${entity._id}/media/${second.json().data.image}`)).statusCode).toBe(200);
    expect((await events(owner, entity._id))[0]).toMatchObject({ type: 'upload' });
  });

  it('refuses what is not an image by its content', async () => {
    const entity = await createEntity(owner);
    const pdf = await upload(owner, entity._id, Buffer.from('%PDF-1.4 fake'), 'logo.pdf');
    expect(pdf.statusCode).toBe(400);
    const disguised = await upload(owner, entity._id, Buffer.from('not an image at all'), 'logo.png');
    expect(disguised.statusCode).toBe(400);
    expect((await call(owner, 'GET', `legal-entity-profile/${entity._id}`)).json().data.image).toBeNull();
  });
});

describe('owner, financial accounts, verification', () => {
  it('lets an owner name only themself; an admin may transfer to a member', async () => {
    const entity = await createEntity(owner);
    expect((await call(owner, 'PUT', `legal-entity-profile/${entity._id}/owner`, { owner: owner.user._id })).statusCode).toBe(200);
    expect((await call(owner, 'PUT', `legal-entity-profile/${entity._id}/owner`, { owner: other.user._id })).statusCode).toBe(403);
    expect((await call(other, 'PUT', `legal-entity-profile/${entity._id}/owner`, { owner: other.user._id })).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `legal-entity-profile/${entity._id}/owner`, { owner: foreign.user._id })).statusCode).toBe(400);
    const moved = await call(admin, 'PUT', `legal-entity-profile/${entity._id}/owner`, { owner: other.user._id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.owner).toBe(other.user._id);
    expect((await call(owner, 'GET', `legal-entity-profile/${entity._id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `legal-entity-profile/${entity._id}`)).statusCode).toBe(200);
  });

  it('refuses a transfer while stakeholders remain', async () => {
    const entity = await createEntity(owner);
    await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(await createIndividual(owner), 10));
    expect((await call(admin, 'PUT', `legal-entity-profile/${entity._id}/owner`, { owner: other.user._id })).statusCode).toBe(409);
  });

  it('links only the owner’s financial accounts', async () => {
    const entity = await createEntity(owner);
    const account = await call(owner, 'POST', 'financial-account', { accountName: 'Operating', type: 'checking', number: '123456789' });
    expect(account.statusCode, account.body).toBe(201);
    const id = account.json().data._id as string;
    const res = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/financial-accounts`, { financialAccounts: [id, id] });
    expect(res.json().data.financialAccounts).toEqual([id]);
    const bad = await call(owner, 'PUT', `legal-entity-profile/${entity._id}/financial-accounts`, { financialAccounts: [someObjectId()] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('financialAccounts');
  });

  it('lets only platform admins set the verification status', async () => {
    const entity = await createEntity(owner);
    expect(
      (await call(owner, 'PUT', `legal-entity-profile/${entity._id}/verification`, { verificationStatus: 'approved' })).statusCode,
    ).toBe(403);
    const res = await call(admin, 'PUT', `legal-entity-profile/${entity._id}/verification`, { verificationStatus: 'approved' });
    expect(res.json().data.verificationStatus).toBe('approved');
    expect((await events(owner, entity._id))[0]).toMatchObject({
      type: 'status',
      meta: { change: { verificationStatus: { old: 'not-started', new: 'approved' } } },
    });
  });
});

describe('associations and delete', () => {
  it('lists parent, children and stakeholders’ profiles; delete detaches children and removes stakeholders', async () => {
    const parent = await createEntity(owner, { name: 'Parent' });
    const entity = await createEntity(owner, { name: 'Middle', parentLegalEntity: parent._id });
    const child = await createEntity(owner, { name: 'Child', parentLegalEntity: entity._id });
    const ada = await createIndividual(owner, 'Ada', 'Lovelace');
    await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(ada, 50));
    await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, fiduciary(ada));
    const res = await call(owner, 'GET', `legal-entity-profile/${entity._id}/associations`);
    expect(res.json().data).toEqual([
      { relation: 'parent', entityType: 'legal-entity-profile', entity: parent._id, name: 'Parent' },
      { relation: 'child', entityType: 'legal-entity-profile', entity: child._id, name: 'Child' },
      { relation: 'stakeholder', entityType: 'individual-profile', entity: ada, name: 'Ada Lovelace' },
    ]);
    expect(res.json().meta).toEqual({ page: 1, limit: 20, total: 3 });
    const second = await call(owner, 'GET', `legal-entity-profile/${entity._id}/associations?limit=2&page=2`);
    expect(second.json()).toEqual({
      data: [{ relation: 'stakeholder', entityType: 'individual-profile', entity: ada, name: 'Ada Lovelace' }],
      meta: { page: 2, limit: 2, total: 3 },
    });
    expect((await call(other, 'GET', `legal-entity-profile/${entity._id}/associations`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `legal-entity-profile/${entity._id}/events`)).statusCode).toBe(404);

    expect((await call(owner, 'DELETE', `legal-entity-profile/${entity._id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `legal-entity-profile/${entity._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `legal-entity-profile/${child._id}`)).json().data.parentLegalEntity).toBeNull();
    expect(await stakeholderCount(entity._id)).toBe(0);
    const [deleted] = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/${owner.user._id}/events?limit=1`,
        headers: { host: owner.host, ...bearer(owner.token) },
      })
    ).json().data;
    expect(deleted).toMatchObject({ type: 'delete', entity: entity._id, entityType: 'legal-entity-profile' });
    expect(deleted.meta.delete).toMatchObject({ name: 'Middle' });
    expect(deleted.meta.delete.stakeholders).toHaveLength(2);
  });

  it('drops a stakeholder when its individual profile is deleted', async () => {
    const entity = await createEntity(owner);
    const ada = await createIndividual(owner);
    await call(owner, 'POST', `legal-entity-profile/${entity._id}/stakeholders`, beneficial(ada, 50));
    expect((await call(owner, 'DELETE', `individual-profile/${ada}`)).statusCode).toBe(204);
    const rows = await t.app.db
      .select()
      .from(legalEntityStakeholders)
      .where(and(eq(legalEntityStakeholders.legalEntityProfileId, entity._id)));
    expect(rows).toEqual([]);
  });
});
