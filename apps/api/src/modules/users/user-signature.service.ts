import type { Readable } from 'node:stream';
import type { UserSignatureInfo } from '@tessera/domain';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
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
/** Wider or taller than this is not a signature (and decoding it would take memory for nothing). */
const MAX_SIDE = 4096;
const MAX_PIXELS = 8_000_000;

/** A signature is the user's own: anyone else (a platform admin too) gets the same 404 as for a missing user. */
function requireSelf(auth: AuthContext, userId: string): UserRow {
  if (auth.user.id !== userId) throw notFound('User');
  return auth.user;
}

const signatureKey = (userId: string, id: string) => `user-signatures/${userId}/${id}`;

function tooLarge(width: number, height: number) {
  return width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS;
}

/**
 * The upload checked as every upload is (name, extension against content, polyglots: 400 saying why), then held to a
 * signature's types and size (415, 413), decoded and encoded again as a plain PNG (RGBA, no metadata, nothing after its
 * end): what is stored is what we drew ourselves, never the bytes as sent.
 */
export async function reencodeSignature(data: Buffer, fileName: string): Promise<Buffer> {
  const { mimeType: type } = await checkUpload(data, fileName, { allowed: [...IMAGE_MIME_TYPES, 'application/pdf'] });
  if (type !== 'image/png' && type !== 'image/jpeg')
    throw new AppError('unsupported-media-type', 'The signature must be a PNG or JPEG image');
  if (data.length > SIGNATURE_MAX_BYTES) throw new AppError('payload-too-large', 'The signature must be at most 1 MB');
  let image: { width: number; height: number; data: Buffer | Uint8Array };
  try {
    if (type === 'image/png') {
      // The size from the IHDR chunk, before decoding allocates width × height × 4 bytes.
      if (data.length < 24 || tooLarge(data.readUInt32BE(16), data.readUInt32BE(20))) throw new Error('size');
      image = PNG.sync.read(data);
    } else {
      image = jpeg.decode(data, { useTArray: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 64 });
    }
  } catch {
    throw new AppError('bad-request', `The signature cannot be read as an image (at most ${MAX_SIDE} pixels a side)`);
  }
  if (tooLarge(image.width, image.height)) throw new AppError('bad-request', `The signature must be at most ${MAX_SIDE} pixels a side`);
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png);
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
  const png = await reencodeSignature(file.data, file.fileName);
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
