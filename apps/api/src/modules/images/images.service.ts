import { diffChanges, imageMetadata, imageUrl, type Image } from '@tessera/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client.ts';
import { images, type ImageRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { parseForm } from '../../lib/multipart.ts';
import { checkUpload, IMAGE_MIME_TYPES } from '../../lib/uploads.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { recordEvent } from '../timeline/index.ts';
import { makeImageCopies } from '../../lib/image-variants/image-variants.ts';

export interface ImageDeps {
  db: Db;
  storage: FileStorage;
}

/** Stores an image (PNG, JPEG, GIF or WebP by content) under a generated key; its timeline event is a document upload (no image entity type). */
export async function uploadImage(
  deps: ImageDeps,
  auth: AuthContext,
  file: { data: Buffer; fileName: string },
  fields: Record<string, string>,
): Promise<Image> {
  const meta = parseForm(imageMetadata, fields);
  const checked = await checkUpload(file.data, file.fileName, { allowed: IMAGE_MIME_TYPES });
  const id = newId();
  const storageKey = `images/${auth.tenantId}/${id}`;
  await deps.storage.put(storageKey, file.data, checked.mimeType);
  try {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(images)
        .values({
          tenantId: auth.tenantId,
          id,
          name: meta.name ?? checked.originalName,
          type: meta.type ?? null,
          tags: meta.tags ?? [],
          mimeType: checked.mimeType,
          size: checked.size,
          storageKey,
          uploadedBy: auth.user.id,
        })
        .returning();
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'upload',
        entity: id,
        entityType: 'document',
        userId: auth.user.id,
        message: `Uploaded the image ${row!.name}`,
        meta: { change: diffChanges({}, { name: row!.name, type: row!.type, tags: row!.tags, mimeType: row!.mimeType, size: row!.size }) },
      });
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return { _id: id, url: imageUrl(id) };
}

/** Images are visible to every member of their tenant (profile pictures, lead images). */
export async function openImage(
  deps: ImageDeps,
  auth: AuthContext,
  id: string,
): Promise<{ row: ImageRow; stream: Readable; size: number }> {
  return openTenantImage(deps, auth.tenantId, id);
}

/** An image of the tenant with its bytes, or 404: for a member (openImage) or a signed address the route has checked. */
export async function openTenantImage(
  deps: ImageDeps,
  tenantId: string,
  id: string,
): Promise<{ row: ImageRow; stream: Readable; size: number }> {
  const [row] = await deps.db
    .select()
    .from(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.id, id)))
    .limit(1);
  if (!row) throw notFound('Image');
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw notFound('Image');
  return { row, ...file };
}

/** An image of the tenant and the widths it is shown at (the domain's IMAGE_WIDTHS, or a logo's one copy). */
export interface WantedCopies {
  image: string;
  widths: readonly number[];
}

/**
 * Makes the narrower copies of images an offer or institution now shows (lib/image-variants), so its first visitors
 * get them at once: work for after the answer (app.afterReply), one image after the other. Ids not of this tenant
 * are skipped.
 */
export async function prepareImageCopies(
  deps: ImageDeps & { log: FastifyBaseLogger },
  tenantId: string,
  wanted: readonly WantedCopies[],
): Promise<void> {
  if (wanted.length === 0) return;
  const rows = await deps.db
    .select({ id: images.id, storageKey: images.storageKey, mimeType: images.mimeType })
    .from(images)
    .where(and(eq(images.tenantId, tenantId), inArray(images.id, [...new Set(wanted.map((w) => w.image))])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { image, widths } of wanted) {
    const row = byId.get(image);
    if (row) await makeImageCopies(deps, row, widths);
  }
}
