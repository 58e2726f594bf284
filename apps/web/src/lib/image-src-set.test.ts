import { describe, expect, it } from 'vitest';
import { imageSrcSet } from './image-src-set.ts';

describe('imageSrcSet', () => {
  it("lists every width of the API's signed and marketplace images", () => {
    const signed = '/api/v1/tenant/t1/images/0123456789abcdef01234567?exp=1&sig=abc';
    expect(imageSrcSet(signed)).toBe([320, 640, 960, 1280].map((w) => `${signed}&w=${w} ${w}w`).join(', '));
    expect(imageSrcSet('/api/v1/tenant/t1/marketplace/images/0123456789abcdef01234567')).toMatch(
      /^\/api\/v1\/tenant\/t1\/marketplace\/images\/0123456789abcdef01234567\?w=320 320w, /,
    );
  });

  it('leaves other addresses alone', () => {
    for (const url of ['https://cdn.example.com/a.png', '/api/v1/image/0123456789abcdef01234567', '', null, undefined])
      expect(imageSrcSet(url)).toBeUndefined();
  });
});
