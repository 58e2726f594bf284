import { diffChanges, type DocumentEntityType, type DocumentType } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { DocumentRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { recordEvent } from '../timeline/index.ts';
import { insertDocument } from './documents.repository.ts';

/** A file the app wrote to storage for a document it issues, before the transaction that records it. */
export interface IssuedFile {
  id: string;
  storageKey: string;
  size: number;
  /** Removes the bytes again when the transaction that was to record them fails. */
  discard(): Promise<void>;
}

/** Stores the bytes of a document the app makes (not an upload: no upload checks), under a generated key. */
export async function storeIssuedFile(storage: FileStorage, tenantId: string, data: Buffer, mimeType: string): Promise<IssuedFile> {
  const id = newId();
  const storageKey = `documents/${tenantId}/${id}`;
  await storage.put(storageKey, data, mimeType);
  return { id, storageKey, size: data.length, discard: () => storage.delete(storageKey).catch(() => {}) };
}

/**
 * Records a document the app issued for a user (e.g. the accreditation letter) inside the caller's transaction: the
 * user owns it (uploadedBy), the event names who caused it (`actorId`, e.g. the reviewer).
 */
export async function insertIssuedDocument(
  tx: DbOrTx,
  file: IssuedFile,
  values: {
    tenantId: string;
    ownerId: string;
    actorId: string;
    name: string;
    type: DocumentType;
    entityType: DocumentEntityType;
    tags: string[];
    description: string | null;
    originalName: string;
    mimeType: string;
  },
): Promise<DocumentRow> {
  const { ownerId, actorId, ...metadata } = values;
  const row = await insertDocument(tx, { ...metadata, id: file.id, size: file.size, storageKey: file.storageKey, uploadedBy: ownerId });
  await recordEvent(tx, {
    tenantId: values.tenantId,
    type: 'upload',
    entity: row.id,
    entityType: 'document',
    userId: actorId,
    message: `Issued ${row.name}`,
    meta: {
      change: diffChanges(
        {},
        { name: row.name, type: row.type, entityType: row.entityType, tags: row.tags, originalName: row.originalName, size: row.size },
      ),
    },
    refs: [{ entity: ownerId, entityType: 'user' }],
  });
  return row;
}
