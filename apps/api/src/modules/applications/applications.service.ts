import type { Application } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findApplication, findApplicationUnscoped, toApplication } from './applications.repository.ts';

/**
 * GET application/{id}: the applicant, the owners of the application's tenant (reviewers) and platform admins
 * (any tenant's). Everyone else gets the same 404 as for an id that does not exist, so ids reveal nothing.
 */
export async function getApplication(db: DbOrTx, auth: AuthContext, id: string): Promise<Application> {
  const found = auth.isPlatformAdmin ? await findApplicationUnscoped(db, id) : await findApplication(db, auth.tenantId, id);
  const isOwner = auth.member?.role === 'owner';
  if (!found || !(auth.isPlatformAdmin || isOwner || found.row.userId === auth.user.id)) throw notFound('Application');
  return toApplication(found);
}
