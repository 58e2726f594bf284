import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '../../lib/app-error.ts';

/**
 * A saved signature's pixels, decoded and drawn again as a plain PNG. CPU-bound (an 8-megapixel picture takes a good
 * fraction of a second), so it runs in the API's worker pool (`lib/worker-pool.ts`); the upload's checks run before,
 * in `user-signature.service.ts`.
 */

/** Wider or taller than this is not a signature (and decoding it would take memory for nothing). */
const MAX_SIDE = 4096;
const MAX_PIXELS = 8_000_000;

function tooLarge(width: number, height: number) {
  return width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS;
}

/** The PNG or JPEG `bytes` as a plain RGBA PNG (no metadata, nothing after its end), or 400 when it cannot be read. */
export function redrawSignature(bytes: Uint8Array, type: 'image/png' | 'image/jpeg'): Uint8Array {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
