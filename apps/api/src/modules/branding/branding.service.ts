import {
  diffChanges,
  tenantPublic,
  type Branding,
  type BrandingImageType,
  type BrandingMessaging,
  type BrandingTheme,
  type TenantPublic,
} from '@tessera/domain';
import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Db, DbOrTx } from '../../db/client.ts';
import { tenants, type TenantRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import { checkUpload, IMAGE_MIME_TYPES } from '../../lib/uploads.ts';
import type { Caller } from '../../lib/auth-context.ts';
import { recordEvent } from '../timeline/index.ts';
import { toTenantPublic, updateTenant } from '../tenants/index.ts';

export interface BrandingDeps {
  db: Db;
  storage: FileStorage;
  /** Drops the cached tenant so every page sees the new branding at once. */
  invalidate: (slug: string) => void;
}

/** The public address of a branding image: served without sign-in, and new with every upload. */
const brandingMediaUrl = (tenantId: string, imageId: string) => `/api/v1/tenant/${tenantId}/branding/media/${imageId}`;
const storageKey = (tenantId: string, type: BrandingImageType, imageId: string) => `branding/${tenantId}/${type}-${imageId}`;

/** Only the host's tenant can be changed through its address: any other id is a 404. */
function assertHostTenant(host: TenantRow, id: string): void {
  if (host.id !== id) throw notFound('Organization');
}

async function lockTenant(tx: DbOrTx, id: string): Promise<TenantRow> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, id)).for('update').limit(1);
  if (!row) throw notFound('Organization');
  return row;
}

/** Writes a new branding and its timeline event in one transaction, then drops the cached tenant. */
async function changeBranding(
  deps: BrandingDeps,
  caller: Caller,
  host: TenantRow,
  id: string,
  change: (current: Branding) => { next: Branding; message: string; type: 'update' | 'upload'; meta: Record<string, unknown> },
): Promise<{ tenant: TenantPublic; previous: Branding }> {
  assertHostTenant(host, id);
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockTenant(tx, id);
    const { next, message, type, meta } = change(row.branding);
    const updated = await updateTenant(tx, id, { branding: next });
    await recordEvent(tx, { tenantId: id, type, entity: id, entityType: 'tenant', message, caller, meta });
    return { tenant: toTenantPublic(updated), previous: row.branding };
  });
  deps.invalidate(host.slug);
  return { tenant: tenantPublic.parse(result.tenant), previous: result.previous };
}

export async function updateTheme(
  deps: BrandingDeps,
  caller: Caller,
  host: TenantRow,
  id: string,
  theme: BrandingTheme,
): Promise<TenantPublic> {
  const { tenant } = await changeBranding(deps, caller, host, id, (current) => ({
    next: { ...current, theme },
    type: 'update',
    message: 'Branding theme updated',
    meta: { change: diffChanges<Record<string, unknown>>(current.theme, theme) },
  }));
  return tenant;
}

export async function updateMessaging(
  deps: BrandingDeps,
  caller: Caller,
  host: TenantRow,
  id: string,
  messaging: BrandingMessaging,
): Promise<TenantPublic> {
  const { tenant } = await changeBranding(deps, caller, host, id, (current) => ({
    next: { ...current, messaging },
    type: 'update',
    message: 'Branding messaging updated',
    meta: { change: diffChanges<Record<string, unknown>>(current.messaging, messaging) },
  }));
  return tenant;
}

/** Stores a new image of one type (PNG, JPEG, GIF or WebP by content) and deletes the one it replaces. */
export async function uploadMedia(
  deps: BrandingDeps,
  caller: Caller,
  host: TenantRow,
  id: string,
  type: BrandingImageType,
  file: { data: Buffer; fileName: string },
): Promise<TenantPublic> {
  assertHostTenant(host, id);
  const checked = await checkUpload(file.data, file.fileName, { allowed: IMAGE_MIME_TYPES });
  const imageId = newId();
  const key = storageKey(id, type, imageId);
  await deps.storage.put(key, file.data, checked.mimeType);
  let result: Awaited<ReturnType<typeof changeBranding>>;
  try {
    result = await changeBranding(deps, caller, host, id, (current) => {
      const old = current.images.find((i) => i.type === type);
      return {
        next: {
          ...current,
          images: [...current.images.filter((i) => i.type !== type), { type, _id: imageId, url: brandingMediaUrl(id, imageId) }],
        },
        type: 'upload',
        message: `Branding image uploaded: ${type}`,
        meta: { change: { [type]: { old: old?._id ?? null, new: imageId } } },
      };
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
  const old = result.previous.images.find((i) => i.type === type);
  if (old) await deps.storage.delete(storageKey(id, type, old._id)).catch(() => {});
  return result.tenant;
}

export async function deleteMedia(
  deps: BrandingDeps,
  caller: Caller,
  host: TenantRow,
  id: string,
  type: BrandingImageType,
): Promise<TenantPublic> {
  const { tenant, previous } = await changeBranding(deps, caller, host, id, (current) => {
    const old = current.images.find((i) => i.type === type);
    if (!old) throw notFound('Branding image');
    return {
      next: { ...current, images: current.images.filter((i) => i.type !== type) },
      type: 'update',
      message: `Branding image removed: ${type}`,
      meta: { change: { [type]: { old: old._id, new: null } } },
    };
  });
  const old = previous.images.find((i) => i.type === type);
  if (old) await deps.storage.delete(storageKey(id, type, old._id)).catch(() => {});
  return tenant;
}

/** A branding image of a tenant, by its id: public, since sign-in pages show it. */
export async function openMedia(
  deps: BrandingDeps,
  tenant: TenantRow | null | undefined,
  imageId: string,
): Promise<{ stream: Readable; size: number }> {
  const image = tenant?.branding.images.find((i) => i._id === imageId);
  if (!tenant || !image) throw notFound('Image');
  const file = await deps.storage.get(storageKey(tenant.id, image.type, image._id));
  if (!file) throw notFound('Image');
  return file;
}

/** The bytes of one of a tenant's branding images (the accreditation letter prints the logo), or null when it is gone. */
export async function readBrandingImage(storage: FileStorage, tenant: TenantRow, imageId: string): Promise<Buffer | null> {
  const image = tenant.branding.images.find((i) => i._id === imageId);
  const file = image ? await storage.get(storageKey(tenant.id, image.type, image._id)) : null;
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
