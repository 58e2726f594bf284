import type { FontFamily } from '@tessera/domain';

/** One chunk per face, each fetched only when a tenant uses it (see load-font.ts). */
export const loaders: Record<Exclude<FontFamily, 'Roboto'>, () => Promise<unknown[]>> = {
  'DM Sans': () =>
    Promise.all([
      import('@fontsource/dm-sans/400.css'),
      import('@fontsource/dm-sans/500.css'),
      import('@fontsource/dm-sans/600.css'),
      import('@fontsource/dm-sans/700.css'),
    ]),
  Dosis: () =>
    Promise.all([
      import('@fontsource/dosis/400.css'),
      import('@fontsource/dosis/500.css'),
      import('@fontsource/dosis/600.css'),
      import('@fontsource/dosis/700.css'),
    ]),
  'IBM Plex Sans': () =>
    Promise.all([
      import('@fontsource/ibm-plex-sans/400.css'),
      import('@fontsource/ibm-plex-sans/500.css'),
      import('@fontsource/ibm-plex-sans/600.css'),
      import('@fontsource/ibm-plex-sans/700.css'),
    ]),
  Inter: () =>
    Promise.all([
      import('@fontsource/inter/400.css'),
      import('@fontsource/inter/500.css'),
      import('@fontsource/inter/600.css'),
      import('@fontsource/inter/700.css'),
    ]),
  Montserrat: () =>
    Promise.all([
      import('@fontsource/montserrat/400.css'),
      import('@fontsource/montserrat/500.css'),
      import('@fontsource/montserrat/600.css'),
      import('@fontsource/montserrat/700.css'),
    ]),
  'Noto Sans': () =>
    Promise.all([
      import('@fontsource/noto-sans/400.css'),
      import('@fontsource/noto-sans/500.css'),
      import('@fontsource/noto-sans/600.css'),
      import('@fontsource/noto-sans/700.css'),
    ]),
  Nunito: () =>
    Promise.all([
      import('@fontsource/nunito/400.css'),
      import('@fontsource/nunito/500.css'),
      import('@fontsource/nunito/600.css'),
      import('@fontsource/nunito/700.css'),
    ]),
  'Open Sans': () =>
    Promise.all([
      import('@fontsource/open-sans/400.css'),
      import('@fontsource/open-sans/500.css'),
      import('@fontsource/open-sans/600.css'),
      import('@fontsource/open-sans/700.css'),
    ]),
  'Public Sans': () =>
    Promise.all([
      import('@fontsource/public-sans/400.css'),
      import('@fontsource/public-sans/500.css'),
      import('@fontsource/public-sans/600.css'),
      import('@fontsource/public-sans/700.css'),
    ]),
  Quicksand: () =>
    Promise.all([
      import('@fontsource/quicksand/400.css'),
      import('@fontsource/quicksand/500.css'),
      import('@fontsource/quicksand/600.css'),
      import('@fontsource/quicksand/700.css'),
    ]),
  'Reddit Sans Condensed': () =>
    Promise.all([
      import('@fontsource/reddit-sans-condensed/400.css'),
      import('@fontsource/reddit-sans-condensed/500.css'),
      import('@fontsource/reddit-sans-condensed/600.css'),
      import('@fontsource/reddit-sans-condensed/700.css'),
    ]),
  'Roboto Mono': () =>
    Promise.all([
      import('@fontsource/roboto-mono/400.css'),
      import('@fontsource/roboto-mono/500.css'),
      import('@fontsource/roboto-mono/600.css'),
      import('@fontsource/roboto-mono/700.css'),
    ]),
};
