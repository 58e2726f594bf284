import {
  diffChanges,
  DEFAULT_COUNTRY,
  OWNER_EQUITY_TOTAL_ERROR,
  type Business,
  type BusinessCreateInput,
  type BusinessOwner,
  type BusinessOwnerCreateInput,
  type BusinessOwnerUpdateInput,
  type BusinessUpdateInput,
  type List,
  type PageQuery,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { BusinessRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { maskSecret, type FieldCipher } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { recordEvent, userEvent } from '../timeline/index.ts';
import { findUserWithMemberByEmail } from '../users/index.ts';
import * as repo from './businesses.repository.ts';

export interface BusinessDeps {
  db: Db;
  cipher: FieldCipher;
}

const ENTITY = 'business' as const;
const invalid = (field: string, message: string) => new AppError('validation', `${field}: ${message}`);

/** The creator reads and changes their businesses; platform admins may read any of their tenant's. Others: not found. */
async function loadBusiness(db: DbOrTx, auth: AuthContext, id: string, mode: 'read' | 'write', lock = false): Promise<BusinessRow> {
  const row = await repo.findBusiness(db, auth.tenantId, id, lock);
  const allowed = row && (row.createdBy === auth.user.id || (mode === 'read' && auth.isPlatformAdmin));
  if (!row || !allowed) throw notFound('Business');
  return row;
}

async function withOwners(db: DbOrTx, cipher: FieldCipher, row: BusinessRow): Promise<Business> {
  return repo.toBusiness(row, await repo.listOwners(db, row.tenantId, [row.id]), cipher);
}

/** A parent must be another business of the same creator, and not one below this business. */
async function checkParent(db: DbOrTx, tenantId: string, createdBy: string, selfId: string | null, parentId: string | null | undefined) {
  if (!parentId) return;
  if (parentId === selfId) throw invalid('parent', 'A business cannot be its own parent');
  let cursor: string | null = parentId;
  for (let depth = 0; cursor && depth < 100; depth++) {
    const row = await repo.findBusiness(db, tenantId, cursor);
    if (!row || row.createdBy !== createdBy) throw invalid('parent', 'Choose one of your own businesses as the parent');
    if (selfId && row.parentId === selfId) throw invalid('parent', 'This would make the business its own ancestor');
    cursor = row.parentId;
  }
}

/** The fields as the timeline keeps them: the EIN only masked (as the API shows them). */
const auditFields = repo.businessFields;

export async function listBusinesses(deps: BusinessDeps, auth: AuthContext, q: PageQuery): Promise<List<Business>> {
  const { rows, total } = await repo.listBusinesses(deps.db, auth.tenantId, auth.user.id, { limit: q.limit, offset: offsetOf(q) });
  const owners = await repo.listOwners(
    deps.db,
    auth.tenantId,
    rows.map((r) => r.id),
  );
  return { data: rows.map((row) => repo.toBusiness(row, owners, deps.cipher)), meta: pageMeta(q, total) };
}

export async function getBusiness(deps: BusinessDeps, auth: AuthContext, id: string): Promise<Business> {
  return withOwners(deps.db, deps.cipher, await loadBusiness(deps.db, auth, id, 'read'));
}

export async function createBusiness(deps: BusinessDeps, auth: AuthContext, input: BusinessCreateInput): Promise<Business> {
  return deps.db.transaction(async (tx) => {
    await checkParent(tx, auth.tenantId, auth.user.id, null, input.parent);
    const values = {
      name: input.name,
      dba: input.dba,
      website: input.website ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      netWorth: input.netWorth,
      revenue: input.revenue,
      einEncrypted: deps.cipher.encrypt(input.ein),
      businessType: input.businessType,
      parentId: input.parent ?? null,
      line1: input.line1,
      line2: input.line2 ?? null,
      city: input.city,
      state: input.state,
      zip: input.zip,
      country: input.country ?? DEFAULT_COUNTRY,
    };
    const row = await repo.insertBusiness(tx, auth.tenantId, newId(), auth.user.id, values);
    await recordEvent(
      tx,
      userEvent(auth, ENTITY, row.id, {
        type: 'create',
        message: `Business ${row.name} created`,
        meta: { change: diffChanges({}, auditFields(row, input.ein)) },
      }),
    );
    return repo.toBusiness(row, [], deps.cipher);
  });
}

export async function updateBusiness(deps: BusinessDeps, auth: AuthContext, id: string, input: BusinessUpdateInput): Promise<Business> {
  return deps.db.transaction(async (tx) => {
    const row = await loadBusiness(tx, auth, id, 'write', true);
    const currentEin = deps.cipher.decryptNullable(row.einEncrypted);
    if (input.parent !== undefined && input.parent !== row.parentId)
      await checkParent(tx, auth.tenantId, row.createdBy, row.id, input.parent);
    const next = {
      ...row,
      ...Object.fromEntries(Object.entries(input).filter(([key, v]) => v !== undefined && key !== 'ein' && key !== 'parent')),
      ...(input.parent !== undefined ? { parentId: input.parent } : {}),
    } as BusinessRow;
    const nextEin = input.ein ?? currentEin;
    const change = diffChanges(auditFields(row, currentEin), auditFields(next, nextEin));
    // Two EINs sharing their last four digits mask alike; the change is still recorded (masked).
    if (nextEin !== currentEin && !change.ein) change.ein = { old: maskSecret(currentEin), new: maskSecret(nextEin) };
    if (Object.keys(change).length === 0) return withOwners(tx, deps.cipher, row);
    const { tenantId: _t, id: _i, createdBy: _c, createdAt: _ca, updatedAt: _u, ...values } = next;
    const updated = await repo.updateBusiness(tx, auth.tenantId, id, {
      ...values,
      einEncrypted: nextEin === currentEin ? row.einEncrypted : deps.cipher.encrypt(nextEin!),
    });
    await recordEvent(tx, userEvent(auth, ENTITY, id, { type: 'update', message: `Business ${updated.name} updated`, meta: { change } }));
    return withOwners(tx, deps.cipher, updated);
  });
}

export async function deleteBusiness(deps: BusinessDeps, auth: AuthContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await loadBusiness(tx, auth, id, 'write', true);
    const owners = await repo.listOwners(tx, auth.tenantId, [id]);
    await repo.deleteBusiness(tx, auth.tenantId, id);
    await recordEvent(
      tx,
      userEvent(auth, ENTITY, id, {
        type: 'delete',
        message: `Business ${row.name} deleted`,
        meta: { delete: { ...auditFields(row, deps.cipher.decryptNullable(row.einEncrypted)), owners: owners.map(repo.toBusinessOwner) } },
      }),
    );
  });
}

function checkEquityTotal(owners: readonly { equity: number }[]) {
  const total = Math.round(owners.reduce((sum, o) => sum + o.equity, 0) * 100) / 100;
  if (total > 100) throw invalid('equity', `${OWNER_EQUITY_TOTAL_ERROR} (this would make ${total}%)`);
}

const ownerName = (o: { firstname: string; lastname: string }) => `${o.firstname} ${o.lastname}`.trim();

export async function addOwner(deps: BusinessDeps, auth: AuthContext, id: string, input: BusinessOwnerCreateInput): Promise<BusinessOwner> {
  return deps.db.transaction(async (tx) => {
    const row = await loadBusiness(tx, auth, id, 'write', true);
    const owners = await repo.listOwners(tx, auth.tenantId, [id]);
    if (owners.some((o) => o.email === input.email)) throw new AppError('conflict', `${input.email} is already an owner of this business`);
    checkEquityTotal([...owners, input]);
    // Linked to the account only when that person is an active member of this tenant: an invitation not yet accepted
    // must not name the account (issue #21).
    const account = await findUserWithMemberByEmail(tx, input.email, auth.tenantId);
    const created = await repo.insertOwner(tx, auth.tenantId, newId(), id, {
      userId: account?.member?.membershipStatus === 'active' ? account.user.id : null,
      email: input.email,
      firstname: input.firstname,
      lastname: input.lastname,
      line1: input.line1 ?? null,
      line2: input.line2 ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      zip: input.zip ?? null,
      country: input.country,
      title: input.title,
      equity: input.equity,
    });
    const owner = repo.toBusinessOwner(created);
    await recordEvent(
      tx,
      userEvent(auth, ENTITY, id, {
        type: 'create',
        message: `Owner ${ownerName(input)} added to business ${row.name}`,
        meta: {
          owner: created.id,
          change: diffChanges(
            {},
            { email: input.email, firstname: input.firstname, lastname: input.lastname, title: input.title, equity: input.equity },
          ),
        },
      }),
    );
    return owner;
  });
}

export async function updateOwner(
  deps: BusinessDeps,
  auth: AuthContext,
  id: string,
  ownerId: string,
  input: BusinessOwnerUpdateInput,
): Promise<BusinessOwner> {
  return deps.db.transaction(async (tx) => {
    const row = await loadBusiness(tx, auth, id, 'write', true);
    const owners = await repo.listOwners(tx, auth.tenantId, [id]);
    const current = owners.find((o) => o.id === ownerId);
    if (!current) throw notFound('Business owner');
    checkEquityTotal([...owners.filter((o) => o.id !== ownerId), input]);
    const change = diffChanges({ title: current.title, equity: current.equity }, { title: input.title, equity: input.equity });
    if (Object.keys(change).length === 0) return repo.toBusinessOwner(current);
    const updated = await repo.updateOwner(tx, auth.tenantId, ownerId, { title: input.title, equity: input.equity });
    await recordEvent(
      tx,
      userEvent(auth, ENTITY, id, {
        type: 'update',
        message: `Owner ${ownerName(current)} of business ${row.name} updated`,
        meta: { owner: ownerId, change },
      }),
    );
    return repo.toBusinessOwner(updated);
  });
}

export async function removeOwner(deps: BusinessDeps, auth: AuthContext, id: string, ownerId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await loadBusiness(tx, auth, id, 'write', true);
    const current = (await repo.listOwners(tx, auth.tenantId, [id])).find((o) => o.id === ownerId);
    if (!current) throw notFound('Business owner');
    await repo.deleteOwner(tx, auth.tenantId, ownerId);
    await recordEvent(
      tx,
      userEvent(auth, ENTITY, id, {
        type: 'delete',
        message: `Owner ${ownerName(current)} removed from business ${row.name}`,
        meta: { owner: ownerId, delete: repo.toBusinessOwner(current) },
      }),
    );
  });
}
