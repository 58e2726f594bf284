import { newObjectId, STEP_UP_WINDOW_SECONDS, type AuthResult, type TenantRole } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { applications, institutions, roleAssignments, sessions, timelineEvents, type ApplicationRow } from '../src/db/schema/index.ts';
import { newId } from '../src/lib/ids.ts';
import { updateMember, findMember } from '../src/modules/tenants/tenant-members.repository.ts';
import { DEFAULT_ATTRIBUTES } from '../src/modules/tenants/tenant-members.repository.ts';
import { updateUser } from '../src/modules/users/users.repository.ts';
import { buildTestApp, hostOf, type TestApp } from './build-test-app.ts';

let sequence = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++sequence}@example.com`;
export const PASSWORD = 'correct-horse-battery';

export interface SignedUp extends AuthResult {
  email: string;
  password: string;
  host: string;
}

/** Signs a new user up through the API at a tenant's host; optional role, attributes or platform-admin flag. */
export async function signUp(
  app: FastifyInstance,
  slug: string,
  overrides: { email?: string; firstname?: string; lastname?: string; role?: TenantRole; admin?: boolean } = {},
): Promise<SignedUp> {
  const email = overrides.email ?? uniqueEmail();
  const host = hostOf(slug);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: { host },
    payload: {
      email,
      password: PASSWORD,
      firstname: overrides.firstname ?? 'Test',
      lastname: overrides.lastname ?? 'User',
      acceptDisclosures: true,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = (res.json() as { data: AuthResult }).data;
  if (overrides.role) {
    const member = await findMember(app.db, result.tenantMember!.tenant, result.user._id);
    await updateMember(app.db, member!.tenantId, member!.id, { role: overrides.role, attributes: DEFAULT_ATTRIBUTES[overrides.role] });
  }
  if (overrides.admin) await updateUser(app.db, result.user._id, { role: 'admin' });
  return { ...result, email, password: PASSWORD, host };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const someObjectId = () => newObjectId();

/** Builds the test app before the file's tests, hands it to `setUp` (which keeps it and signs people up), and closes it after them. */
export function useTestApp(setUp: (t: TestApp) => Promise<void>): void {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp();
    await setUp(built);
  });
  afterAll(async () => {
    await built?.close();
  });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `call(who, method, path, payload?)`: a request to /api/v1/<path> with who's token, at who's tenant host. */
export const callerOf = (app: () => FastifyInstance) => (who: SignedUp, method: Method, path: string, payload?: object) =>
  app().inject({ method, url: `/api/v1/${path}`, headers: { host: who.host, ...bearer(who.token) }, ...(payload ? { payload } : {}) });

/** An institution written straight to the database, its slug made from its name; its id. */
export async function insertInstitution(
  app: FastifyInstance,
  tenantId: string,
  name: string,
  values: Partial<typeof institutions.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  await app.db
    .insert(institutions)
    .values({ tenantId, id, name, slug: `${name.toLowerCase().replace(/\s+/g, '-')}-${id.slice(-6)}`, ...values });
  return id;
}

/** Puts a user on an institution's team as a member (until `expiresAt`), straight in the database. */
export async function joinInstitutionTeam(
  app: FastifyInstance,
  tenantId: string,
  userId: string,
  institutionId: string,
  expiresAt: Date | null,
) {
  await app.db.insert(roleAssignments).values({
    tenantId,
    id: newId(),
    userId,
    entityType: 'institution',
    entityId: institutionId,
    role: 'member',
    expiresAt,
  });
}

/** The timeline events of one entity of a tenant, oldest first. */
export const tenantEventsOf = (app: FastifyInstance, tenantId: string, entity: string) =>
  app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.tenantId, tenantId), eq(timelineEvents.entity, entity)))
    .orderBy(timelineEvents.createdAt);

/** The newest outbox mail to an address, in any tenant, and the token in its first link. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: `/api/v1/dev/mailbox?to=${encodeURIComponent(to)}&limit=1&allTenants=true` });
  const mail = (res.json() as { data: { subject: string; text: string }[] }).data[0];
  const token = mail?.text.match(/token=([^\s&]+)/)?.[1];
  return { mail, token: token ? decodeURIComponent(token) : undefined };
}

/** Like lastMailTo, for mail sent after the reply (password reset): waits up to two seconds for it to arrive. */
export async function awaitMailTo(app: FastifyInstance, to: string) {
  for (let attempt = 0; ; attempt++) {
    const found = await lastMailTo(app, to);
    if (found.mail || attempt === 40) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An application row as the accreditation wizard will write it; overrides pick tenant, user, status, review… */
export async function createApplication(
  app: FastifyInstance,
  values: Pick<ApplicationRow, 'tenantId' | 'userId'> & Partial<Omit<ApplicationRow, 'tenantId' | 'userId'>>,
): Promise<ApplicationRow> {
  const [row] = await app.db
    .insert(applications)
    .values({ id: newObjectId(), ...values })
    .returning();
  return row!;
}

/**
 * Makes who's session one whose last confirmation (sign-in or step-up) is older than the step-up window, without
 * moving the clock the file's other sessions share: the next `config.stepUp` route answers 403 until a step-up.
 */
export async function expireStepUp(app: FastifyInstance, who: SignedUp): Promise<void> {
  const long = new Date(app.clock.now().getTime() - (STEP_UP_WINDOW_SECONDS + 60) * 1000);
  await app.db.update(sessions).set({ verifiedAt: long }).where(eq(sessions.id, who.sessionId));
}

/** POST auth/step-up with who's password (an account without a second factor). */
export async function stepUpWithPassword(app: FastifyInstance, who: SignedUp): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/step-up',
    headers: { host: who.host, ...bearer(who.token) },
    payload: { method: 'password', password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
}
