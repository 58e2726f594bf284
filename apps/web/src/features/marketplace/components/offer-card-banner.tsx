import { Box } from '@mui/material';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import { imageSrcSet } from '@tessera/domain';

/** Banners are 16:9; the intrinsic size lets the browser reserve the box before the image arrives (no layout shift). */
const BANNER_WIDTH = 640;
const BANNER_HEIGHT = 360;

/**
 * An offer's banner in a 16:9 box, loaded lazily unless `eager` (the first screen's, then fetched first); a neutral box with an icon when the offer has none.
 * `sizes` tells the browser how wide it will be drawn at each breakpoint, and it picks that copy of the API's images
 * (imageSrcSet) instead of the original.
 */
export function OfferCardBanner({ src, sizes, eager = false }: { src: string | null; sizes: string; eager?: boolean }) {
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        bgcolor: 'action.hover',
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          srcSet={imageSrcSet(src)}
          alt=""
          width={BANNER_WIDTH}
          height={BANNER_HEIGHT}
          sizes={sizes}
          loading={eager ? 'eager' : 'lazy'}
          // An eager banner is the first screen's largest image: fetched ahead of the page's other images.
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <ApartmentOutlined aria-hidden sx={{ fontSize: 48, color: 'text.disabled' }} />
      )}
    </Box>
  );
}
