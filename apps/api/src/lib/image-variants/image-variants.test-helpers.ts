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
