import { PNG as PngImage } from 'pngjs';

/** A PNG `width` × `height` of a colour gradient (photo-like enough that WebP makes it smaller). */
export function gradientPng(width: number, height: number): Buffer {
  const png = new PngImage({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      png.data[p] = (x * 255) / width;
      png.data[p + 1] = (y * 255) / height;
      png.data[p + 2] = ((x + y) * 7) % 256;
      png.data[p + 3] = 255;
    }
  return PngImage.sync.write(png);
}

/** A WebP file's canvas size, read from its header (lossy VP8, lossless VP8L or extended VP8X), or null. */
export function webpSize(data: Buffer): { width: number; height: number } | null {
  if (data.toString('ascii', 0, 4) !== 'RIFF' || data.toString('ascii', 8, 12) !== 'WEBP') return null;
  const chunk = data.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  if (chunk === 'VP8 ') return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}
