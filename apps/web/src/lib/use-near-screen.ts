import { useEffect, useRef, useState } from 'react';

/** How far below (or above) the screen a deferred part's place starts loading it. */
export const NEAR_SCREEN = '300px';

/**
 * True once the element behind `ref` has come within NEAR_SCREEN of the viewport, and from then on (at once where
 * there is no IntersectionObserver). The observer reports after the layout it was registered in, so a place already on
 * the screen turns true after the page's first paint, not during the render that drew it.
 */
export function useNearScreen<E extends Element = HTMLDivElement>() {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
