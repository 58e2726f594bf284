import type { TenantRole } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { DocumentRow } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/auth-context.ts';

/**
 * A role on a document that another module grants by its own rule (an application's reviewers read its evidence),
 * or null. The documents module cannot import the modules that hold documents (they import it to upload), so those
 * modules register their rule here when their routes load, and `resolveAccess` asks each rule in turn.
 */
export type DocumentAccessRule = (db: DbOrTx, auth: AuthContext, row: DocumentRow, now: Date) => Promise<TenantRole | null>;

const rules = new Set<DocumentAccessRule>();

/** Adds a rule; adding the same function again (every app a test process builds registers it) changes nothing. */
export function registerDocumentAccessRule(rule: DocumentAccessRule): void {
  rules.add(rule);
}

/** The first role a registered rule grants the caller on the document, or null. */
export async function roleThroughRules(db: DbOrTx, auth: AuthContext, row: DocumentRow, now: Date): Promise<TenantRole | null> {
  for (const rule of rules) {
    const role = await rule(db, auth, row, now);
    if (role) return role;
  }
  return null;
}

/**
 * Whether another module holds the document fixed (an application's approval letter): nobody changes or deletes it
 * then, its owner included. Registered like the access rules, for the same reason.
 */
export type DocumentLockRule = (db: DbOrTx, tenantId: string, row: DocumentRow) => Promise<boolean>;

const locks = new Set<DocumentLockRule>();

export function registerDocumentLock(rule: DocumentLockRule): void {
  locks.add(rule);
}

export async function isLockedByRules(db: DbOrTx, tenantId: string, row: DocumentRow): Promise<boolean> {
  for (const rule of locks) if (await rule(db, tenantId, row)) return true;
  return false;
}
