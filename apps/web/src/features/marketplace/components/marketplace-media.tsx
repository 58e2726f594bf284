import { Box, ButtonBase, Link, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { imageSrcSet, videoEmbed } from '@tessera/domain';

const ImageDialog = lazy(() => import('./image-dialog.tsx').then((m) => ({ default: m.ImageDialog })));

interface GalleryImage {
  id: string;
  src: string;
}

/** The videos of an offer or institution, in order: players for YouTube, Vimeo and video files, else a link. */
export function VideoList({ videos, title }: { videos: readonly { id: string; url: string }[]; title: string }) {
  return (
    <Stack spacing={2}>
      {videos.map((video, index) => {
        const embed = videoEmbed(video.url);
        const name = `${title} video ${index + 1}`;
        if (embed.kind === 'link') {
          return (
            <Link key={video.id} href={embed.src} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
              {`Watch ${name}`}
            </Link>
          );
        }
        return (
          <Box
            key={video.id}
            sx={{
              position: 'relative',
              width: '100%',
              maxWidth: 720,
              aspectRatio: '16 / 9',
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'action.hover',
            }}
          >
            {embed.kind === 'iframe' ? (
              <Box
                component="iframe"
                src={embed.src}
                title={name}
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
              />
            ) : (
              <Box
                component="video"
                src={embed.src}
                controls
                preload="metadata"
                aria-label={name}
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
              />
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/** A grid of lazily loaded images; a click shows one enlarged in a dialog. */
export function ImageGallery({ images, title }: { images: readonly GalleryImage[]; title: string }) {
  const [open, setOpen] = useState<GalleryImage | null>(null);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' } }}>
        {images.map((image, index) => (
          <ButtonBase
            key={image.id}
            onClick={() => setOpen(image)}
            aria-label={`Enlarge ${title} image ${index + 1}`}
            sx={{
              borderRadius: 1,
              overflow: 'hidden',
              aspectRatio: '4 / 3',
              bgcolor: 'action.hover',
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <Box
              component="img"
              src={image.src}
              srcSet={imageSrcSet(image.src)}
              alt={`${title} image ${index + 1}`}
              loading="lazy"
              decoding="async"
              sizes="(min-width: 900px) 25vw, (min-width: 600px) 33vw, 50vw"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          </ButtonBase>
        ))}
      </Box>
      {open && (
        <Suspense fallback={null}>
          <ImageDialog src={open.src} alt={`${title} image enlarged`} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
