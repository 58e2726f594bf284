import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import decodeWebp, { init as initWebp } from '@jsquash/webp/decode.js';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Uploaded images as grey pixels, for the OCR and the barcode reader. Decoding is pure JavaScript or WebAssembly
 * shipped in the packages (jpeg-js for JPEG, pngjs for PNG, @jsquash/webp's libwebp build for WebP): nothing to
 * install or download. Runs in the image worker (`image-worker.ts`), never on the event loop.
 */

export interface GreyImage {
  width: number;
  height: number;
  /** One byte a pixel, row by row. */
  data: Uint8Array;
}

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Larger pictures are refused before decoding (a phone photo is 12–50 megapixels; a bomb is far more). */
const MAX_MEGAPIXELS = 64;

export class UnreadableImageError extends Error {}

export function imageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length > 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

let webpReady: Promise<void> | undefined;
function webpDecoder(): Promise<void> {
  // The codec's own loader fetches its .wasm by URL; in Node it is read from the package instead.
  webpReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('@jsquash/webp/codec/dec/webp_dec.wasm'));
    // Emscripten instantiates from `wasmBinary` instead of fetching (the option is not in the codec's types).
    await initWebp({ wasmBinary: wasm } as Parameters<typeof initWebp>[0]);
  })();
  return webpReady;
}

function toGrey(width: number, height: number, rgba: ArrayLike<number>): GreyImage {
  if (width * height > MAX_MEGAPIXELS * 1_000_000) throw new UnreadableImageError('the image is too large');
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    const alpha = (rgba[p + 3] ?? 255) / 255;
    // Luma (BT.601); a transparent pixel reads as white paper.
    const luma = 0.299 * (rgba[p] ?? 0) + 0.587 * (rgba[p + 1] ?? 0) + 0.114 * (rgba[p + 2] ?? 0);
    data[i] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return { width, height, data };
}

/** JPEG, PNG or WebP bytes as grey pixels; throws UnreadableImageError for anything else or a broken file. */
export async function decodeGrey(bytes: Uint8Array): Promise<GreyImage> {
  const kind = imageKind(bytes);
  try {
    if (kind === 'jpeg') {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: MAX_MEGAPIXELS,
        maxMemoryUsageInMB: 1024,
      });
      return toGrey(image.width, image.height, image.data);
    }
    if (kind === 'png') {
      const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return toGrey(png.width, png.height, png.data);
    }
    if (kind === 'webp') {
      await webpDecoder();
      const image = await decodeWebp(bytes.slice().buffer);
      return toGrey(image.width, image.height, image.data);
    }
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError(`the ${kind?.toUpperCase() ?? ''} file is damaged`, { cause: error });
  }
  throw new UnreadableImageError('it is not a JPEG, PNG or WebP image');
}

/** A rectangle of the image (clamped to it). */
export function crop(image: GreyImage, left: number, top: number, width: number, height: number): GreyImage {
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const w = Math.max(1, Math.min(image.width - x0, Math.floor(width)));
  const h = Math.max(1, Math.min(image.height - y0, Math.floor(height)));
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(image.data.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x0 + w), y * w);
  return { width: w, height: h, data };
}

/** Resized by area averaging (down) or bilinear interpolation (up) so that it is `width` pixels wide. */
export function scaleToWidth(image: GreyImage, width: number): GreyImage {
  if (width === image.width) return image;
  const factor = image.width / width;
  const height = Math.max(1, Math.round(image.height / factor));
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (factor > 1) {
        let sum = 0;
        let count = 0;
        const ys = Math.floor(y * factor);
        const ye = Math.min(image.height, Math.ceil((y + 1) * factor));
        const xs = Math.floor(x * factor);
        const xe = Math.min(image.width, Math.ceil((x + 1) * factor));
        for (let sy = ys; sy < ye; sy++) for (let sx = xs; sx < xe; sx++, count++) sum += image.data[sy * image.width + sx] ?? 255;
        data[y * width + x] = count ? Math.round(sum / count) : 255;
      } else {
        const sx = Math.min(image.width - 1, (x + 0.5) * factor - 0.5);
        const sy = Math.min(image.height - 1, (y + 0.5) * factor - 0.5);
        const x0 = Math.max(0, Math.floor(sx));
        const y0 = Math.max(0, Math.floor(sy));
        const x1 = Math.min(image.width - 1, x0 + 1);
        const y1 = Math.min(image.height - 1, y0 + 1);
        const fx = sx - x0;
        const fy = sy - y0;
        const at = (px: number, py: number) => image.data[py * image.width + px] ?? 255;
        const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
        const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
        data[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { width, height, data };
}

/** The image turned half a turn (a page photographed upside down). */
export function rotateHalfTurn(image: GreyImage): GreyImage {
  return { width: image.width, height: image.height, data: image.data.slice().reverse() };
}

/**
 * How sharply the image varies where it varies most: the mean difference between neighbouring pixels in the busiest
 * of 8 × 8 tiles. A blank or blurred-out page is low everywhere; a document photographed on a plain table is high on
 * the document however much table surrounds it.
 */
export function edgeEnergy(image: GreyImage): number {
  const tiles = 8;
  const sums = new Float64Array(tiles * tiles);
  const counts = new Uint32Array(tiles * tiles);
  for (let y = 0; y < image.height; y += 2) {
    const row = Math.min(tiles - 1, Math.floor((y * tiles) / image.height));
    for (let x = 1; x < image.width; x += 2) {
      const tile = row * tiles + Math.min(tiles - 1, Math.floor((x * tiles) / image.width));
      sums[tile] = (sums[tile] ?? 0) + Math.abs((image.data[y * image.width + x] ?? 0) - (image.data[y * image.width + x - 1] ?? 0));
      counts[tile] = (counts[tile] ?? 0) + 1;
    }
  }
  let busiest = 0;
  for (let i = 0; i < sums.length; i++) if (counts[i]) busiest = Math.max(busiest, (sums[i] ?? 0) / (counts[i] ?? 1));
  return busiest;
}

/** Grey pixels as a PNG (what the OCR engine takes). */
export function encodePng(image: GreyImage): Buffer {
  const png = new PNG({ width: image.width, height: image.height, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}
