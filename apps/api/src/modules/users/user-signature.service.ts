import type { Readable } from 'node:stream';
import type { UserSignatureInfo } from '@tessera/domain';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { runInWorker } from '../../lib/worker-pool.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { checkUpload, IMAGE_MIME_TYPES } from '../../lib/uploads.ts';
import { recordEvent } from '../timeline/index.ts';
import { updateUser } from './users.repository.ts';

export interface SignatureDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
}

/** A saved signature is a small picture: 1 MB is plenty for a drawn one, and keeps the stamp light. */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
const SIGNATURE_IMAGE = new URL('./signature-image.ts', import.meta.url);

/** A signature is the user's own: anyone else (a platform admin too) gets the same 404 as for a missing user. */
function requireSelf(auth: AuthContext, userId: string): UserRow {
  if (auth.user.id !== userId) throw notFound('User');
  return auth.user;
}

const signatureKey = (userId: string, id: string) => `user-signatures/${userId}/${id}`;

/**
 * Held to a signature's size (413), then checked as every upload is (name, extension against content, polyglots: 400
 * saying why) and to a signature's types (415), decoded and encoded again as a plain PNG (RGBA, no metadata, nothing after its
 * end) in the worker pool (`signature-image.ts`): what is stored is what we drew ourselves, never the bytes as sent.
 */
export async function reencodeSignature(data: Buffer, fileName: string, owner: { tenantId: string; userId: string }): Promise<Buffer> {
  // Size first: a file too large is refused before its content is read through.
  if (data.length > SIGNATURE_MAX_BYTES) throw new AppError('payload-too-large', 'The signature must be at most 1 MB');
  const { mimeType: type } = await checkUpload(data, fileName, { allowed: [...IMAGE_MIME_TYPES, 'application/pdf'] });
  if (type !== 'image/png' && type !== 'image/jpeg')
    throw new AppError('unsupported-media-type', 'The signature must be a PNG or JPEG image');
  const png = await runInWorker<Uint8Array>(SIGNATURE_IMAGE, 'redrawSignature', [data, type], { owner });
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}

export function signatureInfo(user: UserRow): UserSignatureInfo {
  return { hasSignature: user.signature !== null, updatedAt: user.signatureUpdatedAt?.toISOString() ?? null };
}

/** PUT user/{id}/signature: checks and re-encodes the picture, stores it, and removes the previous one. */
export async function saveSignature(
  deps: SignatureDeps,
  auth: AuthContext,
  userId: string,
  file: UploadedFile,
): Promise<UserSignatureInfo> {
  const user = requireSelf(auth, userId);
  const png = await reencodeSignature(file.data, file.fileName, { tenantId: auth.tenantId, userId: user.id });
  const key = signatureKey(user.id, newId());
  await deps.storage.put(key, png, 'image/png');
  const now = deps.clock.now();
  let updated: UserRow;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const row = await updateUser(tx, user.id, { signature: key, signatureUpdatedAt: now });
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'upload',
        entity: user.id,
        entityType: 'user',
        userId: user.id,
        message: user.signature ? 'Replaced their saved signature' : 'Saved their signature',
        meta: {
          change: { signatureUpdatedAt: { old: user.signatureUpdatedAt?.toISOString() ?? null, new: now.toISOString() } },
          file: { mimeType: 'image/png', size: png.length },
        },
      });
      return row;
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  if (user.signature) await deps.storage.delete(user.signature).catch(() => {});
  return signatureInfo(updated);
}

export function getSignatureInfo(auth: AuthContext, userId: string): UserSignatureInfo {
  return signatureInfo(requireSelf(auth, userId));
}

/** GET user/{id}/signature: the saved picture (PNG), or 404 when none is saved. */
export async function readSignature(deps: SignatureDeps, auth: AuthContext, userId: string): Promise<{ stream: Readable; size: number }> {
  const user = requireSelf(auth, userId);
  const file = user.signature ? await deps.storage.get(user.signature) : null;
  if (!file) throw notFound('Signature');
  return file;
}

/** DELETE user/{id}/signature: forgets the saved picture (signed agreements keep their stamp). */
export async function deleteSignature(deps: SignatureDeps, auth: AuthContext, userId: string): Promise<void> {
  const user = requireSelf(auth, userId);
  if (!user.signature) throw notFound('Signature');
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { signature: null, signatureUpdatedAt: null });
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: user.id,
      entityType: 'user',
      userId: user.id,
      message: 'Deleted their saved signature',
      meta: { change: { signatureUpdatedAt: { old: user.signatureUpdatedAt?.toISOString() ?? null, new: null } } },
    });
  });
  await deps.storage.delete(user.signature).catch(() => {});
}

/** The saved signature's PNG bytes for the e-signature stamp, or null when the user has none. */
export async function readSignatureBytes(storage: FileStorage, user: Pick<UserRow, 'signature'>): Promise<Buffer | null> {
  const file = user.signature ? await storage.get(user.signature) : null;
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
