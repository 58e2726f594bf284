import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';
import { buildEvent } from '../../../lib/analytics.ts';
import { queueEvent } from '../../../lib/analytics-queue.ts';
import { useMarketplaceAnalyticsContext } from './use-marketplace-analytics.ts';

/** A card counts as seen once half of it is in view. */
const IMPRESSION_THRESHOLD = 0.5;

/**
 * The offers already recorded as seen on this page: one impression per offer per page load, however often the
 * card scrolls in and out or the visitor pages back to it. The list page provides a fresh set when it mounts.
 */
export const ImpressionsSeenContext = createContext<Set<string> | null>(null);

/**
 * Queues one `impression` event for the offer when its card (or the carousel's active slide: `enabled` is false for
 * the slides not on show) first shows at least half of itself, batched with the others.
 */
export function useOfferImpression(ref: RefObject<Element | null>, offerId: string, enabled = true) {
  const seen = useContext(ImpressionsSeenContext);
  const context = useMarketplaceAnalyticsContext();
  const contextRef = useRef(context);
  useEffect(() => {
    contextRef.current = context;
  }, [context]);

  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || !seen || seen.has(offerId) || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= IMPRESSION_THRESHOLD);
        if (!visible || seen.has(offerId)) return;
        seen.add(offerId);
        observer.disconnect();
        queueEvent(buildEvent('impression', contextRef.current, { offer: offerId }));
      },
      { threshold: IMPRESSION_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, offerId, seen, enabled]);
}
