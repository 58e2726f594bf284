import { Box } from '@mui/material';
import { imageSrcSet, MARKETPLACE_IMAGE_SIZES } from '@tessera/domain';

/**
 * A page's banner image, or a quiet band in the theme's colours when there is none. The browser picks the copy of the
 * API's image for the page's width (the server's first paint of an offer lists the same `srcset` and `sizes`).
 */
export function Banner({ src }: { src: string | null }) {
  return (
    <Box sx={{ height: { xs: 120, sm: 180, md: 240 }, borderRadius: { xs: 0, sm: 2 }, overflow: 'hidden', bgcolor: 'action.selected' }}>
      {src && (
        <Box
          component="img"
          src={src}
          srcSet={imageSrcSet(src)}
          sizes={MARKETPLACE_IMAGE_SIZES.pageBanner}
          alt=""
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </Box>
  );
}
