// The widths the API serves an image at, and the `srcset` that lists them: a module of its own, so that a page drawing
// an image does not load the document schemas with it (a bundle keeps a module whole in one chunk).

/**
 * The widths an image is also served at (`?w=`), for `<img srcset>`: a WebP copy that many pixels wide, made on the
 * first ask. An image no wider than that is sent as it is.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * The width the original of a narrowable image is listed at in a `srcset`, past the widest copy. The API does not
 * record an image's own width, so the original stands for "wider than the widest copy": a browser takes it only where
 * it needs more than 1280 pixels (a retina desktop's full-width banner), and gets what it got before copies existed.
 */
export const IMAGE_ORIGINAL_SRCSET_WIDTH = 2560;

/** An address of an image the API serves at IMAGE_WIDTHS: a signed tenant image or a marketplace image. */
export const NARROWABLE_IMAGE = /^\/api\/v1\/tenant\/[^/?#]+\/(images|marketplace\/images)\/[0-9a-f]{24}(\?|$)/;

/**
 * The `srcset` of an image the API can narrow: every width it offers (WebP copies) and the original, so the browser
 * downloads the copy the place needs (with `sizes`) instead of the original; undefined for any other address (an
 * external image). The web app and the server's first paint both use it, so the copy one picks is the one the other
 * asks for.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !NARROWABLE_IMAGE.test(url)) return undefined;
  return [...IMAGE_WIDTHS.map((width) => `${copyUrl(url, width)} ${width}w`), `${url} ${IMAGE_ORIGINAL_SRCSET_WIDTH}w`].join(', ');
}

const copyUrl = (url: string, width: number) => `${url}${url.includes('?') ? '&' : '?'}w=${width}`;

/**
 * The address of the API's copy of an image `width` pixels wide, or the address as it is for an image the API cannot
 * narrow: for a place drawn at one small size on every screen (a logo's square), where one copy serves every pixel
 * density and no `srcset` is needed. (MUI's Avatar checks its image with a detached `new Image()`, which has no
 * `sizes`: given a `srcset`, it picked a copy for the window's width and downloaded a second one.)
 */
export function imageCopyUrl(url: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return NARROWABLE_IMAGE.test(url) ? copyUrl(url, width) : url;
}
