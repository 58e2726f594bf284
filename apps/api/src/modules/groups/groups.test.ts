import type { Group, TenantMemberAdmin, TimelineEvent } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberGroups } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  callerOf,
  type Method,
  type SignedUp,
  signUp,
  someObjectId,
  tenantEventsOf,
  uniqueEmail,
  useTestApp,
} from '../../../test/factories.ts';
import { DEFAULT_ATTRIBUTES, insertMember } from '../tenants/index.ts';
import { insertUser } from '../users/index.ts';

let t: TestApp;
let owner: SignedUp;
useTestApp(async (app) => {
  t = app;
  owner = await signUp(t.app, 'acme', { role: 'owner' });
});

const api = callerOf(() => t.app);
const call = (who: SignedUp, method: Method, path: string, payload?: object, tenant = 'acme') =>
  api(who, method, `tenant/${tenant}/groups${path}`, payload);
const eventsOf = (id: string) => tenantEventsOf(t.app, t.tenants.acme.id, id);
let sequence = 0;
async function createGroup(name = `Group ${++sequence}`, description: string | null = 'About it') {
  const res = await call(owner, 'POST', '', { name, description });
  expect(res.statusCode, res.body).toBe(201);
  const group = res.json().data as Group;
  expect(res.headers.location).toBe(`/api/v1/tenant/acme/groups/${group._id}`);
  return group;
}

describe('access to tenant/{t}/groups', () => {
  it('owners and platform admins only; another tenant 404', async () => {
    const group = await createGroup();
    const member = await signUp(t.app, 'acme', { role: 'member' });
    const investor = await signUp(t.app, 'acme');
    const admin = await signUp(t.app, 'acme', { admin: true });
    const stranger = await signUp(t.app, 'globex', { role: 'owner' });
    expect((await call(admin, 'GET', `/${group._id}`)).statusCode).toBe(200);
    expect((await call(member, 'GET', '')).statusCode).toBe(403);
    expect((await call(investor, 'POST', '', { name: 'Nope' })).statusCode).toBe(403);
    expect((await call(stranger, 'GET', '', undefined, 'acme')).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/${group._id}`, undefined, 'globex')).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/${group._id}`, undefined, 'globex')).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/${someObjectId()}`)).statusCode).toBe(404);
  });
});

describe('groups CRUD', () => {
  it('creates, lists with member counts, updates and deletes, recording each change', async () => {
    const group = await createGroup('Founders', 'The first ones');
    expect(group).toMatchObject({ name: 'Founders', description: 'The first ones', totalMembers: 0 });
    expect((await eventsOf(group._id))[0]).toMatchObject({
      type: 'create',
      entityType: 'tenant-member-group',
      meta: { change: { name: { old: null, new: 'Founders' } } },
    });
    expect((await call(owner, 'POST', '', { name: 'Founders' })).statusCode).toBe(409);

    const updated = await call(owner, 'PUT', `/${group._id}`, { description: '' });
    expect(updated.json().data).toMatchObject({ name: 'Founders', description: null });
    expect((await eventsOf(group._id)).at(-1)).toMatchObject({
      type: 'update',
      meta: { change: { description: { old: 'The first ones', new: null } } },
    });

    const list = await call(owner, 'GET', '?search=found');
    expect(list.json().data.map((g: Group) => g.name)).toEqual(['Founders']);
    expect(list.json().meta.total).toBe(1);

    const deleted = await call(owner, 'DELETE', `/${group._id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    expect((await eventsOf(group._id)).at(-1)).toMatchObject({ type: 'delete', meta: { delete: { name: 'Founders' } } });
    expect((await call(owner, 'GET', `/${group._id}`)).statusCode).toBe(404);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const empty = await call(owner, 'POST', '', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Name is required/);
    const long = await call(owner, 'POST', '', { name: 'Long', description: 'x'.repeat(1001) });
    expect(long.json().error.message).toMatch(/Description/);
    const rows = await t.app.db.select().from(memberGroups).where(eq(memberGroups.name, 'Long'));
    expect(rows).toHaveLength(0);
  });
});

describe('group members', () => {
  it('adds and removes members; counts come with the list; unknown ids refuse the call', async () => {
    const group = await createGroup();
    const a = await signUp(t.app, 'acme', { firstname: 'Anna' });
    const b = await signUp(t.app, 'acme', { firstname: 'Bert' });
    const other = await signUp(t.app, 'globex');
    const ids = [a.tenantMember!._id, b.tenantMember!._id];

    const foreign = await call(owner, 'POST', `/${group._id}/members`, { memberIds: [ids[0], other.tenantMember!._id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toMatch(/memberIds/);
    expect((await call(owner, 'GET', `/${group._id}`)).json().data.totalMembers).toBe(0);
    expect((await call(owner, 'POST', `/${group._id}/members`, { memberIds: [] })).statusCode).toBe(400);

    const added = await call(owner, 'POST', `/${group._id}/members`, { memberIds: [...ids, ids[0]] });
    expect(added.json().data.totalMembers).toBe(2);
    expect((await eventsOf(group._id)).at(-1)).toMatchObject({ type: 'update', meta: { change: { members: { old: [] } } } });
    const members = await call(owner, 'GET', `/${group._id}/members?sort=name&direction=asc`);
    expect(members.json().data.map((m: TenantMemberAdmin) => m.firstname)).toEqual(['Anna', 'Bert']);

    const list = await call(owner, 'GET', '?limit=100');
    expect(list.json().data.find((g: Group) => g._id === group._id).totalMembers).toBe(2);

    const removed = await call(owner, 'DELETE', `/${group._id}/members/${ids[0]}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call(owner, 'GET', `/${group._id}`)).json().data.totalMembers).toBe(1);
    expect((await call(owner, 'DELETE', `/${group._id}/members/${ids[0]}`)).statusCode).toBe(404);

    const events = await call(owner, 'GET', `/${group._id}/events`);
    expect(events.json().data.map((e: TimelineEvent) => e.type)).toEqual(['update', 'update', 'create']);

    // Removing the member from the tenant removes them from the group too.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tenant/acme/members/${ids[1]}`,
      headers: { host: owner.host, ...bearer(owner.token) },
    });
    expect((await call(owner, 'GET', `/${group._id}`)).json().data.totalMembers).toBe(0);
  });

  it('pages a large group on the server, and the picker (notInGroup) offers only members not in it yet', async () => {
    const group = await createGroup();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const user = await insertUser(t.app.db, {
        email: uniqueEmail('bulk'),
        firstname: `Bulk ${String(i).padStart(2, '0')}`,
        lastname: 'Member',
      });
      ids.push(
        (
          await insertMember(t.app.db, {
            tenantId: t.tenants.acme.id,
            user,
            role: 'investor',
            attributes: DEFAULT_ATTRIBUTES.investor,
            membershipStatus: 'active',
          })
        ).id,
      );
    }
    const outsider = ids.pop()!;
    expect((await call(owner, 'POST', `/${group._id}/members`, { memberIds: ids })).json().data.totalMembers).toBe(24);

    const page = async (n: number) => (await call(owner, 'GET', `/${group._id}/members?sort=name&direction=asc&limit=10&page=${n}`)).json();
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.meta)).toEqual([1, 2, 3].map((n) => ({ page: n, limit: 10, total: 24 })));
    const seen = pages.flatMap((p) => p.data.map((m: TenantMemberAdmin) => m._id));
    expect(new Set(seen)).toEqual(new Set(ids));
    // The last one is on the third page, and can be removed from there.
    const last = pages[2].data.at(-1) as TenantMemberAdmin;
    expect(last.firstname).toBe('Bulk 23');
    expect((await call(owner, 'DELETE', `/${group._id}/members/${last._id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/${group._id}`)).json().data.totalMembers).toBe(23);

    const candidates = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/acme/members?search=Bulk&notInGroup=${group._id}&limit=100`,
      headers: { host: owner.host, ...bearer(owner.token) },
    });
    expect(candidates.statusCode, candidates.body).toBe(200);
    expect(
      candidates
        .json()
        .data.map((m: TenantMemberAdmin) => m._id)
        .sort(),
    ).toEqual([outsider, last._id].sort());
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tenant/acme/members?notInGroup=nope',
      headers: { host: owner.host, ...bearer(owner.token) },
    });
    expect(bad.statusCode).toBe(400);
  });
});
