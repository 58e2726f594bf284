import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Box, IconButton, Stack, Typography, useMediaQuery } from '@mui/material';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_WINDOW, type MarketplaceOfferCard } from '@tessera/domain';
import { useEffect, useState } from 'react';
import { ShowcaseCarouselSlide } from './showcase-carousel-slide.tsx';

/** How far slide `index` is from the active one, going round the ends (the carousel wraps). */
export function slideDistance(index: number, active: number, count: number): number {
  const d = Math.abs(index - active) % count;
  return Math.min(d, count - d);
}

/**
 * The handpicked deals (001 §2, §9): advances every 5 s, and keeps only the slides within 2 of the active one
 * in the page. Hovering or focusing it pauses the rotation, as does the pause button (WAI-ARIA carousel pattern);
 * with reduced motion the slides change without a fade, but still advance.
 */
export function ShowcaseCarousel({ offers, title = 'Handpicked Deals' }: { offers: MarketplaceOfferCard[]; title?: string }) {
  const count = offers.length;
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const rotating = count > 1 && !stopped && !hovered && !focused;
  const current = count > 0 ? active % count : 0;

  useEffect(() => {
    if (!rotating) return;
    // A timeout per slide: moving by hand restarts the full interval for the slide chosen.
    const timer = setTimeout(() => setActive((a) => (a + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, count]);

  if (count === 0) return null;
  const go = (index: number) => setActive(((index % count) + count) % count);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={title}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.paper' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5 }}>
        <Typography variant="overline" component="h2" sx={{ color: 'primary.main', fontWeight: 700 }}>
          {title}
        </Typography>
        {count > 1 && (
          <IconButton
            size="small"
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
          >
            {stopped ? <PlayArrow fontSize="small" /> : <Pause fontSize="small" />}
          </IconButton>
        )}
      </Stack>
      {/* Screen readers are not interrupted while the slides rotate by themselves; a chosen slide is announced. */}
      <Box aria-live={rotating ? 'off' : 'polite'} aria-atomic="false" sx={{ display: 'grid' }}>
        {offers.map((offer, index) => {
          if (slideDistance(index, current, count) > CAROUSEL_WINDOW) return null;
          const isActive = index === current;
          return (
            <Box
              key={offer._id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!isActive}
              inert={!isActive}
              data-active={isActive || undefined}
              sx={{
                gridArea: '1 / 1',
                minWidth: 0,
                opacity: isActive ? 1 : 0,
                visibility: isActive ? 'visible' : 'hidden',
                transition: reducedMotion ? 'none' : (theme) => theme.transitions.create(['opacity', 'visibility'], { duration: 400 }),
              }}
            >
              <ShowcaseCarouselSlide offer={offer} eager={isActive} />
            </Box>
          );
        })}
      </Box>
      {count > 1 && (
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'center', gap: 0.5, px: 1, pb: 1 }}>
          <IconButton onClick={() => go(current - 1)} aria-label="Previous slide">
            <ChevronLeft />
          </IconButton>
          <Stack direction="row" sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
            {offers.map((offer, index) => (
              <IconButton
                key={offer._id}
                size="small"
                onClick={() => go(index)}
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === current ? 'true' : undefined}
                sx={{ p: 0.75 }}
              >
                <Box
                  component="span"
                  sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: index === current ? 'primary.main' : 'action.disabled' }}
                />
              </IconButton>
            ))}
          </Stack>
          <IconButton onClick={() => go(current + 1)} aria-label="Next slide">
            <ChevronRight />
          </IconButton>
        </Stack>
      )}
    </Box>
  );
}
