import { AUTH_ERRORS, type AccessGrant, type DocumentRecord, type Institution, type TenantMemberAdmin } from '@tessera/domain';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hostOf, type TestApp } from '../../test/build-test-app.ts';
import { bearer, callerOf, PASSWORD, type SignedUp, signUp, useTestApp } from '../../test/factories.ts';
import { uploadDocument } from '../modules/documents/documents.test-helpers.ts';
import { apiRoutes, type JsonSchema, routeName, toJsonSchema, WALK_TIMEOUT_MS } from './security.test-helpers.ts';
import { givePlan } from '../../test/billing.ts';

/**
 * No answer tells whether an e-mail address has an account (issue #21). Every route that takes an e-mail is called
 * for an address whose account belongs to another tenant and for an address with no account, from the same tenant,
 * and the two whole answers must match: the status, the body (ids, times and the typed address itself replaced by
 * placeholders), the headers (but the date and the per-address rate-limit counters) and the time, within a tolerance
 * loose enough for a loaded 2-core machine (the slower median at most 3× the faster, or 150 ms apart).
 *
 * Which routes take an e-mail is read from the route table: a new one fails "covers every route that takes an
 * e-mail" until it is listed here, as a case or with the reason it cannot tell.
 */
let t: TestApp;
let owner: SignedUp;
let institution: Institution;
/** The inviter of the lead-invite case (issue #22). */
let leadInviter: SignedUp | undefined;
useTestApp(async (app) => {
  t = app;
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  const created = await callerOf(() => t.app)(owner, 'POST', `tenant/${t.tenants.acme.id}/institutions`, {
    name: 'Enumeration Fund',
    slug: 'enumeration-fund',
    descriptionShort: 'A fund for the enumeration test',
  });
  expect(created.statusCode, created.body).toBe(201);
  institution = created.json().data as Institution;
  // Issue #23: the team invitations below take more seats than a trial has.
  await givePlan(t.app, t.tenants.acme.id, institution._id);
});
const call = callerOf(() => t.app);
const CALLS_PER_SIDE = 5;

/** Addresses of one length, so a difference in Content-Length can only come from the answer itself. */
const freshAddress = (kind: string) => `enum-${kind}-${randomBytes(6).toString('hex')}@example.com`;
/** An address with an account, in another tenant (globex) than the one asked (acme). */
const accountElsewhere = async () =>
  (await signUp(t.app, 'globex', { email: freshAddress('acct'), firstname: 'Secret', lastname: 'Person' })).email;
const noAccount = async () => freshAddress('none');

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { host: hostOf('acme'), ...headers }, payload });

interface Case {
  /** The route as the route table names it. */
  route: string;
  /** One call naming `email`; set up whatever it needs first (a fresh sharer, a pending invitation…). */
  call: (email: string) => Promise<LightMyRequestResponse>;
}

/** Each call gets fresh people and fresh addresses, so no per-account or per-address limit is ever near. */
async function freshSharer() {
  const sharer = await signUp(t.app, 'acme');
  const doc = (await uploadDocument(t.app, sharer)).json().data as DocumentRecord;
  return { sharer, doc };
}

const CASES: Case[] = [
  { route: 'POST /api/v1/auth/signin', call: (email) => post('auth/signin', { email, password: 'not-the-password-1' }) },
  { route: 'POST /api/v1/auth/password-reset-request', call: (email) => post('auth/password-reset-request', { email }) },
  {
    route: 'POST /api/v1/auth/password-reset-confirm',
    call: (email) => post('auth/password-reset-confirm', { email, password: PASSWORD, resetToken: 'not-a-token' }),
  },
  {
    route: 'POST /api/v1/auth/invite-accept',
    call: (email) =>
      post('auth/invite-accept', { email, password: PASSWORD, firstname: 'A', lastname: 'B', acceptDisclosures: true, inviteToken: 'x' }),
  },
  {
    route: 'POST /api/v1/auth/password-update',
    call: async (email) => {
      const someone = await signUp(t.app, 'acme');
      return post('auth/password-update', { email, newPassword: 'a-new-long-passphrase' }, bearer(someone.token));
    },
  },
  {
    route: 'POST /api/v1/auth/invite',
    call: (email) => post('auth/invite', { email, firstname: 'Typed', lastname: 'Name', role: 'member' }, bearer(owner.token)),
  },
  {
    route: 'POST /api/v1/tenant/:t/members',
    call: (email) => call(owner, 'POST', `tenant/${t.tenants.acme.id}/members`, { email, firstname: 'Typed', lastname: 'Name' }),
  },
  {
    route: 'POST /api/v1/tenant/:t/institutions/:id/team/invite',
    call: (email) =>
      call(owner, 'POST', `tenant/${t.tenants.acme.id}/institutions/${institution._id}/team/invite`, {
        email,
        firstname: 'Typed',
        lastname: 'Name',
        role: 'editor',
      }),
  },
  {
    route: 'POST /api/v1/document/:id/access',
    call: async (email) => {
      const { sharer, doc } = await freshSharer();
      return call(sharer, 'POST', `document/${doc._id}/access`, { subjectEmail: email, role: 'viewer' });
    },
  },
  {
    route: 'POST /api/v1/document/:id/access/:accessId/resend-invite',
    call: async (email) => {
      const { sharer, doc } = await freshSharer();
      const grant = (await call(sharer, 'POST', `document/${doc._id}/access`, { subjectEmail: email, role: 'viewer' })).json()
        .data as AccessGrant;
      return call(sharer, 'POST', `document/${doc._id}/access/${grant._id}/resend-invite`);
    },
  },
  {
    route: 'POST /api/v1/tenant/:t/members/:id/resend-invite',
    call: async (email) => {
      const members = `tenant/${t.tenants.acme.id}/members`;
      const invited = (await call(owner, 'POST', members, { email, firstname: 'Typed', lastname: 'Name' })).json()
        .data as TenantMemberAdmin;
      return call(owner, 'POST', `${members}/${invited._id}/resend-invite`);
    },
  },
  {
    route: 'POST /api/v1/tenant/:t/institutions/:id/team/:memberId/resend-invite',
    call: async (email) => {
      const team = `tenant/${t.tenants.acme.id}/institutions/${institution._id}/team`;
      const invited = (await call(owner, 'POST', `${team}/invite`, { email, firstname: 'Typed', lastname: 'Name' })).json().data as {
        _id: string;
      };
      return call(owner, 'POST', `${team}/${invited._id}/resend-invite`);
    },
  },
  {
    route: 'GET /api/v1/user/:id/share-entity-options',
    call: async (email) => {
      // Searched by the tenant's owner, who may search every member, after the address was invited here.
      await call(owner, 'POST', `tenant/${t.tenants.acme.id}/members`, { email, firstname: 'Typed', lastname: 'Name' });
      return call(owner, 'GET', `user/${owner.user._id}/share-entity-options?search=${encodeURIComponent(email)}`);
    },
  },
  // Issue #22: a lead links to a membership of this tenant only; an account elsewhere is as unknown as no account.
  {
    route: 'POST /api/v1/tenant/:t/leads',
    call: (email) =>
      call(owner, 'POST', `tenant/${t.tenants.acme.id}/leads`, {
        institution: institution._id,
        email,
        firstname: 'Typed',
        lastname: 'Name',
      }),
  },
  {
    route: 'GET /api/v1/tenant/:t/leads',
    call: (email) =>
      call(owner, 'GET', `tenant/${t.tenants.acme.id}/leads?institution=${institution._id}&email=${encodeURIComponent(email)}`),
  },
  {
    route: 'PUT /api/v1/tenant/:t/leads/:id/contact',
    call: async (email) => {
      const leads = `tenant/${t.tenants.acme.id}/leads`;
      const lead = (
        await call(owner, 'POST', leads, {
          institution: institution._id,
          email: freshAddress('lead'),
          firstname: 'Typed',
          lastname: 'Name',
        })
      ).json().data as { _id: string };
      return call(owner, 'PUT', `${leads}/${lead._id}/contact`, { email, phone: '' });
    },
  },
  {
    // No e-mail in its body, but it invites the lead's: answered alike (the lead shows no account until the person
    // accepts). Its own inviter, so the ten calls stay under the per-inviter limit the other cases' owner shares.
    route: 'POST /api/v1/tenant/:t/leads/:id/invite',
    call: async (email) => {
      leadInviter ??= await signUp(t.app, 'acme', { role: 'owner' });
      const leads = `tenant/${t.tenants.acme.id}/leads`;
      const lead = (
        await call(leadInviter, 'POST', leads, { institution: institution._id, email, firstname: 'Typed', lastname: 'Name' })
      ).json().data as { _id: string };
      return call(leadInviter, 'POST', `${leads}/${lead._id}/invite`);
    },
  },
  {
    route: 'POST /api/v1/business/:id/owner',
    call: async (email) => {
      const someone = await signUp(t.app, 'acme');
      const business = (
        await call(someone, 'POST', 'business', {
          name: 'Northwind Holdings',
          dba: 'Northwind',
          netWorth: 2_500_000,
          revenue: 1_200_000,
          ein: '12-3456789',
          businessType: 'limited-liability-company',
          line1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        })
      ).json().data as { _id: string };
      return call(someone, 'POST', `business/${business._id}/owner`, {
        email,
        firstname: 'O',
        lastname: 'Wner',
        title: 'Member',
        equity: 10,
      });
    },
  },
];

/**
 * Routes that take an e-mail and answer differently by nature, or cannot tell: each with the reason. Sign-up is the one
 * answer that differs, as on every service that lets people sign themselves up: a new address gets an account and a
 * session, a taken one cannot (409 'An account with this email already exists'). It is limited per address like the
 * other auth routes; the test below pins exactly what it says.
 */
const NOT_COMPARED: Record<string, string> = {
  'POST /api/v1/auth/signup':
    'a taken address cannot sign up again: 409 emailTaken (pinned below); an address with an unfinished invitation gets the hint to use its link instead',
  'POST /api/v1/auth/token-refresh': "the body's optional e-mail is never read: the answer is the caller's own refreshed session",
  'POST /api/v1/tenant': 'platform admins only, who read every account anyway (GET admin/user); the owner is invited as members are',
  'PUT /api/v1/tenant/:t/details': "the tenant's contact address, stored as typed; no account is looked up",
  'PUT /api/v1/tenant/:t/contact': "the tenant's contact address, stored as typed; no account is looked up",
  'PUT /api/v1/individual-profile/:id/contact': "a profile's contact address, stored as typed; no account is looked up",
  'PUT /api/v1/legal-entity-profile/:id/contact': "an entity's contact address, stored as typed; no account is looked up",
  'POST /api/v1/business': "a business's contact address, stored as typed; no account is looked up",
  'PUT /api/v1/business/:id': "a business's contact address, stored as typed; no account is looked up",
  'PUT /api/v1/tenant/:t/institutions/:id/contact': "an institution's contact address, stored as typed; no account is looked up",
  'PUT /api/v1/application/:id/evaluator': 'the evaluator is e-mailed a link whatever the address; no account is looked up',
  'PUT /api/v1/tenant/:t/institutions/:id/billing': 'the billing e-mail invoices go to, stored as typed; no account is looked up',
};

/** Whether a JSON schema has a field named like an e-mail or in the e-mail format, at any depth. */
function takesEmail(schema: JsonSchema | null, root: JsonSchema | null = schema, depth = 0): boolean {
  if (!schema || depth > 8) return false;
  if (schema.$ref) return takesEmail(root?.$defs?.[schema.$ref.replace('#/$defs/', '')] ?? null, root, depth + 1);
  if (schema.format === 'email') return true;
  if (Object.entries(schema.properties ?? {}).some(([key, value]) => /e-?mail/i.test(key) || takesEmail(value, root, depth + 1)))
    return true;
  const parts = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []), ...(schema.items ? [schema.items] : [])];
  return parts.some((part) => takesEmail(part, root, depth + 1));
}

/** The answer with what differs by nature replaced: the typed address, ids, times and session tokens. */
function normalised(res: LightMyRequestResponse, email: string) {
  const clean = (text: string) =>
    text
      .replaceAll(email, '<email>')
      .replaceAll(encodeURIComponent(email), '<email>')
      .replace(/[0-9a-f]{24}/g, '<id>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !['date', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'].includes(name))
      .map(([name, value]) => [name, clean(String(value))]),
  );
  return { status: res.statusCode, headers, body: clean(res.body) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(run: () => Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const res = await run();
  return { res, ms: performance.now() - started };
}

describe('account enumeration', () => {
  it('covers every route that takes an e-mail', () => {
    const listed = new Set([...CASES.map((c) => c.route), ...Object.keys(NOT_COMPARED)]);
    const missing = apiRoutes(t.app)
      .filter((r) => takesEmail(toJsonSchema(r.schema.body)) || takesEmail(toJsonSchema(r.schema.querystring)))
      .map(routeName)
      .filter((name) => !listed.has(name));
    expect(missing, 'add a case to CASES, or a reason to NOT_COMPARED').toEqual([]);
    const known = new Set(apiRoutes(t.app).map(routeName));
    expect(
      [...listed].filter((name) => !known.has(name)),
      'listed routes that no longer exist',
    ).toEqual([]);
  });

  it.each(CASES.map((c) => [c.route, c] as const))(
    '%s answers an account of another tenant and an unknown address alike',
    async (_name, c) => {
      const known: { answer: ReturnType<typeof normalised>; ms: number }[] = [];
      const unknown: typeof known = [];
      // Interleaved, so a slow moment of the machine falls on both sides.
      for (let i = 0; i < CALLS_PER_SIDE; i++) {
        for (const [side, address] of [
          [known, await accountElsewhere()],
          [unknown, await noAccount()],
        ] as const) {
          const { res, ms } = await timed(() => c.call(address));
          side.push({ answer: normalised(res, address), ms });
        }
      }
      expect(known[0]!.answer.status).toBeLessThan(500);
      for (let i = 0; i < CALLS_PER_SIDE; i++) expect(known[i]!.answer).toEqual(unknown[i]!.answer);
      expect(known[0]!.answer.body).not.toContain('Secret');
      const [a, b] = [median(known.map((k) => k.ms)), median(unknown.map((u) => u.ms))];
      const [fast, slow] = a < b ? [a, b] : [b, a];
      expect(slow <= fast * 3 || slow - fast <= 150, `medians ${a.toFixed(1)} ms (account) and ${b.toFixed(1)} ms (none)`).toBe(true);
    },
    WALK_TIMEOUT_MS,
  );

  it('sign-up, the documented exception, says only that the address is taken', async () => {
    const body = (email: string) => ({ email, password: PASSWORD, firstname: 'A', lastname: 'B', acceptDisclosures: true });
    const taken = await post('auth/signup', body(await accountElsewhere()));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(AUTH_ERRORS.emailTaken);
    expect(taken.body).not.toContain('Secret');
    expect((await post('auth/signup', body(await noAccount()))).statusCode).toBe(200);
  });
});
