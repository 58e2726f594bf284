import {
  diffChanges,
  type FinancialAccount,
  type List,
  type PageQuery,
  type createFinancialAccountBody,
  type updateFinancialAccountBody,
} from '@tessera/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { FinancialAccountRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import { REDACTED } from '../../lib/pii.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { unlinkFinancialAccount } from '../individual-profiles/index.ts';
import { unlinkFinancialAccountFromEntities } from '../legal-entity-profiles/index.ts';
import { recordEvent } from '../timeline/index.ts';
import {
  deleteAccount,
  findAccount,
  insertAccount,
  listAccounts,
  toFinancialAccount,
  updateAccount,
} from './financial-accounts.repository.ts';

export interface FinancialAccountDeps {
  db: Db;
  cipher: FieldCipher;
}

/** Account numbers never leave the server in clear, and never enter the timeline. */
export { REDACTED };

/** Only the owner sees an account; anyone else's id is not found. */
async function requireOwnAccount(db: DbOrTx, auth: AuthContext, id: string): Promise<FinancialAccountRow> {
  const row = await findAccount(db, auth.tenantId, auth.user.id, id);
  if (!row) throw notFound('Financial account');
  return row;
}

export async function listFinancialAccounts(deps: FinancialAccountDeps, auth: AuthContext, q: PageQuery): Promise<List<FinancialAccount>> {
  const { rows, total } = await listAccounts(deps.db, auth.tenantId, auth.user.id, { limit: q.limit, offset: offsetOf(q) });
  return { data: rows.map((row) => toFinancialAccount(row, deps.cipher)), meta: pageMeta(q, total) };
}

export async function getFinancialAccount(deps: FinancialAccountDeps, auth: AuthContext, id: string): Promise<FinancialAccount> {
  return toFinancialAccount(await requireOwnAccount(deps.db, auth, id), deps.cipher);
}

export async function createFinancialAccount(
  deps: FinancialAccountDeps,
  auth: AuthContext,
  body: z.output<typeof createFinancialAccountBody>,
): Promise<FinancialAccount> {
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertAccount(tx, auth.tenantId, auth.user.id, newId(), {
      accountName: body.accountName,
      type: body.type,
      numberEncrypted: deps.cipher.encrypt(body.number),
    });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'create',
      entity: created.id,
      entityType: 'financial-account',
      userId: auth.user.id,
      message: `Financial account ${created.accountName} created`,
      meta: {
        change: {
          accountName: { old: null, new: created.accountName },
          type: { old: null, new: created.type },
          number: { old: null, new: REDACTED },
        },
      },
    });
    return created;
  });
  return toFinancialAccount(row, deps.cipher);
}

export async function updateFinancialAccount(
  deps: FinancialAccountDeps,
  auth: AuthContext,
  id: string,
  body: z.output<typeof updateFinancialAccountBody>,
): Promise<FinancialAccount> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireOwnAccount(tx, auth, id);
    const change = diffChanges(
      { accountName: current.accountName, type: current.type },
      { accountName: body.accountName, type: body.type },
    );
    const numberChanged = body.number !== undefined && body.number !== deps.cipher.decrypt(current.numberEncrypted);
    if (numberChanged) change.number = { old: REDACTED, new: REDACTED };
    if (Object.keys(change).length === 0) return current;
    const updated = await updateAccount(tx, auth.tenantId, id, {
      ...(body.accountName !== undefined && { accountName: body.accountName }),
      ...(body.type !== undefined && { type: body.type }),
      ...(numberChanged && { numberEncrypted: deps.cipher.encrypt(body.number!) }),
    });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'update',
      entity: id,
      entityType: 'financial-account',
      userId: auth.user.id,
      message: `Financial account ${updated.accountName} updated`,
      meta: { change },
    });
    return updated;
  });
  return toFinancialAccount(row, deps.cipher);
}

export async function deleteFinancialAccount(deps: FinancialAccountDeps, auth: AuthContext, id: string): Promise<FinancialAccount> {
  return deps.db.transaction(async (tx) => {
    const current = await requireOwnAccount(tx, auth, id);
    await unlinkFinancialAccount(tx, auth.tenantId, auth.user.id, id);
    await unlinkFinancialAccountFromEntities(tx, auth.tenantId, auth.user.id, id);
    await deleteAccount(tx, auth.tenantId, id);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: id,
      entityType: 'financial-account',
      userId: auth.user.id,
      message: `Financial account ${current.accountName} deleted`,
      meta: { delete: { accountName: current.accountName, type: current.type, number: REDACTED } },
    });
    return toFinancialAccount(current, deps.cipher);
  });
}
