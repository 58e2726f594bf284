import type { FontFamily } from '@tessera/domain';

/**
 * The tenant's font, fetched only when a tenant uses it (each is its own chunk). Roboto, the default,
 * ships with the app's first chunk.
 */

const loaded = new Set<FontFamily>();

export function loadFont(family: FontFamily): Promise<void> {
  if (loaded.has(family) || family === 'Roboto') return Promise.resolve();
  loaded.add(family);
  // The table of faces is itself a separate chunk, so pages of the default font never download it.
  return import('./font-loaders.ts')
    .then(({ loaders }) => loaders[family]())
    .then(
      () => undefined,
      () => {
        // The stack's fallback fonts keep the page readable; try again next time.
        loaded.delete(family);
      },
    );
}
