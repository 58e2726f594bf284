import { ACCOUNT_SECURITY_TEXTS, newObjectId, type FinancialAccount } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { callerOf, expireStepUp, type SignedUp, signUp, stepUpWithPassword, useTestApp } from '../../../test/factories.ts';
import { financialAccounts, timelineEvents } from '../../db/schema/index.ts';

let t: TestApp;
let owner: SignedUp;
let other: SignedUp;
let outsider: SignedUp;
useTestApp(async (app) => {
  t = app;
  owner = await signUp(t.app, 'acme');
  other = await signUp(t.app, 'acme');
  outsider = await signUp(t.app, 'globex');
});

const call = callerOf(() => t.app);

async function createAccount(who: SignedUp = owner, body: object = {}): Promise<FinancialAccount> {
  const res = await call(who, 'POST', 'financial-account', {
    accountName: 'Main checking',
    type: 'checking',
    number: '0001 2345 6789',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const account = res.json().data as FinancialAccount;
  expect(res.headers.location).toBe(`/api/v1/financial-account/${account._id}`);
  return account;
}
const accountCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(financialAccounts))[0]!.n;
const rawRow = async (id: string) => (await t.app.db.select().from(financialAccounts).where(eq(financialAccounts.id, id)))[0];
const eventsOf = (id: string) =>
  t.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.entity, id), eq(timelineEvents.entityType, 'financial-account')))
    .orderBy(timelineEvents.createdAt);

describe('financial accounts', () => {
  it('creates an account whose number is encrypted at rest, masked in responses and redacted in the timeline', async () => {
    const account = await createAccount();
    expect(account).toMatchObject({ user: owner.user._id, accountName: 'Main checking', type: 'checking', number: '********6789' });
    const row = (await rawRow(account._id))!;
    expect(row.numberEncrypted).toMatch(/^v1:/);
    expect(row.numberEncrypted).not.toContain('000123456789');
    expect(t.app.cipher.decrypt(row.numberEncrypted)).toBe('000123456789');
    const [created] = await eventsOf(account._id);
    expect(created).toMatchObject({
      type: 'create',
      meta: { change: { accountName: { old: null, new: 'Main checking' }, number: { old: null, new: '[redacted]' } } },
    });
    // The number in none of the event's values (four digits alone turn up in random ids now and then).
    expect(JSON.stringify(created!.meta)).not.toMatch(/0*123456789|\*6789/);
  });

  it.each([
    [{ accountName: '' }, 'Account name is required'],
    [{ type: 'piggy-bank' }, 'body.type'],
    [{ number: '12' }, 'Account number must be 4 to 34 letters or digits'],
    [{ number: '1234$5678' }, 'Account number must be 4 to 34 letters or digits'],
    [{ number: undefined }, 'body.number'],
  ])('refuses %j with 400 and writes nothing', async (override, message) => {
    const before = await accountCount();
    const res = await call(owner, 'POST', 'financial-account', { accountName: 'A', type: 'savings', number: '12345678', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(res.body).not.toContain('1234$5678');
    expect(await accountCount()).toBe(before);
  });

  it("lists only the caller's accounts, paginated", async () => {
    await createAccount(owner, { accountName: 'Second' });
    const theirs = await createAccount(other);
    const res = await call(owner, 'GET', 'financial-account?limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().meta.total).toBeGreaterThanOrEqual(2);
    const all = (await call(owner, 'GET', 'financial-account?limit=100')).json().data as FinancialAccount[];
    expect(all.map((a) => a._id)).not.toContain(theirs._id);
    expect(all.every((a) => a.number.startsWith('*'))).toBe(true);
    expect((await call(owner, 'GET', 'financial-account?limit=101')).statusCode).toBe(400);
    expect((await call(outsider, 'GET', 'financial-account')).json().data).toEqual([]);
  });

  it('updates name, type and number; an unchanged number is not an event', async () => {
    const account = await createAccount();
    const res = await call(owner, 'PUT', `financial-account/${account._id}`, {
      accountName: 'Renamed',
      type: 'savings',
      number: '999988887777',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ accountName: 'Renamed', type: 'savings', number: '********7777' });
    const last = (await eventsOf(account._id)).at(-1)!;
    expect(last.meta.change).toEqual({
      accountName: { old: 'Main checking', new: 'Renamed' },
      type: { old: 'checking', new: 'savings' },
      number: { old: '[redacted]', new: '[redacted]' },
    });
    const read = await call(owner, 'GET', `financial-account/${account._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ _id: account._id, accountName: 'Renamed', number: '********7777' });
    const count = (await eventsOf(account._id)).length;
    expect((await call(owner, 'PUT', `financial-account/${account._id}`, { number: '9999-8888-7777' })).statusCode).toBe(200);
    expect((await eventsOf(account._id)).length).toBe(count);
    const refused = await call(owner, 'PUT', `financial-account/${account._id}`, { accountName: 'X', number: '1' });
    expect(refused.statusCode).toBe(400);
    expect((await rawRow(account._id))!.accountName).toBe('Renamed');
  });

  it('gives 404 to another user and another tenant for every call', async () => {
    const account = await createAccount();
    for (const who of [other, outsider]) {
      expect((await call(who, 'GET', `financial-account/${account._id}`)).statusCode).toBe(404);
      expect((await call(who, 'PUT', `financial-account/${account._id}`, { accountName: 'Mine now' })).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `financial-account/${account._id}`)).statusCode).toBe(404);
    }
    expect((await call(owner, 'GET', `financial-account/${newObjectId()}`)).statusCode).toBe(404);
    expect((await rawRow(account._id))!.accountName).toBe('Main checking');
  });

  it("deletes the account, takes it off the owner's profiles and legal entities, and records it", async () => {
    const account = await createAccount();
    const profile = (await call(owner, 'POST', 'individual-profile', { firstname: 'A', lastname: 'B', acceptDisclosures: true })).json()
      .data;
    await call(owner, 'PUT', `individual-profile/${profile._id}/financial-accounts`, { financialAccounts: [account._id] });
    const entity = (
      await call(owner, 'POST', 'legal-entity-profile', {
        owner: owner.user._id,
        name: 'Holdings',
        legalEntityType: 'llc',
        acceptDisclosures: true,
      })
    ).json().data;
    expect(
      (await call(owner, 'PUT', `legal-entity-profile/${entity._id}/financial-accounts`, { financialAccounts: [account._id] })).statusCode,
    ).toBe(200);
    const res = await call(owner, 'DELETE', `financial-account/${account._id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rawRow(account._id)).toBeUndefined();
    expect((await call(owner, 'GET', `individual-profile/${profile._id}`)).json().data.financialAccounts).toEqual([]);
    expect((await call(owner, 'GET', `legal-entity-profile/${entity._id}`)).json().data.financialAccounts).toEqual([]);
    expect((await eventsOf(account._id)).at(-1)).toMatchObject({
      type: 'delete',
      meta: { delete: { accountName: 'Main checking', number: '[redacted]' } },
    });
  });

  it('asks a session confirmed more than ten minutes ago to confirm it is them before adding, changing or deleting one', async () => {
    const holder = await signUp(t.app, 'acme');
    const account = await createAccount(holder);
    await expireStepUp(t.app, holder);
    for (const [method, path, body] of [
      ['POST', 'financial-account', { accountName: 'Savings', type: 'savings', number: '1111 2222' }],
      ['PUT', `financial-account/${account._id}`, { accountName: 'Renamed' }],
      ['DELETE', `financial-account/${account._id}`, undefined],
    ] as const) {
      const refused = await call(holder, method, path, body);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
    }
    expect((await call(holder, 'GET', `financial-account/${account._id}`)).statusCode).toBe(200);
    await stepUpWithPassword(t.app, holder);
    expect((await call(holder, 'PUT', `financial-account/${account._id}`, { accountName: 'Renamed' })).statusCode).toBe(200);
    expect((await call(holder, 'DELETE', `financial-account/${account._id}`)).statusCode).toBe(204);
  });
});
