import { vi } from 'vitest';

/**
 * jsdom has no matchMedia: this answers `(min-width: …)` queries as a screen `width` px wide would, and
 * `prefers-reduced-motion: reduce` as asked.
 */
export function stubScreen(width: number, { reducedMotion = false } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    let matches = true;
    if (min) matches &&= width >= Number(min[1]);
    if (max) matches &&= width <= Number(max[1]);
    if (/prefers-reduced-motion:\s*reduce/.test(query)) matches = reducedMotion;
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}
