import type { DocumentRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DocumentAccessRule, DocumentLockRule } from '../documents/index.ts';
import { loadWorkflow } from '../workflows/index.ts';
import { findEnvelopeOfDocument } from './esign.repository.ts';
import { CERTIFICATE_TAG } from './esign.service.ts';

/** Only these documents are looked up: other documents never pay for the query. */
const isSigningDocument = (row: Pick<DocumentRow, 'type' | 'tags'>) =>
  row.type === 'subscription-agreement' || row.tags.includes(CERTIFICATE_TAG);

/**
 * A signed agreement and its certificate of completion are the investor's (they own them) and are shared with whoever
 * may read the workflow: the team of the offer's institution. Anyone else finds nothing.
 */
export const esignDocumentAccess: DocumentAccessRule = async (db, auth, row) => {
  if (!isSigningDocument(row)) return null;
  const envelope = await findEnvelopeOfDocument(db, auth.tenantId, row.id);
  if (!envelope) return null;
  try {
    await loadWorkflow(db, auth, envelope.workflowId);
    return 'viewer';
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
};

/** A signed agreement and its certificate are a record: nobody changes or deletes them, the investor who owns them included. */
export const esignDocumentLock: DocumentLockRule = async (db, tenantId, row) =>
  isSigningDocument(row) && (await findEnvelopeOfDocument(db, tenantId, row.id)) !== undefined;
