import { OWNER_EQUITY_TOTAL_ERROR, type Business, type TimelineEvent } from '@tessera/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businesses, businessOwners, timelineEvents } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { callerOf, type SignedUp, signUp, someObjectId, uniqueEmail, useTestApp } from '../../../test/factories.ts';

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

const VALID = {
  name: 'Northwind Holdings',
  dba: 'Northwind',
  netWorth: 2_500_000,
  revenue: 1_200_000.5,
  ein: '12-3456789',
  businessType: 'limited-liability-company',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};
async function createBusiness(who: SignedUp, body: object = {}): Promise<Business> {
  const res = await call(who, 'POST', 'business', { ...VALID, ...body });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers.location).toBe(`/api/v1/business/${res.json().data._id}`);
  return res.json().data;
}
const owner1 = (equity: number, email = uniqueEmail('owner')) => ({
  email,
  firstname: 'Olive',
  lastname: 'Owner',
  title: 'Managing Member',
  equity,
});
const businessCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(businesses))[0]!.n;
const ownerCount = async (id: string) =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(businessOwners).where(eq(businessOwners.businessId, id)))[0]!.n;
const eventsOf = async (id: string): Promise<TimelineEvent['meta'][]> =>
  (await t.app.db.select().from(timelineEvents).where(eq(timelineEvents.entity, id)).orderBy(timelineEvents.createdAt)).map((e) => ({
    ...e.meta,
    type: e.type,
  }));

describe('businesses', () => {
  it('creates a business with the EIN encrypted at rest and masked in responses', async () => {
    const created = await createBusiness(owner, {
      website: 'https://northwind.example',
      email: 'Info@Northwind.example',
      phone: '+15551234567',
    });
    expect(created).toMatchObject({
      ...VALID,
      ein: '**-***6789',
      country: 'US',
      owners: [],
      createdBy: owner.user._id,
      email: 'info@northwind.example',
      parent: null,
      line2: null,
    });
    const [row] = await t.app.db.select().from(businesses).where(eq(businesses.id, created._id));
    expect(row!.einEncrypted).not.toContain('3456789');
    expect(row!.einEncrypted.startsWith('v1:')).toBe(true);
    expect(t.app.cipher.decrypt(row!.einEncrypted)).toBe('12-3456789');
    const [event] = await eventsOf(created._id);
    expect(event).toMatchObject({
      type: 'create',
      change: { name: { old: null, new: 'Northwind Holdings' }, ein: { old: null, new: '**-***6789' } },
    });
    expect(JSON.stringify(await eventsOf(created._id))).not.toContain('3456789');
  });

  it.each(['name', 'dba', 'netWorth', 'revenue', 'ein', 'businessType', 'line1', 'city', 'state', 'zip'])(
    'requires %s (400 naming it, nothing written)',
    async (field) => {
      const before = await businessCount();
      const body: Record<string, unknown> = { ...VALID };
      delete body[field];
      const res = await call(owner, 'POST', 'business', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(`body.${field}`);
      expect(await businessCount()).toBe(before);
    },
  );

  it.each([
    [{ ein: '123' }, 'body.ein'],
    [{ businessType: 'llc' }, 'Choose a business type from the list'],
    [{ email: 'nope' }, 'body.email'],
    [{ website: 'northwind' }, 'body.website'],
    [{ netWorth: -1 }, 'Net worth cannot be negative'],
    [{ country: 'XX' }, 'body.country'],
    [{ parent: someObjectId() }, 'parent'],
  ])('refuses %j', async (override, message) => {
    const before = await businessCount();
    const res = await call(owner, 'POST', 'business', { ...VALID, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await businessCount()).toBe(before);
  });

  it('lists, reads and updates only the creator’s businesses; others get 404', async () => {
    const mine = await createBusiness(owner, { name: 'Mine Inc' });
    const theirs = await createBusiness(other, { name: 'Theirs Inc' });
    const list = (await call(owner, 'GET', 'business')).json();
    expect(list.data.map((b: Business) => b._id)).toContain(mine._id);
    expect(list.data.map((b: Business) => b._id)).not.toContain(theirs._id);
    expect((await call(owner, 'GET', `business/${theirs._id}`)).statusCode).toBe(404);
    expect((await call(foreign, 'GET', `business/${mine._id}`)).statusCode).toBe(404);
    expect((await call(other, 'PUT', `business/${mine._id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `business/${mine._id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `business/${mine._id}`)).statusCode).toBe(200);
    expect((await call(admin, 'PUT', `business/${mine._id}`, { name: 'Admin' })).statusCode).toBe(404);

    const updated = await call(owner, 'PUT', `business/${mine._id}`, { name: 'Mine LLC', ein: '987654321', line2: 'Suite 5' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Mine LLC', ein: '**-***4321', line2: 'Suite 5', dba: 'Northwind' });
    const [row] = await t.app.db.select().from(businesses).where(eq(businesses.id, mine._id));
    expect(t.app.cipher.decrypt(row!.einEncrypted)).toBe('98-7654321');
    const events = await eventsOf(mine._id);
    expect(events.at(-1)).toMatchObject({
      type: 'update',
      change: { name: { old: 'Mine Inc', new: 'Mine LLC' }, ein: { old: '**-***6789', new: '**-***4321' } },
    });

    const emptied = await call(owner, 'PUT', `business/${mine._id}`, { name: '' });
    expect(emptied.statusCode).toBe(400);
    expect((await call(owner, 'GET', `business/${mine._id}`)).json().data.name).toBe('Mine LLC');
  });

  it('deletes a business with its owners', async () => {
    const b = await createBusiness(owner);
    await call(owner, 'POST', `business/${b._id}/owner`, owner1(50));
    expect((await call(owner, 'DELETE', `business/${b._id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `business/${b._id}`)).statusCode).toBe(404);
    expect(await ownerCount(b._id)).toBe(0);
    expect((await eventsOf(b._id)).at(-1)).toMatchObject({ type: 'delete' });
  });
});

describe('business owners', () => {
  it('adds, updates and removes owners, linking members by email', async () => {
    const b = await createBusiness(owner);
    const added = await call(owner, 'POST', `business/${b._id}/owner`, {
      ...owner1(60, other.email),
      line1: '2 Elm St',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.headers.location).toBe(`/api/v1/business/${b._id}/owner/${added.json().data._id}`);
    expect(added.json().data).toMatchObject({
      user: { _id: other.user._id, email: other.email, country: 'US', line1: '2 Elm St' },
      title: 'Managing Member',
      equity: 60,
    });
    const stranger = await call(owner, 'POST', `business/${b._id}/owner`, owner1(30));
    expect(stranger.json().data.user._id).toBeNull();
    // A user of another tenant is not linked: their account is not visible from here.
    const foreignMember = await call(owner, 'POST', `business/${b._id}/owner`, owner1(5, foreign.email));
    expect(foreignMember.json().data.user._id).toBeNull();

    const ownerId = added.json().data._id as string;
    const updated = await call(owner, 'PUT', `business/${b._id}/owner/${ownerId}`, { title: 'CEO', equity: 55 });
    expect(updated.json().data).toMatchObject({ title: 'CEO', equity: 55 });
    expect((await call(owner, 'GET', `business/${b._id}`)).json().data.owners).toHaveLength(3);
    expect((await eventsOf(b._id)).at(-1)).toMatchObject({
      type: 'update',
      change: { title: { old: 'Managing Member', new: 'CEO' }, equity: { old: 60, new: 55 } },
    });

    expect((await call(owner, 'DELETE', `business/${b._id}/owner/${ownerId}`)).statusCode).toBe(204);
    expect(await ownerCount(b._id)).toBe(2);
    expect((await call(owner, 'DELETE', `business/${b._id}/owner/${ownerId}`)).statusCode).toBe(404);
  });

  it.each([
    [{ title: '' }, 'body.title'],
    [{ equity: 0 }, 'Equity must be above 0%'],
    [{ equity: 101 }, 'Equity must be at most 100%'],
    [{ email: 'bad' }, 'body.email'],
    [{ firstname: '' }, 'First name is required'],
    [{ lastname: undefined }, 'body.lastname'],
  ])('part 2 §5: refuses %j', async (override, message) => {
    const b = await createBusiness(owner);
    const res = await call(owner, 'POST', `business/${b._id}/owner`, { ...owner1(10), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await ownerCount(b._id)).toBe(0);
  });

  it('keeps the owners’ total at or under 100%', async () => {
    const b = await createBusiness(owner);
    await call(owner, 'POST', `business/${b._id}/owner`, owner1(70));
    const second = await call(owner, 'POST', `business/${b._id}/owner`, owner1(30));
    const over = await call(owner, 'POST', `business/${b._id}/owner`, owner1(1));
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toContain(OWNER_EQUITY_TOTAL_ERROR);
    const raise = await call(owner, 'PUT', `business/${b._id}/owner/${second.json().data._id}`, { title: 'X', equity: 31 });
    expect(raise.statusCode).toBe(400);
    expect(await ownerCount(b._id)).toBe(2);
  });

  it('hides owners of others’ businesses', async () => {
    const b = await createBusiness(owner);
    const o = (await call(owner, 'POST', `business/${b._id}/owner`, owner1(10))).json().data;
    expect((await call(other, 'POST', `business/${b._id}/owner`, owner1(10))).statusCode).toBe(404);
    expect((await call(other, 'PUT', `business/${b._id}/owner/${o._id}`, { title: 'X', equity: 5 })).statusCode).toBe(404);
    expect((await call(foreign, 'DELETE', `business/${b._id}/owner/${o._id}`)).statusCode).toBe(404);
    expect(await ownerCount(b._id)).toBe(1);
  });
});
