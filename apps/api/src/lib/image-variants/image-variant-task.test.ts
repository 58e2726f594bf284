import { crc32 } from 'node:zlib';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { downscale, headerSize, webpVariant } from './image-variant-task.ts';
import { gradientPng } from './image-variants.test-helpers.ts';

/** A JPEG `width` × `height` of a gradient. */
function gradientJpeg(width: number, height: number): Uint8Array {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([i % 256, (i >> 3) % 256, 128, 255], i * 4);
  return jpeg.encode({ data, width, height }, 90).data;
}

describe('webpVariant', () => {
  it('narrows a JPEG, a PNG and a WebP to the width asked, keeping their proportions', async () => {
    const fromJpeg = await webpVariant(gradientJpeg(1000, 500), 320);
    expect(headerSize(Buffer.from(fromJpeg!))).toEqual({ width: 320, height: 160 });
    const fromPng = await webpVariant(gradientPng(1300, 600), 640);
    expect(headerSize(Buffer.from(fromPng!))).toEqual({ width: 640, height: 295 });
    const fromWebp = await webpVariant(fromPng!, 320);
    expect(headerSize(Buffer.from(fromWebp!))).toEqual({ width: 320, height: 148 });
  });

  it('gives nothing for an image no wider than asked, a GIF or bytes that are no image', async () => {
    expect(await webpVariant(gradientPng(320, 100), 320)).toBeNull();
    expect(await webpVariant(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'), 320)).toBeNull();
    expect(await webpVariant(Buffer.from('not an image at all'), 320)).toBeNull();
    // A damaged JPEG (its header, then nothing): served as it is, not an error.
    expect(await webpVariant(gradientJpeg(800, 400).subarray(0, 200), 320)).toBeNull();
  });

  it('reads the size a PNG or WebP declares before decoding, and leaves a declared 400-megapixel canvas alone', async () => {
    const png = gradientPng(64, 32);
    expect(headerSize(png)).toEqual({ width: 64, height: 32 });
    // A few hundred bytes claiming 20,000 × 20,000 pixels (1.6 GB decoded): refused from the header, nothing decoded.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    // A valid header: its checksum (over the chunk's type and data) written again, so a decoder would believe it.
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(headerSize(bomb)).toEqual({ width: 20_000, height: 20_000 });
    expect(await webpVariant(bomb, 320)).toBeNull();
    expect(headerSize(Buffer.from('not an image'))).toBeNull();
  });
});

describe('downscale', () => {
  it('averages the pixels each output pixel covers, colours weighted by their opacity', () => {
    // Two pixels into one: opaque red beside a fully transparent green pixel stay red, at half the opacity.
    const out = downscale({ width: 2, height: 1, data: new Uint8Array([255, 0, 0, 255, 0, 255, 0, 0]) }, 1);
    expect([...out.data]).toEqual([255, 0, 0, 128]);
    const grey = downscale({ width: 4, height: 2, data: new Uint8Array(32).fill(100) }, 2);
    expect(grey).toMatchObject({ width: 2, height: 1 });
    expect([...grey.data]).toEqual([100, 100, 100, 100, 100, 100, 100, 100]);
  });
});
