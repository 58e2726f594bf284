import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../storage/storage.ts';
import { runInWorker } from '../worker-pool.ts';

const TASK = new URL('./image-variant-task.ts', import.meta.url);

/** A stored image's bytes, as the image routes send them. */
export interface ImageFile {
  stream: Readable;
  size: number;
}

/** Where the image is stored and what it is (its row's storageKey and mimeType). */
export interface StoredImage {
  storageKey: string;
  mimeType: string;
}

/**
 * Copies being made on this node, by key: asks for the same image and width that arrive meanwhile wait for the one copy
 * instead of each decoding and encoding it (a new offer's banner, asked for by every visitor at once, would otherwise
 * fill the worker pool that PDF parsing shares). Each resolves to the bytes to send: the copy, or the original.
 */
const making = new Map<string, Promise<Buffer>>();

/**
 * The image narrowed to `width` (one of the domain's IMAGE_WIDTHS) as WebP, for `<img srcset>`: a card 344 px wide on a
 * phone no longer downloads a 4,000 px photograph. Made in the worker pool on the first ask for that width and kept in
 * storage beside the original (`<key>-w<width>`), so every later ask, on any node, reads it; asks that arrive while it
 * is being made wait for it. Where a narrower copy would not help (the image is not wider, a GIF, too large or
 * unreadable to decode) or making it fails, the original is sent, as without a width; a copy of it is then kept under
 * the width's key, so the decision is made once too. A failure of the pool (a timeout under load) is not kept: the
 * next ask tries again.
 */
export async function imageAtWidth(
  deps: { storage: FileStorage; log: FastifyBaseLogger },
  image: StoredImage,
  original: ImageFile,
  width: number | undefined,
): Promise<ImageFile> {
  if (width === undefined) return original;
  const key = `${image.storageKey}-w${width}`;
  const kept = await deps.storage.get(key);
  if (kept) {
    original.stream.destroy();
    return kept;
  }
  // Looked up and set with no await between: the first ask to get here makes the copy, the others wait for it.
  let copy = making.get(key);
  if (copy) original.stream.destroy();
  else {
    copy = makeCopy(deps, image, original, width, key).finally(() => making.delete(key));
    making.set(key, copy);
  }
  const data = await copy;
  return { stream: Readable.from([data]), size: data.byteLength };
}

async function makeCopy(
  deps: { storage: FileStorage; log: FastifyBaseLogger },
  image: StoredImage,
  original: ImageFile,
  width: number,
  key: string,
): Promise<Buffer> {
  const bytes = await buffer(original.stream);
  let variant: Uint8Array | null;
  try {
    variant = await runInWorker<Uint8Array | null>(TASK, 'webpVariant', [bytes, width]);
  } catch (error) {
    deps.log.warn({ err: error, storageKey: image.storageKey, width }, 'the image could not be narrowed: its original is sent');
    return bytes;
  }
  // A copy no smaller than the original would only cost the browser: the original is kept under the width instead.
  const narrower = variant && variant.byteLength < bytes.byteLength ? variant : null;
  const data = narrower ? Buffer.from(narrower.buffer, narrower.byteOffset, narrower.byteLength) : bytes;
  await deps.storage.put(key, data, narrower ? 'image/webp' : image.mimeType);
  return data;
}

/**
 * Makes the image's copies at `widths` ahead of the first ask, one after the other (the worker pool is shared with PDF
 * parsing): for an image just attached to an offer or an institution, whose first visitors would otherwise wait for
 * each copy (0.1–0.6 s). A width already kept is skipped; a missing original makes nothing.
 */
export async function makeImageCopies(
  deps: { storage: FileStorage; log: FastifyBaseLogger },
  image: StoredImage,
  widths: readonly number[],
): Promise<void> {
  for (const width of widths) {
    const kept = await deps.storage.get(`${image.storageKey}-w${width}`);
    if (kept) {
      kept.stream.destroy();
      continue;
    }
    const original = await deps.storage.get(image.storageKey);
    if (!original) return;
    (await imageAtWidth(deps, image, original, width)).stream.destroy();
  }
}
