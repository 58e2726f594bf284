import { describe, expect, it } from 'vitest';
import { IMAGE_ORIGINAL_SRCSET_WIDTH, IMAGE_WIDTHS, imageCopyUrl, imageSrcSet } from './image-widths.ts';

describe('imageSrcSet', () => {
  it("lists every width of the API's signed and marketplace images, then the original", () => {
    const signed = '/api/v1/tenant/t1/images/0123456789abcdef01234567?exp=1&sig=abc';
    expect(imageSrcSet(signed)).toBe(
      [...[320, 640, 960, 1280].map((w) => `${signed}&w=${w} ${w}w`), `${signed} ${IMAGE_ORIGINAL_SRCSET_WIDTH}w`].join(', '),
    );
    const open = '/api/v1/tenant/t1/marketplace/images/0123456789abcdef01234567';
    expect(imageSrcSet(open)).toBe(
      [...IMAGE_WIDTHS.map((w) => `${open}?w=${w} ${w}w`), `${open} ${IMAGE_ORIGINAL_SRCSET_WIDTH}w`].join(', '),
    );
  });

  it('leaves other addresses alone', () => {
    for (const url of ['https://cdn.example.com/a.png', '/api/v1/image/0123456789abcdef01234567', '', null, undefined])
      expect(imageSrcSet(url)).toBeUndefined();
  });
});

describe('imageCopyUrl', () => {
  it("is the address of one copy of the API's images, and any other address as it is", () => {
    expect(imageCopyUrl('/api/v1/tenant/t1/images/0123456789abcdef01234567?exp=1&sig=abc', 320)).toBe(
      '/api/v1/tenant/t1/images/0123456789abcdef01234567?exp=1&sig=abc&w=320',
    );
    expect(imageCopyUrl('/api/v1/tenant/t1/marketplace/images/0123456789abcdef01234567', 320)).toBe(
      '/api/v1/tenant/t1/marketplace/images/0123456789abcdef01234567?w=320',
    );
    expect(imageCopyUrl('https://cdn.example.com/logo.png', 320)).toBe('https://cdn.example.com/logo.png');
  });
});
