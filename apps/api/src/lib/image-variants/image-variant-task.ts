import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { simd } from 'wasm-feature-detect';
import { imageKind } from '../identity/image-pixels.ts';

/**
 * A stored image made narrower, as WebP: run in the API's worker pool (`lib/worker-pool.ts`), never on the event loop.
 * Decoding is jpeg-js, pngjs and @jsquash/webp's libwebp build, encoding libwebp's: WebAssembly and JavaScript shipped
 * in the packages, nothing to install.
 */

/** Larger pictures are served as they are (a phone photo is 12–50 megapixels; decoding more costs too much memory). */
const MAX_MEGAPIXELS = 50;
/** libwebp's quality, 0–100: 80 keeps photographs free of visible artefacts at a fraction of a JPEG's bytes. */
const QUALITY = 80;

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

let codecs: Promise<void> | undefined;
/** The codecs' own loaders fetch their .wasm by URL; in Node they are read from the package instead. */
function loadCodecs(): Promise<void> {
  codecs ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = (file: string) => readFileSync(require.resolve(`@jsquash/webp/codec/${file}`));
    const encoder = (await simd()) ? 'enc/webp_enc_simd.wasm' : 'enc/webp_enc.wasm';
    // Emscripten instantiates from `wasmBinary` instead of fetching (the option is not in the codecs' types).
    await Promise.all([
      initWebpDecoder({ wasmBinary: wasm('dec/webp_dec.wasm') } as Parameters<typeof initWebpDecoder>[0]),
      initWebpEncoder({ wasmBinary: wasm(encoder) } as Parameters<typeof initWebpEncoder>[0]),
    ]);
  })();
  return codecs;
}

/**
 * An image's size from its header, read before anything is decoded: PNG's IHDR, WebP's VP8, VP8L or VP8X chunk. Null
 * for JPEG (its decoder refuses more than MAX_MEGAPIXELS itself) and for anything else.
 */
export function headerSize(bytes: Uint8Array): { width: number; height: number } | null {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = imageKind(bytes);
  if (kind === 'png' && data.length >= 24) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (kind !== 'webp' || data.length < 30) return null;
  const chunk = data.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

async function decode(bytes: Uint8Array): Promise<Rgba | null> {
  const kind = imageKind(bytes);
  if (kind === 'jpeg')
    return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 1024 });
  if (kind === 'png') {
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: png.width, height: png.height, data: png.data };
  }
  if (kind === 'webp') return decodeWebp(bytes.slice().buffer);
  // GIF (perhaps animated) and anything else: served as it is.
  return null;
}

/**
 * Narrowed to `width` by averaging the source pixels each output pixel covers, colours weighted by their opacity (so a
 * transparent pixel's colour does not bleed into its neighbours').
 */
export function downscale(image: Rgba, width: number): Rgba {
  const factor = image.width / width;
  const height = Math.max(1, Math.round(image.height / factor));
  const out = new Uint8ClampedArray(width * height * 4);
  const src = image.data;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * factor);
    const y1 = Math.min(image.height, Math.max(y0 + 1, Math.floor((y + 1) * factor)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * factor);
      const x1 = Math.min(image.width, Math.max(x0 + 1, Math.floor((x + 1) * factor)));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0, p = (sy * image.width + x0) * 4; sx < x1; sx++, p += 4) {
          const alpha = src[p + 3] ?? 255;
          r += (src[p] ?? 0) * alpha;
          g += (src[p + 1] ?? 0) * alpha;
          b += (src[p + 2] ?? 0) * alpha;
          a += alpha;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      out[o] = a ? r / a : 0;
      out[o + 1] = a ? g / a : 0;
      out[o + 2] = a ? b / a : 0;
      out[o + 3] = a / count;
    }
  }
  return { width, height, data: out };
}

/**
 * The image `width` pixels wide as WebP, or null where it is served as it is: not wider than that already, a GIF, too
 * large to decode, or not a readable JPEG, PNG or WebP.
 */
export async function webpVariant(bytes: Uint8Array, width: number): Promise<Uint8Array | null> {
  // Decided from the header where it says: no decoding for an image that is narrow already, or too large to decode
  // (a small file can declare a huge canvas).
  const declared = headerSize(bytes);
  if (declared && (declared.width <= width || declared.width * declared.height > MAX_MEGAPIXELS * 1_000_000)) return null;
  let image: Rgba | null;
  try {
    await loadCodecs();
    image = await decode(bytes);
  } catch {
    return null;
  }
  if (!image || image.width <= width) return null;
  const small = downscale(image, width);
  const data = small.data instanceof Uint8ClampedArray ? small.data : new Uint8ClampedArray(small.data);
  const encoded = await encodeWebp(
    { width: small.width, height: small.height, data, colorSpace: 'srgb' } as unknown as Parameters<typeof encodeWebp>[0],
    {
      quality: QUALITY,
    },
  );
  return new Uint8Array(encoded);
}
