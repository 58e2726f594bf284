import {
  ACCOUNT_SECURITY_TEXTS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_TEXTS,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventTypeInfo,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hostOf, type TestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  callerOf,
  expireStepUp,
  type Method,
  type SignedUp,
  signUp,
  someObjectId,
  stepUpWithPassword,
  useTestApp,
} from '../../../test/factories.ts';
import { roleAssignments, timelineEvents, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { isNonPublicAddress, webhookUrlProblem } from '../../lib/webhook-target.ts';
import { dispatchDepsOf, dispatchDueWebhooks } from './index.ts';
import { WEBHOOK_MANAGERS_ONLY } from './webhooks.service.ts';

// The suite's default configuration: private targets refused (WEBHOOK_ALLOW_PRIVATE_TARGETS unset).
let t: TestApp;
let owner: SignedUp;
let member: SignedUp;
let investor: SignedUp;
let globexOwner: SignedUp;
useTestApp(async (app) => {
  t = app;
  [owner, member, investor, globexOwner] = await Promise.all([
    signUp(t.app, 'acme', { role: 'owner' }),
    signUp(t.app, 'acme', { role: 'member' }),
    signUp(t.app, 'acme', { role: 'investor' }),
    signUp(t.app, 'globex', { role: 'owner' }),
  ]);
});

const call = callerOf(() => t.app);
const acme = () => t.tenants.acme.id;
const hooks = () => `tenant/${acme()}/webhooks`;
const inst = (id: string) => `tenant/acme/institutions/${id}/webhooks`;
const PUBLIC_URL = 'https://crm.summitridge.example/hooks/tessera';

async function create(path = hooks(), body: object = {}, who = owner): Promise<WebhookEndpointWithSecret> {
  const res = await call(who, 'POST', path, { url: PUBLIC_URL, events: ['lead.created'], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const timelineOf = (entity: string) =>
  t.app.db.select().from(timelineEvents).where(eq(timelineEvents.entity, entity)).orderBy(timelineEvents.createdAt, timelineEvents.id);

describe('the event catalogue', () => {
  it('is public and lists every event type with its sample', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/webhooks/event-types', headers: { host: hostOf('acme') } });
    expect(res.statusCode, res.body).toBe(200);
    const types = res.json().data as WebhookEventTypeInfo[];
    expect(types.map((e) => e.type)).toEqual(Object.keys(WEBHOOK_EVENTS));
    expect(types.find((e) => e.type === 'application.status_changed')).toMatchObject({ audience: 'tenant', subscribable: true });
    expect(types.find((e) => e.type === 'webhook.test')).toMatchObject({ subscribable: false });
    expect(types.find((e) => e.type === 'lead.created')!.sample).toEqual(WEBHOOK_EVENTS['lead.created'].sample);
  });
});

describe("the tenant's endpoints", () => {
  it('creates an endpoint with a secret shown once, stored encrypted, and records it without the secret', async () => {
    const res = await call(owner, 'POST', hooks(), {
      url: PUBLIC_URL,
      events: ['lead.created', 'lead.created', 'offer.published'],
      description: 'CRM sync',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as WebhookEndpointWithSecret;
    expect(res.headers.location).toBe(`/api/v1/tenant/acme/webhooks/${created._id}`);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      institution: null,
      url: PUBLIC_URL,
      description: 'CRM sync',
      events: ['lead.created', 'offer.published'],
      enabled: true,
      secretPrefix: created.secret.slice(0, 10),
      createdBy: owner.user._id,
      lastDelivery: null,
    });

    const [row] = await t.app.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.tenantId, acme()), eq(webhookEndpoints.id, created._id)));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(t.app.cipher.decrypt(row!.secretEncrypted)).toBe(created.secret);

    const list = await call(owner, 'GET', hooks());
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().data as WebhookEndpoint[]).find((e) => e._id === created._id)!;
    expect(listed).not.toHaveProperty('secret');
    expect(list.body).not.toContain(created.secret);
    const one = await call(owner, 'GET', `${hooks()}/${created._id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.body).not.toContain(created.secret);

    const [event] = (await timelineOf(acme())).filter((e) => e.meta.webhookEndpoint === created._id);
    expect(event).toMatchObject({ type: 'create', entityType: 'tenant', userId: owner.user._id });
    expect(event!.message).toBe(`Webhook endpoint ${PUBLIC_URL} added`);
    expect(event!.meta.change).toMatchObject({
      url: { old: null, new: PUBLIC_URL },
      secretPrefix: { old: null, new: created.secretPrefix },
    });
  });

  it('changes, rotates and deletes, each on the timeline with old and new values and never the secret', async () => {
    const created = await create();
    const put = await call(owner, 'PUT', `${hooks()}/${created._id}`, { enabled: false, events: ['workflow.completed'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ enabled: false, events: ['workflow.completed'], url: PUBLIC_URL });
    // Nothing changed: no event.
    expect((await call(owner, 'PUT', `${hooks()}/${created._id}`, { enabled: false })).statusCode).toBe(200);

    const rotated = await call(owner, 'POST', `${hooks()}/${created._id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json().data as WebhookEndpointWithSecret;
    expect(next.secret).toMatch(/^whsec_/);
    expect(next.secret).not.toBe(created.secret);
    expect(next.secretPrefix).toBe(next.secret.slice(0, 10));

    const test = await call(owner, 'POST', `${hooks()}/${created._id}/test`);
    expect(test.statusCode, test.body).toBe(202);

    const deleted = await call(owner, 'DELETE', `${hooks()}/${created._id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call(owner, 'GET', `${hooks()}/${created._id}`)).statusCode).toBe(404);
    // Its deliveries went with it.
    expect(await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created._id))).toEqual([]);

    const events = (await timelineOf(acme())).filter((e) => e.meta.webhookEndpoint === created._id);
    expect(events.map((e) => e.type)).toEqual(['create', 'update', 'update', 'other', 'delete']);
    expect(events[1]!.meta.change).toEqual({
      events: { old: ['lead.created'], new: ['workflow.completed'] },
      enabled: { old: true, new: false },
    });
    expect(events[2]!.meta.change).toEqual({ secretPrefix: { old: created.secretPrefix, new: next.secretPrefix } });
    expect(events[3]!.message).toContain('Test event sent');
    expect(events[4]!.meta.delete).toMatchObject({ url: PUBLIC_URL, secretPrefix: next.secretPrefix });
    for (const secret of [created.secret, next.secret]) expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('refuses invalid input with 400, writing nothing', async () => {
    const before = (await t.app.db.select().from(webhookEndpoints)).length;
    for (const [body, text] of [
      [{ url: PUBLIC_URL, events: [] }, 'Choose at least one event'],
      [{ url: PUBLIC_URL, events: ['lead.deleted'] }, 'events'],
      [{ url: PUBLIC_URL, events: ['webhook.test'] }, 'events'],
      [{ url: 'ftp://crm.example/hook', events: ['lead.created'] }, 'URL must be an http:// or https:// address'],
      [{ url: 'not a url', events: ['lead.created'] }, 'URL must be an http:// or https:// address'],
      [{ url: `https://crm.example/${'x'.repeat(WEBHOOK_LIMITS.url)}`, events: ['lead.created'] }, 'URL must be at most'],
      [{ url: 'https://user:pass@crm.example/hook', events: ['lead.created'] }, 'user name or password'],
      [{ url: PUBLIC_URL, events: ['lead.created'], description: 'x'.repeat(WEBHOOK_LIMITS.description + 1) }, 'description'],
      [{ url: PUBLIC_URL, events: ['lead.created'], secret: 'whsec_mine' }, 'secret'],
      [{ events: ['lead.created'] }, 'url'],
    ] as const) {
      const res = await call(owner, 'POST', hooks(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(text);
    }
    const created = await create();
    expect((await call(owner, 'PUT', `${hooks()}/${created._id}`, { events: [] })).statusCode).toBe(400);
    expect((await call(owner, 'PUT', `${hooks()}/${created._id}`, { secretPrefix: 'whsec_x' })).statusCode).toBe(400);
    expect((await call(owner, 'GET', `${hooks()}/not-an-id`)).statusCode).toBe(400);
    expect((await t.app.db.select().from(webhookEndpoints)).length).toBe(before + 1);
  });

  it(`allows at most ${WEBHOOK_LIMITS.endpointsPerOwner} endpoints per owner`, async () => {
    const keeper = await signUp(t.app, 'globex', { role: 'owner' });
    const path = `tenant/${t.tenants.globex.id}/webhooks`;
    for (let i = 0; i < WEBHOOK_LIMITS.endpointsPerOwner; i++) await create(path, { description: `#${i}` }, keeper);
    const refused = await call(keeper, 'POST', path, { url: PUBLIC_URL, events: ['lead.created'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(`At most ${WEBHOOK_LIMITS.endpointsPerOwner}`);
  });
});

describe('private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS off)', () => {
  it('refuses loopback, private, link-local, unique-local, CGNAT and localhost addresses at registration', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://127.1/hook',
      'http://2130706433/hook',
      'http://10.1.2.3/hook',
      'http://172.16.0.9/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
      'http://224.0.0.1/hook',
      'http://[::1]/hook',
      'http://[::]/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://localhost:3000/hook',
      'http://LOCALHOST./hook',
      'http://api.localhost/hook',
    ]) {
      const res = await call(owner, 'POST', hooks(), { url, events: ['lead.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBe(WEBHOOK_TEXTS.privateTargetRefused);
    }
    const created = await create();
    const moved = await call(owner, 'PUT', `${hooks()}/${created._id}`, { url: 'http://10.0.0.1/hook' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe(WEBHOOK_TEXTS.privateTargetRefused);
  });

  it('classifies addresses', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '::1', 'fc00::1', '::ffff:10.0.0.1', '100.127.255.255', '255.255.255.255', 'not-an-ip'])
      expect(isNonPublicAddress(address), address).toBe(true);
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '100.128.0.1'])
      expect(isNonPublicAddress(address), address).toBe(false);
    expect(webhookUrlProblem('http://127.0.0.1/hook', true, 'refused')).toBeNull();
    expect(webhookUrlProblem('https://u@crm.example/hook', true, 'refused')).toContain('user name');
  });

  it('refuses at delivery a host name that resolves to a private address, even beside a public one, connecting to nothing', async () => {
    const created = await create(hooks(), { url: 'https://hooks.partner.example/in' });
    const queued = (await call(owner, 'POST', `${hooks()}/${created._id}/test`)).json().data;
    const asked: string[] = [];
    const resolve = async (host: string) => {
      asked.push(host);
      return [
        { address: '93.184.215.14', family: 4 as const },
        { address: '10.0.0.7', family: 4 as const },
      ];
    };
    expect(await dispatchDueWebhooks(dispatchDepsOf(t.app, { resolve }), t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(asked).toContain('hooks.partner.example');
    const read = await call(owner, 'GET', `${hooks()}/${created._id}/deliveries/${queued._id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ status: 'retrying' });
    expect(read.json().data.attempts[0]).toMatchObject({ responseStatus: null, responseBody: null });
    expect(read.json().data.attempts[0].error).toContain('private network');

    // A literal private address that got into the database (say, registered while private targets were allowed) is
    // refused too, and the resolver is not asked.
    await t.app.db.update(webhookEndpoints).set({ url: 'http://127.0.0.1:9/in' }).where(eq(webhookEndpoints.id, created._id));
    const again = (await call(owner, 'POST', `${hooks()}/${created._id}/test`)).json().data;
    asked.length = 0;
    await dispatchDueWebhooks(dispatchDepsOf(t.app, { resolve }), t.clock.now());
    const refused = await call(owner, 'GET', `${hooks()}/${created._id}/deliveries/${again._id}`);
    expect(refused.json().data.attempts[0].error).toContain('private network');
    expect(asked).toEqual([]);
    await t.app.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, created._id));
  });
});

describe('access', () => {
  it("is for the tenant's owners in person: members and investors 403, another tenant 404, API keys and anonymous refused", async () => {
    const created = await create();
    const routes: [Method, string, object?][] = [
      ['GET', hooks()],
      ['POST', hooks(), { url: PUBLIC_URL, events: ['lead.created'] }],
      ['GET', `${hooks()}/${created._id}`],
      ['PUT', `${hooks()}/${created._id}`, { enabled: false }],
      ['DELETE', `${hooks()}/${created._id}`],
      ['POST', `${hooks()}/${created._id}/rotate-secret`],
      ['POST', `${hooks()}/${created._id}/test`],
      ['GET', `${hooks()}/${created._id}/deliveries`],
    ];
    const key = await call(owner, 'POST', `tenant/${acme()}/api-key/pvt`, { scopes: ['tenant:read', 'tenant:write'] });
    expect(key.statusCode, key.body).toBe(201);
    const rows = JSON.stringify(await t.app.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id));
    for (const [method, path, body] of routes) {
      for (const who of [member, investor]) expect((await call(who, method, path, body)).statusCode, `${method} ${path}`).toBe(403);
      const withKey = await t.app.inject({
        method,
        url: `/api/v1/${path}`,
        headers: { host: hostOf('acme'), ...bearer(key.json().data.key) },
        ...(body ? { payload: body } : {}),
      });
      expect(withKey.statusCode, `key: ${method} ${path}`).toBe(403);
      expect(withKey.json().error.message).toBe('This call needs a signed-in user');
      const anonymous = await t.app.inject({
        method,
        url: `/api/v1/${path}`,
        headers: { host: hostOf('acme') },
        ...(body ? { payload: body } : {}),
      });
      expect(anonymous.statusCode).toBe(401);
    }
    // globex's owner naming acme's tenant, and acme's endpoint on globex: not found.
    for (const [method, path, body] of routes) {
      expect((await call(globexOwner, method, path, body)).statusCode, `other tenant: ${method} ${path}`).toBe(404);
    }
    expect((await call(globexOwner, 'GET', `tenant/${t.tenants.globex.id}/webhooks/${created._id}`)).statusCode).toBe(404);
    expect(JSON.stringify(await t.app.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id))).toBe(rows);
    expect((await call(owner, 'GET', `${hooks()}/${someObjectId()}`)).statusCode).toBe(404);
  });

  it('asks for a fresh second factor to create, rotate or delete, not to read', async () => {
    const keeper = await signUp(t.app, 'acme', { role: 'owner' });
    const created = await create(hooks(), {}, keeper);
    await expireStepUp(t.app, keeper);
    for (const [method, path, body] of [
      ['POST', hooks(), { url: PUBLIC_URL, events: ['lead.created'] }],
      ['POST', `${hooks()}/${created._id}/rotate-secret`],
      ['DELETE', `${hooks()}/${created._id}`],
    ] as const) {
      const res = await call(keeper, method, path, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
    }
    expect((await call(keeper, 'GET', hooks())).statusCode).toBe(200);
    expect((await call(keeper, 'PUT', `${hooks()}/${created._id}`, { description: 'Still mine' })).statusCode).toBe(200);
    await stepUpWithPassword(t.app, keeper);
    expect((await call(keeper, 'DELETE', `${hooks()}/${created._id}`)).statusCode).toBe(204);
  });
});

describe("an institution's endpoints", () => {
  let fund: string;
  let other: string;
  let teamOwner: SignedUp;
  let teamEditor: SignedUp;
  let teamMember: SignedUp;
  let viewer: SignedUp;
  let gpOther: SignedUp;

  async function makeInstitution(name: string): Promise<string> {
    const res = await call(owner, 'POST', 'tenant/acme/institutions', {
      name,
      slug: `${name.toLowerCase()}-${newId().slice(-6)}`,
      descriptionShort: name,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  }
  async function onTeam(role: 'owner' | 'editor' | 'member' | 'viewer', institution: string): Promise<SignedUp> {
    const who = await signUp(t.app, 'acme', { role: 'editor' });
    await t.app.db
      .insert(roleAssignments)
      .values({ tenantId: acme(), id: newId(), userId: who.user._id, entityType: 'institution', entityId: institution, role });
    return who;
  }

  beforeAll(async () => {
    fund = await makeInstitution('Harbor');
    other = await makeInstitution('Other');
    [teamOwner, teamEditor, teamMember, viewer, gpOther] = await Promise.all([
      onTeam('owner', fund),
      onTeam('editor', fund),
      onTeam('member', fund),
      onTeam('viewer', fund),
      onTeam('owner', other),
    ]);
  });

  it("the team's owners and editors and the tenant's owners manage them, recorded on the institution", async () => {
    const res = await call(teamEditor, 'POST', inst(fund), { url: PUBLIC_URL, events: ['lead.created'], description: 'Data room' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as WebhookEndpointWithSecret;
    expect(res.headers.location).toBe(`/api/v1/tenant/acme/institutions/${fund}/webhooks/${created._id}`);
    expect(created).toMatchObject({ institution: fund, createdBy: teamEditor.user._id });
    for (const who of [teamOwner, teamEditor, owner]) {
      const list = await call(who, 'GET', inst(fund));
      expect(list.statusCode, list.body).toBe(200);
      expect((list.json().data as WebhookEndpoint[]).map((e) => e._id)).toContain(created._id);
      expect(list.body).not.toContain(created.secret);
    }
    const got = await call(teamOwner, 'GET', `${inst(fund)}/${created._id}`);
    expect(got.statusCode, got.body).toBe(200);
    const put = await call(teamOwner, 'PUT', `${inst(fund)}/${created._id}`, { description: 'Renamed' });
    expect(put.statusCode, put.body).toBe(200);
    const rotated = await call(owner, 'POST', `${inst(fund)}/${created._id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const test = await call(teamEditor, 'POST', `${inst(fund)}/${created._id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    const deliveries = await call(teamEditor, 'GET', `${inst(fund)}/${created._id}/deliveries`);
    expect(deliveries.statusCode, deliveries.body).toBe(200);
    expect(deliveries.json().data).toHaveLength(1);

    // The tenant's list and another institution's do not show it, nor reach it.
    expect(((await call(owner, 'GET', hooks())).json().data as WebhookEndpoint[]).some((e) => e._id === created._id)).toBe(false);
    expect((await call(owner, 'GET', `${hooks()}/${created._id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `${inst(other)}/${created._id}`)).statusCode).toBe(404);
    const tenantOwn = await create();
    expect((await call(owner, 'GET', `${inst(fund)}/${tenantOwn._id}`)).statusCode).toBe(404);

    const events = (await timelineOf(fund)).filter((e) => e.meta.webhookEndpoint === created._id);
    expect(events.map((e) => e.type)).toEqual(['create', 'update', 'update', 'other']);
    expect(events.every((e) => e.entityType === 'tenant-institution')).toBe(true);
    expect(events[0]!.message).toBe(`Webhook endpoint ${PUBLIC_URL} of Harbor added`);
    expect(events[1]!.meta.change).toEqual({ description: { old: 'Data room', new: 'Renamed' } });
    expect(JSON.stringify(events)).not.toContain(created.secret);
    expect(JSON.stringify(events)).not.toContain(rotated.json().data.secret);

    const deleted = await call(teamOwner, 'DELETE', `${inst(fund)}/${created._id}`);
    expect(deleted.statusCode).toBe(204);
  });

  it('refuses a GP off the team (404), team members and viewers (403), investors (403) and another tenant (404), writing nothing', async () => {
    const created = await create(inst(fund));
    const delivery = (await call(owner, 'POST', `${inst(fund)}/${created._id}/test`)).json().data;
    const written = async () =>
      JSON.stringify({
        endpoints: await t.app.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id),
        deliveries: (await t.app.db.select().from(webhookDeliveries)).length,
        events: (await t.app.db.select({ id: timelineEvents.id }).from(timelineEvents)).length,
      });
    const before = await written();
    const one = `${inst(fund)}/${created._id}`;
    const calls: [Method, string, object?][] = [
      ['GET', inst(fund)],
      ['POST', inst(fund), { url: PUBLIC_URL, events: ['lead.created'] }],
      ['GET', one],
      ['PUT', one, { enabled: false }],
      ['DELETE', one],
      ['POST', `${one}/rotate-secret`],
      ['POST', `${one}/test`],
      ['GET', `${one}/deliveries`],
      ['GET', `${one}/deliveries/${delivery._id}`],
      ['POST', `${one}/deliveries/${delivery._id}/replay`],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(gpOther, method, path, body)).statusCode, `GP of another institution: ${method} ${path}`).toBe(404);
      for (const who of [teamMember, viewer]) {
        const res = await call(who, method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().error.message).toBe(WEBHOOK_MANAGERS_ONLY);
      }
      expect((await call(investor, method, path, body)).statusCode).toBe(403);
      expect(
        (await call(globexOwner, method, path.replace('tenant/acme/', 'tenant/globex/'), body)).statusCode,
        `other tenant: ${method} ${path}`,
      ).toBe(404);
    }
    expect(await written()).toBe(before);
  });

  it('go with the institution when it is deleted, deliveries and all', async () => {
    const gone = await makeInstitution('Gone');
    const created = await create(inst(gone));
    await call(owner, 'POST', `${inst(gone)}/${created._id}/test`);
    expect((await call(owner, 'DELETE', `tenant/acme/institutions/${gone}`)).statusCode).toBe(204);
    expect(await t.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.institutionId, gone))).toEqual([]);
    expect(await t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created._id))).toEqual([]);
  });
});

describe('the reference', () => {
  it('documents the signature scheme on the create routes and who may call each route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const createOp = doc.paths['/tenant/{t}/webhooks'].post;
    expect(createOp.operationId).toBe('createWebhookEndpoint');
    expect(createOp.tags).toEqual(['Webhooks']);
    expect(createOp.description).toContain('HMAC-SHA256');
    expect(createOp.description).toContain('tessera-signature');
    expect(doc.paths['/tenant/{t}/institutions/{id}/webhooks'].post.description).toContain('HMAC-SHA256');
    expect(doc.paths['/tenant/{t}/institutions/{id}/webhooks/{endpointId}'].get.description).toContain('a GP off the team 404');
    expect(doc.paths['/webhooks/event-types'].get.operationId).toBe('listWebhookEventTypes');
  });
});
