import { IMAGE_WIDTHS } from '@tessera/domain';

/** An address of an image the API serves at IMAGE_WIDTHS (`?w=`): a signed tenant image or a marketplace image. */
const SIZED_IMAGE = /^\/api\/v1\/tenant\/[^/?#]+\/(images|marketplace\/images)\/[0-9a-f]{24}(\?|$)/;

/**
 * The `srcset` of an image the API can narrow (every width it offers, as WebP), so the browser downloads the copy the
 * place needs (with `sizes`) instead of the original; undefined for any other address (an external image).
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !SIZED_IMAGE.test(url)) return undefined;
  const join = url.includes('?') ? '&' : '?';
  return IMAGE_WIDTHS.map((width) => `${url}${join}w=${width} ${width}w`).join(', ');
}
